// Copy with a short-lived indicator (spec §4 "Copy indicator", §9: 2 s): `copy(key, text)` copies and
// marks `key` as copied until the timer clears it; a failure shows the spec's 'Failed to copy' toast.
import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from '../lib/copy-text';
import { toast } from './use-toast';

export const COPY_INDICATOR_MS = 2000;

export function useCopyIndicator(options: { successToast?: boolean } = {}) {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { successToast = false } = options;

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (key: string, text: string) => {
      try {
        await copyText(text);
      } catch (error) {
        toast({
          title: 'Failed to copy',
          description: error instanceof Error && error.message ? error.message : 'Could not copy to clipboard',
          variant: 'destructive',
        });
        return;
      }
      if (successToast) toast({ title: 'Copied!' });
      setCopiedKey(key);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopiedKey(null), COPY_INDICATOR_MS);
    },
    [successToast],
  );

  return { copiedKey, copy };
}
