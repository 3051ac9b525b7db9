// A click id as every screen shows it (spec §9): 8 characters after an ellipsis, the whole id on hover, a
// click copies it. One short form, so a click in the Conversions log is found in the Click Log by what is shown.
import { Check, Copy } from 'lucide-react';
import { useCopyIndicator } from './use-copy-indicator';

/** Spec §9: a click id shows as 8 characters and an ellipsis. */
export const CLICK_ID_CHARS = 8;

/** A click id's last 8 characters after an ellipsis. Ids are UUIDv7: their first 8 are the time to
 *  about a minute, the same for a whole burst of clicks, while the tail is random and tells them apart. */
export function shortClickId(clickId: string): string {
  return clickId.length > CLICK_ID_CHARS ? `…${clickId.slice(-CLICK_ID_CHARS)}` : clickId;
}

export function ClickIdCell({ clickId }: { clickId: string }) {
  const { copiedKey, copy } = useCopyIndicator({ successToast: true });
  const Icon = copiedKey ? Check : Copy;
  return (
    <button
      type="button"
      title={clickId}
      aria-label={`Copy click ID ${clickId}`}
      onClick={() => void copy(clickId, clickId)}
      className="inline-flex max-w-full items-center gap-1 rounded-sm font-mono text-xs hover:text-primary focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <span className="truncate">{shortClickId(clickId)}</span>
      <Icon className="size-3 shrink-0 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}
