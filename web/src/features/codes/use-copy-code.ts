// Copying a verification code (spec §2, §8): the row shows a check icon for 2 seconds and a toast says
// 'Code copied!'; a refusal shows 'Failed to copy' / 'Could not copy code to clipboard'.
import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from '../../lib/copy-text';
import { COPY_INDICATOR_MS } from '../../ui/use-copy-indicator';
import { toast } from '../../ui/use-toast';

export function useCopyCode() {
  const [copiedId, setCopiedId] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (id: number, code: string) => {
    try {
      await copyText(code);
    } catch {
      toast({ title: 'Failed to copy', description: 'Could not copy code to clipboard', variant: 'destructive' });
      return;
    }
    toast({ title: 'Code copied!', description: `Verification code ${code} copied to clipboard` });
    setCopiedId(id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopiedId(null), COPY_INDICATOR_MS);
  }, []);

  return { copiedId, copy };
}
