// 'Spend synced N min ago' beside the groupings, or a warning when the money may be stale, so a buyer
// knows how far to trust Cost, Profit and ROI before killing an ad.
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { freshnessNote, useSpendFreshness } from './spend-freshness';

export function SpendFreshnessNote({ className }: { className?: string }) {
  const freshness = useSpendFreshness();
  if (!freshness.data) return null;
  // The query refreshes every 30 s, which re-renders with a new age.
  const note = freshnessNote(freshness.data, Date.now());
  return (
    <p
      role="status"
      data-testid="spend-freshness"
      title={note.detail}
      className={cn('flex items-center gap-1.5 text-xs', note.warning ? 'text-amber-700 dark:text-amber-400' : 'text-muted-foreground', className)}
    >
      {note.warning ? <AlertTriangle className="size-3.5" aria-hidden="true" /> : <RefreshCw className="size-3.5" aria-hidden="true" />}
      {note.text}
    </p>
  );
}
