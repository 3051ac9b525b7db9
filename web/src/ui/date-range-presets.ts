// The date range picker's quick ranges (spec §2) and the day arithmetic the screens share, computed from
// a given "today" (a calendar day, as the browser's local midnight) so tests can fix the date.
import { TZDate } from '@date-fns/tz';
import { endOfMonth, format, isValid, parse, startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';

export interface DayRange {
  from: Date;
  to: Date;
}

export interface QuickRange {
  label: string;
  range: (today: Date) => DayRange;
}

/**
 * Today's calendar day in `timeZone` (the report time zone), as the local midnight the picker and the
 * presets count with: at 23:00 in New York on Mar 5 it is Mar 6 in UTC, and a UTC report's today is Mar 6.
 */
export function todayIn(timeZone: string, now: number = Date.now()): Date {
  const zoned = new TZDate(now, timeZone);
  return new Date(zoned.getFullYear(), zoned.getMonth(), zoned.getDate());
}

/** The last `days` days ending today, today included. */
export function lastDays(days: number, today: Date = new Date()): DayRange {
  const to = startOfDay(today);
  return { from: subDays(to, days - 1), to };
}

export const QUICK_RANGES: readonly QuickRange[] = [
  { label: 'Today', range: (today) => lastDays(1, today) },
  {
    label: 'Yesterday',
    range: (today) => {
      const day = subDays(startOfDay(today), 1);
      return { from: day, to: day };
    },
  },
  { label: 'Last 3 days', range: (today) => lastDays(3, today) },
  { label: 'Last 7 days', range: (today) => lastDays(7, today) },
  { label: 'Last 14 days', range: (today) => lastDays(14, today) },
  { label: 'Last 30 days', range: (today) => lastDays(30, today) },
  { label: 'This month', range: (today) => ({ from: startOfMonth(today), to: startOfDay(today) }) },
  {
    label: 'Last month',
    range: (today) => {
      const month = subMonths(startOfMonth(today), 1);
      return { from: month, to: startOfDay(endOfMonth(month)) };
    },
  },
  { label: 'Last 90 days', range: (today) => lastDays(90, today) },
  { label: 'Last 6 months', range: (today) => ({ from: subMonths(startOfDay(today), 6), to: startOfDay(today) }) },
];

/** The wire form of a day: 'yyyy-MM-dd'. */
export function toDayParam(day: Date): string {
  return format(day, 'yyyy-MM-dd');
}

/** A wire day 'yyyy-MM-dd' (as a link carries it) as the local midnight the picker counts with, or undefined. */
export function parseDayParam(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = parse(value, 'yyyy-MM-dd', new Date(0));
  // 2026-02-30 parses to Mar 2: only a day that writes back the same is real.
  return isValid(day) && toDayParam(day) === value ? day : undefined;
}

/** A range from a link's start and end days (end defaults to start), or null when either is bad or they are reversed. */
export function parseDayRangeParams(start: string | undefined, end: string | undefined): DayRange | null {
  const from = parseDayParam(start);
  const to = parseDayParam(end ?? start);
  return from && to && from <= to ? { from, to } : null;
}

/** The picker button's text: 'MMM dd, yyyy - MMM dd, yyyy'. */
export function formatDayRange(range: DayRange): string {
  return `${format(range.from, 'MMM dd, yyyy')} - ${format(range.to, 'MMM dd, yyyy')}`;
}

export function sameDayRange(a: DayRange, b: DayRange): boolean {
  return toDayParam(a.from) === toDayParam(b.from) && toDayParam(a.to) === toDayParam(b.to);
}

/** A range being picked: the start alone until the second day is chosen. */
export interface DraftRange {
  from?: Date;
  to?: Date;
}

/**
 * The range after clicking `day`: a click on an empty or complete range starts a new one at `day`;
 * the second click completes it, in whichever order the two days come.
 */
export function pickDay(draft: DraftRange, day: Date): DraftRange {
  const picked = startOfDay(day);
  if (!draft.from || draft.to) return { from: picked, to: undefined };
  return picked < draft.from ? { from: picked, to: draft.from } : { from: draft.from, to: picked };
}
