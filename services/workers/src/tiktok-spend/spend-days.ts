// Calendar arithmetic of the spend sync: "today" in an advertiser's time zone, the recent days the
// schedule re-pulls, which of them are pulled by the hour, a long backfill cut into TikTok's 30-day
// report windows (zone days and hours themselves: @tracker/core's zoned-time).
import { addDays, dayInZone } from '@tracker/core';
import { TIKTOK_RECENT_DAYS_BEFORE, TIKTOK_REPORT_WINDOW_DAYS } from '@tracker/schemas';


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

