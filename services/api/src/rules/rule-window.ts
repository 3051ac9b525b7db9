// The span a rule looks at, in the report time zone: today and the last N days run from the zone's midnight
// up to now (including what spend TikTok has reported for the hour under way); yesterday is the whole
// previous day; the last hour the 60 minutes before now. Spans are counted in quarter hours (the
// resolution spend and visits are placed at), so a start is rounded down to one.
import { addDays, dayInZone, zonedHourToUtc } from '@tracker/core';
import type { RuleWindow } from '@tracker/schemas';

export const QUARTER_MS = 15 * 60_000;

export interface WindowSpan {
  start: number;
  end: number;
  /** Ends now: rows that started before `end` count whole (TikTok reports the hour under way so far). */
  open: boolean;
}

/** UTC ms of the midnight that starts the report day holding `at`, `daysBack` days earlier. */
export function zoneMidnight(at: number, timezone: string, daysBack = 0): number {
  return zonedHourToUtc(addDays(dayInZone(at, timezone), -daysBack), 0, timezone);
}

const quarterFloor = (ms: number) => Math.floor(ms / QUARTER_MS) * QUARTER_MS;

/** The window as of `now`; `open` only for a live evaluation (a replay never looks past its hour). */
export function windowSpan(window: RuleWindow, now: number, timezone: string, live: boolean): WindowSpan {
  switch (window) {
    case 'last_hour':
      return { start: quarterFloor(now - 3_600_000), end: now, open: live };
    case 'today':
      return { start: zoneMidnight(now, timezone), end: now, open: live };
    case 'yesterday':
      return { start: zoneMidnight(now, timezone, 1), end: zoneMidnight(now, timezone), open: false };
    case 'last_3_days':
      return { start: zoneMidnight(now, timezone, 2), end: now, open: live };
    case 'last_7_days':
      return { start: zoneMidnight(now, timezone, 6), end: now, open: live };
  }
}
