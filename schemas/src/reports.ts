// Reporting wire shapes (spec §2 Stats, Offers, Click Log; §3 "Report row (derived)"; §7 "Reporting
// data"): query strings and answers as zod schemas. Money is a decimal string, ratios numbers.
import { z } from 'zod';
import { reportMetricsSchema } from './report-metrics';
import { rawRetentionSchema } from './status';
import { isWellFormedText, singleLine } from './text-fields';
import { FILTER_VARIABLES, TRACKING_VARIABLE_IDS, type FilterVariable, type TrackingVariable } from './tracking-variables';
import { wireDecimal } from './wire-values';

// ---- groupings and columns ----

export const REPORT_GROUPINGS = ['campaign', 'spark', 'offer', 'lander', 'mediabuyer'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_GROUP_BY = [...REPORT_GROUPINGS, ...TRACKING_VARIABLE_IDS] as const;
export type ReportGroupBy = ReportGrouping | TrackingVariable;

/** The report table's columns (spec §3), in display order. Every grouping has every column: the spec
 *  limited the lander ones to campaigns, but a media buyer compares lander CTR by spark, offer or ad too. */
export const REPORT_COLUMNS = [
  { id: 'linkClicks', label: 'Link Clicks' },
  { id: 'exitClicks', label: 'Exit Clicks' },
  { id: 'landerCtr', label: 'Lander CTR' },
  { id: 'clicks', label: 'Visits' },
  { id: 'conversions', label: 'Conv' },
  { id: 'revenue', label: 'Revenue' },
  { id: 'spend', label: 'Cost' },
  { id: 'profit', label: 'Profit' },
  { id: 'roi', label: 'ROI' },
  { id: 'roas', label: 'ROAS' },
  { id: 'cr', label: 'vCR' },
  { id: 'epv', label: 'EPV' },
  { id: 'epc', label: 'EPC' },
  { id: 'cpv', label: 'CPV' },
  { id: 'cpa', label: 'CPA' },
  // Conversions the network has not approved, beside revenue and never in it.
  { id: 'pendingConversions', label: 'Pending' },
  { id: 'pendingPayout', label: 'Pending Payout' },
  { id: 'rejectedConversions', label: 'Rejected' },
  { id: 'rejectedPayout', label: 'Rejected Payout' },
] as const;
export type ReportColumnId = (typeof REPORT_COLUMNS)[number]['id'];
export const REPORT_COLUMN_IDS = REPORT_COLUMNS.map((c) => c.id) as [ReportColumnId, ...ReportColumnId[]];
/** Spec §3's default set, whose 'epc' was revenue / visits: that figure is 'epv' now (report-metrics.ts). */
export const DEFAULT_VISIBLE_COLUMNS: ReportColumnId[] = ['clicks', 'conversions', 'revenue', 'spend', 'profit', 'roi', 'epv'];

/**
 * Labels of the rows for clicks without that dimension (spec §9). Every click carries the campaign of
 * its /r/{campaignId} link, so the campaign grouping's '' row stays empty in practice; conversions
 * whose click we never saw are never in these rows: they are the 'No click' row (NO_CLICK_KEY).
 */
export const EMPTY_GROUP_LABELS: Record<ReportGroupBy, string> = {
  campaign: 'Unknown',
  spark: 'No Spark',
  offer: 'Unknown',
  lander: 'Unknown',
  mediabuyer: 'Unknown',
  ...(Object.fromEntries(TRACKING_VARIABLE_IDS.map((id) => [id, 'Unknown'])) as Record<TrackingVariable, string>),
  // A click without a rule took the flow's default path (as did every click recorded before clicks kept their rule).
  rule: 'Default',
};
/** The key of the row of clicks without the grouping's dimension ('No Spark', 'Unknown'). */
export const EMPTY_GROUP_KEY = '';
/**
 * The row of what no click of ours carries, in every grouping and at every drill-down level: approved
 * and unapproved conversions whose click id we never saw (after the parking window), and spend of a
 * TikTok campaign and day that had no visits (DESIGN.md §4). Keyed apart from '' so it is never mixed
 * with real clicks that lack a dimension; a report filtered on any click dimension leaves it out.
 * (It replaces the campaign grouping's former 'Direct' conversions and the 'Unattributed' spend row.)
 */
export const NO_CLICK_KEY = '__no_click__';
export const NO_CLICK_LABEL = 'No click';
/** The Stats screen's legend of the 'No click' row. */
export const NO_CLICK_LEGEND =
  'No click: conversions whose click id we never saw (after waiting for the click), and spend of a TikTok campaign and day that had no visit to carry it.';
/** The `spark` / `mediaBuyer` filter value for clicks without one. */
export const NONE_FILTER = 'none';
export const MAX_REPORT_DAYS = 366;

// ---- query strings ----

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** Whole days from `start` to `end` plus one: the number of days of an inclusive range. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const dateParam = (name: string) =>
  z
    .string({ error: `${name} is required, as yyyy-MM-dd` })
    .max(10, `${name} must be a date as yyyy-MM-dd`)
    .refine(isCalendarDate, `${name} must be a date as yyyy-MM-dd`);

const text = (name: string) => z.preprocess(blankToUndefined, singleLine(name).max(500, `${name} must be at most 500 characters`).optional());

/** startDate and endDate, inclusive, in the report time zone; at most MAX_REPORT_DAYS days. */
export const dateRange = z.object({ startDate: dateParam('startDate'), endDate: dateParam('endDate') });
export function checkRange(range: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  const days = daysInRange(range.startDate, range.endDate);
  if (days < 1) ctx.addIssue({ code: 'custom', message: 'endDate must not be before startDate' });
  else if (days > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', message: `The date range can be at most ${MAX_REPORT_DAYS} days` });
  }
}

// ---- drill-down ----

/** Grouping levels a report can drill through: groupBy, then `then`, then `then2`. */
export const MAX_DRILL_LEVELS = 3;

/**
 * Which groupings a level may sit under: any other one. The flat and variable rollups answer most
 * pairs; a tracking variable under another one (or beside a lander) reads the raw facts
 * (services/api/src/reports/report-plan.ts).
 */
export function canDrillInto(parent: ReportGroupBy, child: ReportGroupBy): boolean {
  return parent !== child;
}

/** The drill path of a report query: its levels in order, and the keys of the rows opened. */
export function drillPath(q: { groupBy: ReportGroupBy; then?: ReportGroupBy; then2?: ReportGroupBy; parent?: string; parent2?: string }) {
  const levels = [q.groupBy, q.then, q.then2].filter((l): l is ReportGroupBy => l !== undefined);
  const parents = [q.parent, q.parent2].filter((p): p is string => p !== undefined);
  return { levels, parents };
}

const drillLevel = (name: string) =>
  z.preprocess(blankToUndefined, z.enum(REPORT_GROUP_BY, { error: `${name} must be one of: ${REPORT_GROUP_BY.join(', ')}` }).optional());

// A key may be '' (the 'Unknown' or 'No Spark' row), so only an absent parameter means "no parent". It is
// a stored value matched as a bound parameter, so a tab or line break an ad macro carried (an ad named
// 'Hook\tv2') is part of it: only malformed Unicode and NUL (which no stored value has: the redirect strips
// it, and PostgreSQL's label lookup could not even compare it) are refused.
const drillKey = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(500, `${name} must be at most 500 characters`)
    .refine(isWellFormedText, `${name} must be well-formed Unicode text`)
    .refine((value) => !value.includes('\u0000'), `${name} must not contain NUL`)
    .optional();

function checkDrill(q: { groupBy: ReportGroupBy; then?: ReportGroupBy; then2?: ReportGroupBy; parent?: string; parent2?: string }, ctx: z.RefinementCtx) {
  if (q.then2 !== undefined && q.then === undefined) ctx.addIssue({ code: 'custom', message: 'then2 needs then' });
  if (q.parent2 !== undefined && q.parent === undefined) ctx.addIssue({ code: 'custom', message: 'parent2 needs parent' });
  const { levels, parents } = drillPath(q);
  if (parents.length >= levels.length) ctx.addIssue({ code: 'custom', message: 'Each parent needs a grouping level below it (then, then2)' });
  for (let i = 1; i < levels.length; i++) {
    for (let j = 0; j < i; j++) {
      if (!canDrillInto(levels[j]!, levels[i]!)) {
        ctx.addIssue({ code: 'custom', message: `A report grouped by ${levels[j]} cannot be drilled down by ${levels[i]}` });
        return;
      }
    }
  }
}

/** GET /api/reports. */
export const reportQuerySchema = dateRange
  .extend({
    groupBy: z.preprocess(
      blankToUndefined,
      z.enum(REPORT_GROUP_BY, { error: `groupBy must be one of: ${REPORT_GROUP_BY.join(', ')}` }).default('campaign'),
    ),
    /** An offer id. */
    offer: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: 'offer must be an offer id' }).int('offer must be an offer id').positive('offer must be an offer id').optional(),
    ),
    /** A spark's public id, or 'none' for clicks without a spark. */
    spark: text('spark'),
    /** A media buyer's username, or 'none' for clicks whose spark has no media buyer. */
    mediaBuyer: text('mediaBuyer'),
    campaignId: text('campaignId'),
    /** Audience filters: a country code, device type, OS or browser as stored, or 'none'. */
    country: text('country'),
    device: text('device'),
    os: text('os'),
    browser: text('browser'),
    /** The name of the flow rule that routed the clicks, or 'none' for the default path's. */
    rule: text('rule'),
    /** Drill-down: the second and third grouping levels under groupBy. */
    then: drillLevel('then'),
    then2: drillLevel('then2'),
    /** The keys of the rows being expanded: parent (a groupBy key), parent2 (a `then` key). */
    parent: drillKey('parent'),
    parent2: drillKey('parent2'),
    /** 'false': rows and totals only, no day or hour series (a filter's options need no chart: a one-day report
     *  then skips its two hourly queries). */
    series: z.preprocess(
      blankToUndefined,
      z
        .enum(['true', 'false'], { error: 'series must be true or false' })
        .transform((value) => value === 'true')
        .optional(),
    ),
  })
  .superRefine(checkRange)
  .superRefine(checkDrill);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

