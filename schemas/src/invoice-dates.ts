// Calendar rules of invoicing (spec §5 due date, §9 billing periods), written once for the web form's
// read-only field and the server: dates are 'YYYY-MM-DD' calendar days, computed in UTC so no time zone
// shifts a day. Hand-written over date-fns: six lines of UTC day arithmetic, and schemas stays dependency-light.

/** Pay terms of an advertiser invoice and the days each adds (spec §9). */
export const PAY_TERMS = ['Weekly Net 7', 'Net 15', 'Net 30', 'Net 60'] as const;
export type PayTerms = (typeof PAY_TERMS)[number];
export const DEFAULT_PAY_TERMS: PayTerms = 'Weekly Net 7';
const TERM_DAYS: Record<PayTerms, number> = { 'Weekly Net 7': 7, 'Net 15': 15, 'Net 30': 30, 'Net 60': 60 };

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEDNESDAY = 3;

/** Reads a calendar day; null when the text is not a real 'YYYY-MM-DD' date (2026-02-30 is not). */
export function parseIsoDate(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(isoDate: string, days: number): string {
  const ms = parseIsoDate(isoDate);
  if (ms === null) throw new RangeError(`Not a date: ${isoDate}`);
  return isoDay(ms + days * DAY_MS);
}

/**
 * The due date: from the end of the billing week (or the invoice date when the period names no range),
 * add the pay terms' days, then move forward to the next Wednesday; a Wednesday moves a full week.
 */
export function computeDueDate(input: { invoiceDate: string; periodEnd?: string | null; payTerms?: string | null }): string {
  const start = input.periodEnd ?? input.invoiceDate;
  const days = TERM_DAYS[(input.payTerms ?? DEFAULT_PAY_TERMS) as PayTerms] ?? TERM_DAYS[DEFAULT_PAY_TERMS];
  const ms = parseIsoDate(addDays(start, days))!;
  const weekday = new Date(ms).getUTCDay();
  const forward = (WEDNESDAY - weekday + 7) % 7 || 7;
  return isoDay(ms + forward * DAY_MS);
}

/** A billing week as stored in an invoice's period: '2026-11-16 to 2026-11-22' (Monday to Sunday). */
export function weekPeriodText(start: string, end: string): string {
  return `${start} to ${end}`;
}

/** The last day of a period written by `weekPeriodText`; null for any other period text. */
export function periodEndOf(period: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(period.trim());
  if (!match || parseIsoDate(match[1]!) === null || parseIsoDate(match[2]!) === null) return null;
  return match[2]!;
}

export interface BillingWeek {
  label: string;
  start: string;
  end: string;
  /** The period text an invoice stores. */
  period: string;
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A period as people read it: '2026-11-16 to 2026-11-22' -> 'Nov 16 – Nov 22, 2026'; other text unchanged. */
export function formatPeriod(period: string): string {
  const end = periodEndOf(period);
  if (!end) return period;
  const start = period.trim().slice(0, 10);
  return `${shortDay.format(parseIsoDate(start)!)} – ${longDay.format(parseIsoDate(end)!)}`;
}

/** A calendar day as people read it: '2026-11-25' -> 'Nov 25, 2026'. */
export function formatIsoDate(isoDate: string): string {
  const ms = parseIsoDate(isoDate);
  return ms === null ? isoDate : longDay.format(ms);
}

/** The billing period choices (spec §9): this week and the 7 before it, Monday to Sunday, newest first. */
export function billingWeeks(today: string, count = 8): BillingWeek[] {
  const ms = parseIsoDate(today);
  if (ms === null) throw new RangeError(`Not a date: ${today}`);
  const monday = ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: count }, (_, weeksAgo) => {
    const start = isoDay(monday - weeksAgo * 7 * DAY_MS);
    const end = isoDay(monday - weeksAgo * 7 * DAY_MS + 6 * DAY_MS);
    const name = weeksAgo === 0 ? 'This Week' : weeksAgo === 1 ? 'Last Week' : `${weeksAgo} Weeks Ago`;
    const period = weekPeriodText(start, end);
    return { label: `${name} (${formatPeriod(period)})`, start, end, period };
  });
}

/** The publisher period default: the current month and year ('November 2026'). */
export function monthPeriod(today: string): string {
  const ms = parseIsoDate(today);
  if (ms === null) throw new RangeError(`Not a date: ${today}`);
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(ms);
}
