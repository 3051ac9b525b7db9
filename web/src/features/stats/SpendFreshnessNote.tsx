// 'Spend synced N min ago' beside the groupings, or a warning when the money may be stale, so a buyer
// knows how far to trust Cost, Profit and ROI before killing an ad; below it, spend and payouts in another
// currency that wait for their day's reference rate, which reports leave out until then.
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { freshnessNote, useSpendFreshness, waitingNotes } from './spend-freshness';

export function SpendFreshnessNote({ className, enabled }: { className?: string; enabled?: boolean }) {
  const freshness = useSpendFreshness({ enabled });
  if (!freshness.data) return null;
  // The query refreshes every 30 s, which re-renders with a new age.
  const note = freshnessNote(freshness.data, Date.now());
  const waiting = waitingNotes(freshness.data);
  const status = (
    <p
      role="status"
      data-testid="spend-freshness"
      title={note.detail}
      className={cn('flex items-center gap-1.5 text-xs', note.warning ? 'text-amber-700 dark:text-amber-400' : 'text-muted-foreground', waiting.length > 0 ? undefined : className)}
    >
      {note.warning ? <AlertTriangle className="size-3.5" aria-hidden="true" /> : <RefreshCw className="size-3.5" aria-hidden="true" />}
      {note.text}
    </p>
  );
  if (waiting.length === 0) return status;
  return (
    <div className={cn('flex flex-col items-end gap-0.5', className)}>
      {status}
      {waiting.map((text) => (
        <p key={text} role="alert" data-testid="spend-waiting-for-rates" className="flex items-center gap-1.5 text-xs text-amber-700 dark:text-amber-400">
          <AlertTriangle className="size-3.5" aria-hidden="true" />
          {text}
        </p>
      ))}
    </div>
  );
}