// ---- the Click Log (GET /api/clicks, GET /api/clicks/export.csv) ----

/** Where a click sits in the Click Log's order (newest first: clicked_at, then click id). */
export interface ClickLogKey {
  /** ISO 8601 in UTC, to the millisecond, as ClickLogRow.clickedAt. */
  clickedAt: string;
  clickId: string;
}

/** A click's position as the Click Log's cursors carry it: `<clickedAt>_<clickId>`. Pages are addressed
 *  by positions rather than offsets, so clicks arriving between two requests never shift a page. */
export function clickLogCursor(key: ClickLogKey): string {
  return `${key.clickedAt}_${key.clickId}`;
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(.{1,200})$/s;

/** The position in a cursor, or null when the text is not one. */
export function parseClickLogCursor(text: string): ClickLogKey | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const clickedAt = match[1]!;
  const time = new Date(clickedAt);
  // Date reads 30 February as 2 March: only a time that writes back to the same text is one.
  if (Number.isNaN(time.getTime()) || time.toISOString() !== clickedAt) return null;
  return { clickedAt, clickId: match[2]! };
}

const cursorParam = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${name} must be a click position (time_clickId)` })
      .transform((textValue, ctx) => {
        const key = parseClickLogCursor(textValue);
        if (key) return key;
        ctx.addIssue({ code: 'custom', message: `${name} must be a click position (time_clickId)` });
        return z.NEVER;
      })
      .optional(),
  );

/** The fewest hex digits of a click id the Click Log searches by: the 8 its table shows. */
export const CLICK_ID_SEARCH_MIN = 8;
const CLICK_ID_SEARCH_ERROR = `search must be a click id or at least ${CLICK_ID_SEARCH_MIN} of its characters (0-9, a-f)`;

/** A click id search as typed or pasted (dashes, case and the table's leading '…' ignored): the hex
 *  digits to find anywhere in an id, or null when the text cannot be part of one. */
export function normalizeClickIdSearch(value: string): string | null {
  const digits = value.trim().replace(/^(…|\.\.\.)/, '').replaceAll('-', '').toLowerCase();
  return /^[0-9a-f]+$/.test(digits) && digits.length >= CLICK_ID_SEARCH_MIN && digits.length <= 32 ? digits : null;
}

const clickIdSearch = z.preprocess(
  blankToUndefined,
  singleLine('search', { error: CLICK_ID_SEARCH_ERROR })
    .max(100, CLICK_ID_SEARCH_ERROR)
    .transform((value, ctx) => {
      const digits = normalizeClickIdSearch(value);
      if (digits) return digits;
      ctx.addIssue({ code: 'custom', message: CLICK_ID_SEARCH_ERROR });
      return z.NEVER;
    })
    .optional(),
);

/** Rows per page of the Click Log (spec §9), 100 by default. */
export const CLICK_LOG_PAGE_SIZES = [50, 100, 250, 500, 1000] as const;
export const DEFAULT_CLICK_LOG_PAGE_SIZE = 100;
/** Rows a page request may pass over beyond its cursor: a jump across the pager's window of 5 pages. */
export const MAX_CLICK_LOG_SKIP = 4 * 1000;

/**
 * GET /api/clicks. The page is placed by one of:
 * - nothing: the newest clicks up to `asOf` (page 1);
 * - `after`: the clicks just older than that position (Next; `skip` rows on for a jump of several pages);
 * - `before`: the clicks just newer than that position, up to `asOf` (Previous);
 * - `last=true`: the oldest clicks, as many as the last page of `total` holds.
 * `asOf` pins the snapshot (the newest click counted); without it the server takes the newest click
 * now and answers it, so the web sends it back while paging and the total and page numbers hold still.
 * `search` keeps only clicks whose id holds those hex digits (a full id, its shown tail, any 8+ of it).
 */
export const clickLogQuerySchema = dateRange
  .extend({
    campaignId: text('campaignId'),
    search: clickIdSearch,
    limit: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: 'limit must be a number from 1 to 1000' }).int('limit must be a number from 1 to 1000').min(1, 'limit must be a number from 1 to 1000').max(1000, 'limit must be a number from 1 to 1000').default(DEFAULT_CLICK_LOG_PAGE_SIZE),
    ),
    asOf: cursorParam('asOf'),
    after: cursorParam('after'),
    before: cursorParam('before'),
    last: z.preprocess(
      blankToUndefined,
      z.enum(['true', 'false'], { error: 'last must be true or false' }).transform((v) => v === 'true').default(false),
    ),
    /** false: the page without the cards (`summary` null), which the Click Log asks GET /api/clicks/summary for once a range. */
    summary: z.preprocess(
      blankToUndefined,
      z.enum(['true', 'false'], { error: 'summary must be true or false' }).transform((v) => v === 'true').default(true),
    ),
    skip: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: `skip must be a number from 0 to ${MAX_CLICK_LOG_SKIP}` })
        .int(`skip must be a number from 0 to ${MAX_CLICK_LOG_SKIP}`)
        .min(0, `skip must be a number from 0 to ${MAX_CLICK_LOG_SKIP}`)
        .max(MAX_CLICK_LOG_SKIP, `skip must be a number from 0 to ${MAX_CLICK_LOG_SKIP}`)
        .default(0),
    ),
  })
  .superRefine(checkRange)
  .refine((q) => [q.after, q.before, q.last || undefined].filter((p) => p !== undefined).length <= 1, 'Send at most one of after, before and last');
export type ClickLogQuery = z.infer<typeof clickLogQuerySchema>;

/** GET /api/clicks/summary: the Click Log's cards for the range (and campaign); a search narrows the rows, never the cards. */
export const clickLogSummaryQuerySchema = dateRange.extend({ campaignId: text('campaignId') }).superRefine(checkRange);
export type ClickLogSummaryQuery = z.infer<typeof clickLogSummaryQuerySchema>;

/** GET /api/clicks/export.csv: every click of the range (and campaign) as click-log-{date}.csv. */
export const clickLogExportQuerySchema = dateRange.extend({ campaignId: text('campaignId'), search: clickIdSearch }).superRefine(checkRange);
export type ClickLogExportQuery = z.infer<typeof clickLogExportQuerySchema>;

/** The Click Log CSV's columns (spec §9 "CSV exports"), in order. */
export const CLICK_LOG_CSV_COLUMNS = [
  'Click ID',
  'Campaign',
  'Clicked At',
  'Exited',
  'Exit Time',
  'Converted',
  'TikTok Campaign ID',
  'TikTok Ad Group ID',
  'TikTok Creative ID',
  'Placement',
  'Campaign Name',
  'Ad Group Name',
  'Creative Name',
  'IP Address',
  'User Agent',
  // Beyond the spec's list, last so its columns keep their places: approved payout, to reconcile.
  'Payout',
] as const;

/** The date range of /api/clicks/by-campaign, /api/cake/stats, /api/cake/offers, /api/tiktok/spend. */
export const dateRangeQuerySchema = dateRange.superRefine(checkRange);
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

// ---- answers ----
// Response schemas: each route answers through its schema, so the web's types are what the JSON
// carries (times as ISO strings, money as decimal strings), and a field not named here never leaves.

/** One row of GET /api/reports: spec §3 "Report row (derived)" plus botClicks; the derived figures
 *  (profit, roi, roas, cr, epv, epc, cpv, cpa) are computeMetrics' (report-metrics.ts). */
const reportRowSchema = reportMetricsSchema.extend({
  /** The grouping value: campaign id, public spark id, offer or lander id, media buyer username, or the
   *  tracking variable's value. EMPTY_GROUP_KEY ('') for clicks without it, NO_CLICK_KEY
   *  for conversions and spend no click of ours carries, '__total__' on the totals. */
  key: z.string(),
  label: z.string(),
  /** Visits: every click, bots included. */
  clicks: z.number(),
  /** Of those clicks, the ones flagged as automated (link previews, known bots). */
  botClicks: z.number(),
  /** Approved conversions, dated by their click's time (those without a click by their first postback's). */
  conversions: z.number(),
  revenue: z.string(),
  spend: z.string(),
  /** Clicks on the ad's link that reached the tracker: the same count as clicks (visits), under the name
   *  the ad platform's reports use, beside exitClicks. */
  linkClicks: z.number(),
  /** Clicks that exited the lander to the offer at least once (each click counted once). */
  exitClicks: z.number(),
  /** exitClicks / clicks, a fraction (spec §9; cr and roi are percentages). */
  landerCtr: z.number(),
  /** Transactions whose latest status is pending (or rejected), dated like `conversions`; their payout
   *  is not in revenue. */
  pendingConversions: z.number(),
  pendingPayout: z.string(),
  rejectedConversions: z.number(),
  rejectedPayout: z.string(),
});
export type ReportRow = z.output<typeof reportRowSchema>;

const reportSeriesPointSchema = z.object({
  /** 'yyyy-MM-dd' per day, or 'yyyy-MM-dd HH:00' per hour (a one-day range), in the report time zone. */
  bucket: z.string(),
  visits: z.number(),
  conversions: z.number(),
  revenue: z.string(),
  spend: z.string(),
  profit: z.string(),
});
export type ReportSeriesPoint = z.output<typeof reportSeriesPointSchema>;

/** GET /api/reports, a drill-down's children included (their rows are the next level's). */
export const reportResponseSchema = z.object({
  /** Any grouping, the tracking-variable catalogue's included (REPORT_GROUP_BY follows it). */
  groupBy: z.enum(REPORT_GROUP_BY),
  startDate: z.string(),
  endDate: z.string(),
  /** The report time zone the dates are bucketed in (setting report_timezone). */
  timezone: z.string(),
  granularity: z.enum(['day', 'hour']),
  rows: z.array(reportRowSchema),
  totals: reportRowSchema,
  series: z.array(reportSeriesPointSchema),
  /** Report days whose spend cannot be placed exactly: they hold a daily figure of a TikTok ad account whose
   *  days start at another hour than the report's (only hourly rows, kept for today and yesterday, can be
   *  placed in another time zone's days), so that day's spend is the account's calendar day taken as it. */
  inexactSpendDays: z.array(z.string()),
});
export type ReportResponse = z.output<typeof reportResponseSchema>;

/** GET /api/reports/series: a report's series alone (the dashboard asks for a one-day report's hourly series apart). */
export const reportSeriesResponseSchema = reportResponseSchema.pick({ startDate: true, endDate: true, timezone: true, granularity: true, series: true });
export type ReportSeriesResponse = z.output<typeof reportSeriesResponseSchema>;

/** A report's totals as the dashboard's summary cards show them: everything but exit clicks and unapproved conversions. */
export const reportTotalsSchema = reportRowSchema.pick({
  clicks: true,
  botClicks: true,
  conversions: true,
  revenue: true,
  spend: true,
  profit: true,
  roi: true,
  roas: true,
  cr: true,
  epv: true,
  cpv: true,
  cpa: true,
});
export type ReportTotals = z.output<typeof reportTotalsSchema>;

/** GET /api/reports/totals: a report's totals alone (the dashboard's cards, before its rows). `totals` is null for a
 *  filtered report (a media buyer's own sparks included): its totals add up the rows' split spend, GET /api/reports. */
export const reportTotalsResponseSchema = reportResponseSchema
  .pick({ groupBy: true, startDate: true, endDate: true, timezone: true })
  .extend({ totals: reportTotalsSchema.nullable() });
export type ReportTotalsResponse = z.output<typeof reportTotalsResponseSchema>;

const audienceValueSchema = z.object({
  /** The filter's value: as stored, or 'none' for clicks without one. */
  value: z.string(),
  label: z.string(),
});
export type AudienceValue = z.output<typeof audienceValueSchema>;

/** GET /api/reports/audience: the values of each filter variable (the audience and the flow rule) seen in a
 *  date range, to filter by; one key per filter variable of the catalogue. */
export const audienceValuesResponseSchema = z.object(
  Object.fromEntries(FILTER_VARIABLES.map((variable) => [variable, z.array(audienceValueSchema)])) as Record<
    FilterVariable,
    z.ZodArray<typeof audienceValueSchema>
  >,
);
export type AudienceValuesResponse = z.output<typeof audienceValuesResponseSchema>;

/** One row of the Click Log (GET /api/clicks). Times are ISO 8601 in UTC. */
const clickLogRowSchema = z.object({
  clickId: z.string(),
  campaignId: z.string(),
  /** The campaign's name, or its id when it no longer exists. */
  campaignName: z.string(),
  clickedAt: z.string(),
  /** The first exit to the offer, or null ('No Exit'). */
  exitedAt: z.string().nullable(),
  /** Approved conversions of this click (0 shows as a dash). */
  conversions: z.number(),
  /** The payout of those conversions, summed (a money string; '0.00' without one). */
  revenue: z.string(),
  /** Conversions the network has not decided yet, and their payout: money the click may still earn. */
  pendingConversions: z.number(),
  pendingPayout: z.string(),
  /** Conversions the network rejected. */
  rejectedConversions: z.number(),
  tiktokCampaignId: z.string(),
  /** The TikTok campaign name macro (cname). */
  tiktokCampaignName: z.string(),
  tiktokAdGroupId: z.string(),
  adGroupName: z.string(),
  tiktokCreativeId: z.string(),
  creativeName: z.string(),
  placement: z.string(),
  sparkId: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
  /** ISO 3166-1 alpha-2 country of the IP, and the device type, OS and browser of the user agent; '' unknown. */
  country: z.string(),
  device: z.string(),
  os: z.string(),
  browser: z.string(),
  /** The name of the flow rule that routed the click, '' for the default path. */
  rule: z.string(),
  /** Why the click looks automated, '' for a person. */
  bot: z.string(),
});
export type ClickLogRow = z.output<typeof clickLogRowSchema>;

/** The Click Log's cards (GET /api/clicks/summary, and GET /api/clicks unless summary=false). */
export const clickLogSummarySchema = z.object({
  totalClicks: z.number(),
  /** Clicks that exited to the offer at least once. */
  exitClicks: z.number(),
  /** Clicks with at least one approved conversion. */
  convertedClicks: z.number(),
  /** convertedClicks / totalClicks, a fraction. */
  conversionRate: z.number(),
  /** exitClicks / totalClicks, a fraction. */
  landerCtr: z.number(),
});
export type ClickLogSummary = z.output<typeof clickLogSummarySchema>;

/** GET /api/clicks. */
export const clickLogResponseSchema = z.object({
  /** Newest first. */
  rows: z.array(clickLogRowSchema),
  /** Clicks matching the filters up to the snapshot `asOf`: what the pages are numbered by. */
  total: z.number(),
  /** The snapshot: the newest click counted, as a cursor (null when there is none). Sent back as the
   *  `asOf` of later pages, it keeps `total` and every page still while clicks arrive. */
  asOf: z.string().nullable(),
  /** Clicks matching the filters newer than the `asOf` sent (0 without one): the 'new clicks' prompt. */
  newer: z.number(),
  /** The cards, for the whole range as it is now (not held to the snapshot); null when asked with summary=false. */
  summary: clickLogSummarySchema.nullable(),
  /** The report time zone (setting report_timezone) that times are shown in. */
  timezone: z.string(),
  /** How long raw clicks are kept: a range before `keptFrom` shows fewer clicks than its reports. Null: forever. */
  rawRetention: rawRetentionSchema.nullable(),
});
export type ClickLogResponse = z.output<typeof clickLogResponseSchema>;

/** spec §3 "Campaign click summary" (GET /api/clicks/by-campaign); ctr = exitClicks / totalClicks, a fraction. */
const campaignClickSummarySchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  totalClicks: z.number(),
  exitClicks: z.number(),
  ctr: z.number(),
});
export type CampaignClickSummary = z.output<typeof campaignClickSummarySchema>;
export const campaignClickSummariesSchema = z.array(campaignClickSummarySchema);

/** GET /api/cake/stats: rows of the affiliate network's stats (cake_stats). */
const cakeStatsRowSchema = z.object({
  date: z.string(),
  offerId: z.string(),
  offerName: z.string(),
  subid1: z.string(),
  subid2: z.string(),
  subid3: z.string(),
  clicks: z.number(),
  conversions: z.number(),
  revenue: wireDecimal,
});
export type CakeStatsRow = z.output<typeof cakeStatsRowSchema>;
export const cakeStatsRowsSchema = z.array(cakeStatsRowSchema);

/** GET /api/cake/offers: spec §3 "Offer performance row" plus visits and epv. `source` says where the
 *  figures come from: 'tracker' = our visits, exits and postback conversions by our offer id; 'cake' =
 *  the network's stats. Clicks mean clicks on the offer for both, as on the Stats screen. */
const offerPerformanceRowSchema = z.object({
  source: z.enum(['tracker', 'cake']),
  offerId: z.string(),
  offerName: z.string(),
  /** Visits to the campaigns' landers; null for the network, which sees only the offer's clicks. */
  visits: z.number().nullable(),
  /** Clicks on the offer: lander exits (each click once) for the tracker, the network's clicks for CAKE. */
  clicks: z.number(),
  conversions: z.number(),
  revenue: z.string(),
  /** TikTok spend allocated to the offer's visits, as the Stats screen's offer grouping; null for the network. */
  cost: z.string().nullable(),
  /** Conversions the network has not decided yet, and their payout (0 for the network's rows). */
  pendingConversions: z.number(),
  pendingPayout: z.string(),
  /** revenue / visits; null for the network. */
  epv: z.number().nullable(),
  /** revenue / clicks. */
  epc: z.number(),
});
export type OfferPerformanceRow = z.output<typeof offerPerformanceRowSchema>;
export const offerPerformanceRowsSchema = z.array(offerPerformanceRowSchema);

/** GET /api/tiktok/spend. */
const spendRowSchema = z.object({
  date: z.string(),
  tiktokCampaignId: z.string(),
  campaignName: z.string(),
  spend: wireDecimal,
  impressions: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  // The conversion into the workspace currency (docs/currencies.md), for a tooltip on the amount: what TikTok
  // reported and the rate used. Null original: recorded before conversion; null rate: none was needed.
  originalSpend: wireDecimal.nullable(),
  originalCurrency: z.string().nullable(),
  /** The currency `spend` is in (the workspace currency when it was converted). */
  spendCurrency: z.string().nullable(),
  /** Units of spendCurrency per unit of originalCurrency, canonical text ('1.0823'). */
  fxRate: z.string().nullable(),
  /** The publication day the rate came from (Friday's for a Saturday). */
  fxRateDay: z.string().nullable(),
  /** 'manual' when an admin's rate (of either currency against EUR) was used. */
  fxRateSource: z.enum(['ecb', 'manual']).nullable(),
  /** Waiting for its day's rate: `spend` is 0 until then. */
  fxPending: z.boolean(),
});
export type SpendRow = z.output<typeof spendRowSchema>;
export const spendRowsSchema = z.array(spendRowSchema);

// ---- dashboard preferences (spec §3 user_dashboard_preferences, §7) ----

/** Width keys: the report columns plus the Name column. */
export const COLUMN_WIDTH_KEYS = ['name', ...REPORT_COLUMN_IDS] as const;
export type ColumnWidthKey = (typeof COLUMN_WIDTH_KEYS)[number];

/** GET /api/user/preferences and the POST's answer: the saved columns, or the defaults when none are
 *  saved (never null); a width only for the columns the user dragged. */
export const userPreferencesSchema = z.object({
  visibleColumns: z.array(z.enum(REPORT_COLUMN_IDS)),
  columnWidths: z.partialRecord(z.enum(COLUMN_WIDTH_KEYS), z.number()),
});
export type UserPreferences = z.output<typeof userPreferencesSchema>;

const columnId = singleLine('Column id').max(100, 'Unknown column').refine((id) => (REPORT_COLUMN_IDS as readonly string[]).includes(id), {
  error: (issue) => `Unknown column: ${String(issue.input)}`,
});

/** POST /api/user/preferences: either part may be sent alone; the other is kept. */
export const userPreferencesBodySchema = z
  .strictObject({
    visibleColumns: z
      .array(columnId, { error: 'visibleColumns must be a list of column ids' })
      .max(REPORT_COLUMN_IDS.length * 2)
      .transform((ids) => [...new Set(ids)] as ReportColumnId[])
      .optional(),
    columnWidths: z
      .record(z.string(), z.number({ error: 'Column widths must be numbers of pixels' }).int('Column widths must be whole pixels').min(20, 'Column widths must be 20 to 2000 pixels').max(2000, 'Column widths must be 20 to 2000 pixels'), {
        error: 'columnWidths must be a map of column id to width',
      })
      .superRefine((widths, ctx) => {
        for (const key of Object.keys(widths)) {
          if (!(COLUMN_WIDTH_KEYS as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', message: `Unknown column: ${key}` });
        }
      })
      .transform((w) => w as Partial<Record<ColumnWidthKey, number>>)
      .optional(),
  })
  .refine((b) => b.visibleColumns !== undefined || b.columnWidths !== undefined, 'Send visibleColumns, columnWidths or both');
export type UserPreferencesBody = z.input<typeof userPreferencesBodySchema>;
