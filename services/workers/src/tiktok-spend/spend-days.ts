// Calendar arithmetic of the spend sync: "today" in an advertiser's time zone, the recent days the
// schedule re-pulls, which of them are pulled by the hour, a long backfill cut into TikTok's 30-day
// report windows, and an advertiser-local hour as a UTC instant.
import { TIKTOK_RECENT_DAYS_BEFORE, TIKTOK_REPORT_WINDOW_DAYS } from '@tracker/schemas';

const DAY = 86_400_000;

/** yyyy-MM-dd of the instant in the zone ('en-CA' formats dates that way). */
export function dayInZone(epochMs: number, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(epochMs);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Today and the days before it, in the advertiser's zone: the figures TikTok may still change. */
export function recentRange(epochMs: number, timezone: string): { startDate: string; endDate: string } {
  const endDate = dayInZone(epochMs, timezone);
  return { startDate: addDays(endDate, -TIKTOK_RECENT_DAYS_BEFORE), endDate };
}

/** Every day of an inclusive range, in order. */
export function daysOf(range: { startDate: string; endDate: string }): string[] {
  const days: string[] = [];
  for (let d = range.startDate; d <= range.endDate; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The range cut into consecutive windows of at most 30 days. */
export function reportWindows(range: { startDate: string; endDate: string }): Array<{ startDate: string; endDate: string }> {
  const windows: Array<{ startDate: string; endDate: string }> = [];
  for (let start = range.startDate; start <= range.endDate; start = addDays(start, TIKTOK_REPORT_WINDOW_DAYS)) {
    const end = addDays(start, TIKTOK_REPORT_WINDOW_DAYS - 1);
    windows.push({ startDate: start, endDate: end < range.endDate ? end : range.endDate });
  }
  return windows;
}

/** The days pulled by the hour: today and yesterday in the advertiser's zone (older days by the day). */
export function hourlyDays(epochMs: number, timezone: string): Set<string> {
  const today = dayInZone(epochMs, timezone);
  return new Set([today, addDays(today, -1)]);
}

/** The zone's offset from UTC at the instant, in ms (Intl; no time-zone library in the services). */
function zoneOffsetMs(epochMs: number, timezone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(epochMs)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The UTC instant of `date` at `hour`:00 in the zone (a local time skipped by DST: the instant after the gap). */
export function zonedHourToUtc(date: string, hour: number, timezone: string): number {
  const local = Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000;
  // Two rounds settle the offset either side of a DST change.
  let guess = local - zoneOffsetMs(local, timezone);
  guess = local - zoneOffsetMs(guess, timezone);
  return guess;
}
