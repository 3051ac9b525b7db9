// Which row a confirmation dialog asks about (every delete asks first). The row is kept while
// the dialog animates closed, so its text does not blank out mid-fade.
import { useState } from 'react';

export function useConfirmTarget<T>() {
  const [state, setState] = useState<{ open: boolean; target: T | null }>({ open: false, target: null });
  return {
    open: state.open,
    target: state.target,
    ask: (target: T) => setState({ open: true, target }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}
