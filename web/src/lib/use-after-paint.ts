// Work that should wait until a change is on screen: true from the first frame drawn after `ready` became true, and
// true from then on. A tab out of sight draws no frames: there the work waits until the tab is shown.
import { useEffect, useState } from 'react';

export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    // An animation frame runs just before the browser draws; a task it posts runs once that frame is drawn.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
