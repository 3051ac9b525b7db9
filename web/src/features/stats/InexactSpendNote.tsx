// A short notice near the spend figures when some report days' spend cannot be placed exactly: TikTok
// keeps hourly figures for today and yesterday only, so older days of an ad account in another time zone
// count that account's calendar day as the report's (reportResponseSchema.inexactSpendDays).
import { Info } from 'lucide-react';

/** The notice's text for the days the report names; null when every day is exact. */
export function inexactSpendText(days: readonly string[]): string | null {
  if (days.length === 0) return null;
  const which = days.length === 1 ? days[0]! : days.length === 2 ? `${days[0]} and ${days[1]}` : `${days.length} days (${days[0]} to ${days[days.length - 1]})`;
  return `Spend on ${which} is approximate: it is the ad account's own calendar day, whose time zone differs from the report's (TikTok gives hourly spend for today and yesterday only).`;
}

export function InexactSpendNote({ days }: { days: readonly string[] | undefined }) {
  const text = inexactSpendText(days ?? []);
  if (text === null) return null;
  return (
    <p role="note" data-testid="inexact-spend" className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <Info className="size-3.5 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
