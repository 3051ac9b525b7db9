// GET /api/reports: rows per grouping key, their totals, and a day (or hour) series for the charts.
// ClickHouse aggregates the rollups and splits the spend of each day and TikTok campaign over its
// visits (spend-allocation.ts): visits and spend per key and per day (plus per hour for a one-day
// report), conversions, and exit clicks per key. Three or four queries, whatever the range.
import type { Analytics, Db, QueryParams } from '@tracker/core';
import {
  computeMetrics,
  moneyFromCents,
  NO_CLICK_KEY,
  splitCents,
  type ReportQuery,
  type ReportResponse,
  type ReportSeriesPoint,
  type ReportSeriesResponse,
  type ReportTotalsResponse,
} from '@tracker/schemas';
import { labelGroups } from './group-labels';
import { loadReportScope } from './load-report-scope';
import { planReport } from './report-plan';
import { queryConversions, queryExitClicks, queryUnapprovedConversions } from './report-query';
import { collectMeasures, emptyMeasures, reportRows } from './report-rows';
import { hasFilters } from './report-scope';
import { flatReportSql, reportTotalsSql, type FlatReportSql } from './report-sql';
import { queryInexactSpendDays, readVisitsAndSpend, type VisitsAndSpend } from './spend-allocation';
import type { ViewerScope } from './viewer-scope';

export interface ReportDeps {
  db: Db;
  analytics: Analytics;
}

/** Every day of the range, or every hour of a one-day range, in order. */
function seriesBuckets(query: ReportQuery, granularity: 'day' | 'hour'): string[] {
  if (granularity === 'hour') return Array.from({ length: 24 }, (_, h) => `${query.startDate} ${String(h).padStart(2, '0')}:00`);
  const buckets: string[] = [];
  for (let t = Date.parse(`${query.startDate}T00:00:00Z`); t <= Date.parse(`${query.endDate}T00:00:00Z`); t += 86_400_000) {
    buckets.push(new Date(t).toISOString().slice(0, 10));
  }
  return buckets;
}

/**
 * `series: false` (Offers performance, which shows rows only; the dashboard on a one-day range, which asks for its
 * hourly series apart, GET /api/reports/series): no series, so a one-day range does not pay for the hourly queries.
 */
export async function getReport(
  deps: ReportDeps,
  query: ReportQuery,
  viewer: ViewerScope | null = null,
  options: { series?: boolean } = {},
): Promise<ReportResponse> {
  const withSeries = options.series !== false;
  const { db, analytics } = deps;
  const { scope, plan, sql } = await planFlatReport(db, query, viewer);
  const { filters, granularity, params } = plan;
  const hourly = withSeries ? hourlySeriesSql(sql) : undefined;
  const [visits, hourlySeries, conversions, exits, unapproved, inexactSpendDays] = await Promise.all([
    readVisitsAndSpend(analytics, sql.visits, params),
    hourly ? readHourlySeries(analytics, hourly, params) : undefined,
    queryConversions(analytics, sql.conversions, params),
    queryExitClicks(analytics, sql.exitClicks, params),
    queryUnapprovedConversions(analytics, sql.unapprovedConversions, params),
    queryInexactSpendDays(analytics, params),
  ]);

  // Spend no click matches belongs to no offer, spark or campaign: a filtered report leaves it out. It
  // joins the conversions no click carries on the one 'No click' row.
  const unattributed = unattributedSpend(visits, hasFilters(filters));
  const unattributedCents = [...unattributed.values()].reduce((a, b) => a + b, 0);

  const measures = collectMeasures(visits.byUnit, conversions('key'), unapproved);
  const keys = [...measures.keys()];
  if (unattributedCents > 0 && !measures.has(NO_CLICK_KEY)) keys.push(NO_CLICK_KEY);
  const labels = await labelGroups(db, query.groupBy, keys);
  const { rows, totals } = reportRows(
    keys,
    (key) => ({
      m: measures.get(key) ?? emptyMeasures(),
      spendCents: (visits.byUnit.get(key)?.spendCents ?? 0) + (key === NO_CLICK_KEY ? unattributedCents : 0),
      exitClicks: exits.get(key) ?? 0,
    }),
    labels,
    'TOTALS',
  );

  return {
    groupBy: query.groupBy,
    startDate: query.startDate,
    endDate: query.endDate,
    timezone: scope.timezone,
    granularity,
    rows,
    totals,
    series: withSeries ? seriesOf(query, granularity, hourlySeries ? { hourly: hourlySeries } : { daily: visits }, hasFilters(filters), conversions('bucket')) : [],
    inexactSpendDays,
  };
}

/**
 * GET /api/reports/series: the series of the report `query` names, without its rows. The dashboard asks for a
 * one-day report's rows (series=false) and then for this: its figures then wait for two queries fewer (the hourly
 * ones, which cost about as much CPU as the rest of the report), and the chart follows a moment later.
 */
export async function getReportSeries(deps: ReportDeps, query: ReportQuery, viewer: ViewerScope | null = null): Promise<ReportSeriesResponse> {
  const { db, analytics } = deps;
  const { scope, plan, sql } = await planFlatReport(db, query, viewer);
  const { filters, granularity, params } = plan;
  const hourly = hourlySeriesSql(sql);
  const [source, conversions] = await Promise.all([
    hourly
      ? readHourlySeries(analytics, hourly, params).then((series): SeriesSource => ({ hourly: series }))
      : readVisitsAndSpend(analytics, sql.visits, params).then((daily): SeriesSource => ({ daily })),
    queryConversions(analytics, sql.conversions, params),
  ]);
  const series = seriesOf(query, granularity, source, hasFilters(filters), conversions('bucket'));
  return { startDate: query.startDate, endDate: query.endDate, timezone: scope.timezone, granularity, series };
}

/**
 * GET /api/reports/totals: the totals of the report `query` names, without its rows: what the dashboard's summary
 * cards show, which a buyer signing in waits for (the rows follow in GET /api/reports). Unfiltered, three small
 * statements answer it (reportTotalsSql), where the rows' statement, the report's dearest, splits each pool's spend
 * over its units, and its exit clicks and unapproved conversions are not on the cards. Filtered (a media buyer's
 * own sparks included), the totals are the rows' split spend added up, which only the whole report computes:
 * `totals` is null then, and the dashboard waits for the rows.
 */
export async function getReportTotals(deps: ReportDeps, query: ReportQuery, viewer: ViewerScope | null = null): Promise<ReportTotalsResponse> {
  const { scope, plan } = await planFlat(deps.db, query, viewer);
  const { analytics } = deps;
  const head = { groupBy: query.groupBy, startDate: query.startDate, endDate: query.endDate, timezone: scope.timezone };
  if (hasFilters(plan.filters)) return { ...head, totals: null };
  const sql = reportTotalsSql(plan);
  const [[visits], [spent], conversions] = await Promise.all([
    analytics.query<{ clicks: number; bot_clicks: number; failing: number }>(sql.visits, plan.params),
    analytics.query<{ spend_cents: number }>(sql.spend, plan.params),
    queryConversions(analytics, sql.conversions, plan.params),
  ]);
  if (!visits || !spent || Number(visits.failing) !== 0) return { ...head, totals: null };
  let approved = 0;
  let revenueCents = 0;
  for (const c of conversions('key').values()) {
    approved += c.conversions;
    revenueCents += c.revenueCents;
  }
  const clicks = Number(visits.clicks);
  const spendCents = Number(spent.spend_cents);
  const { epc: _perExit, ...metrics } = computeMetrics({ clicks, conversions: approved, revenueCents, spendCents, exitClicks: 0 });
  return {
    ...head,
    totals: { clicks, botClicks: Number(visits.bot_clicks), conversions: approved, revenue: moneyFromCents(revenueCents), spend: moneyFromCents(spendCents), ...metrics },
  };
}

/** The flat report `query` names (no drill-down): its scope and plan. */
async function planFlat(db: Db, query: ReportQuery, viewer: ViewerScope | null) {
  const scope = await loadReportScope(db, query, query.groupBy === 'mediabuyer', viewer);
  return { scope, plan: planReport(scope, [query.groupBy]) };
}

/** The flat report `query` names: its scope, plan and statements. */
async function planFlatReport(db: Db, query: ReportQuery, viewer: ViewerScope | null) {
  const { scope, plan } = await planFlat(db, query, viewer);
  return { scope, plan, sql: flatReportSql(plan) };
}

interface HourlySeries {
  visits: VisitsAndSpend;
  spend: VisitsAndSpend;
}

/** What a series is drawn from: a one-day report's two hourly statements, or the visits statement's days. */
type SeriesSource = { hourly: HourlySeries } | { daily: VisitsAndSpend };

/** A one-day report's two hourly statements (report-sql.ts makes them for an hourly granularity only). */
function hourlySeriesSql(sql: FlatReportSql): { visits: string; spend: string } | undefined {
  return sql.hourlyVisits !== undefined && sql.hourlySpend !== undefined ? { visits: sql.hourlyVisits, spend: sql.hourlySpend } : undefined;
}

async function readHourlySeries(analytics: Analytics, sql: { visits: string; spend: string }, params: QueryParams): Promise<HourlySeries> {
  const [visits, spend] = await Promise.all([readVisitsAndSpend(analytics, sql.visits, params), readVisitsAndSpend(analytics, sql.spend, params)]);
  return { visits, spend };
}

/**
 * The series: per hour of a one-day report (the hourly visits with their share of the day's spend, and the hours'
 * own spend), else per day. Spend no click matches stays out of a filtered report's series, as out of its rows.
 */
function seriesOf(
  query: ReportQuery,
  granularity: 'day' | 'hour',
  source: SeriesSource,
  filtered: boolean,
  bucketConversions: Map<string, { conversions: number; revenueCents: number }>,
): ReportSeriesPoint[] {
  if ('hourly' in source) {
    const { visits, spend } = source.hourly;
    return reportSeries(query, 'hour', withHourlySpend(visits.byUnit, spend, filtered), unattributedSpend(visits, filtered), bucketConversions);
  }
  return reportSeries(query, granularity, source.daily.byDay, unattributedSpend(source.daily, filtered), bucketConversions);
}

/** Spend no click matches, per day: a filtered report leaves it out (of its rows as of its series). */
function unattributedSpend(visits: VisitsAndSpend, filtered: boolean): Map<string, number> {
  return filtered ? new Map() : visits.unattributedByDay;
}

/** An hourly series' buckets with the hourly rows' spend added to the hours it was spent in: each hour's
 *  share of its own visits, and (unfiltered) the spend of an hour without visits of its campaign. */
function withHourlySpend(
  byHour: Map<string, { clicks: number; spendCents: number }>,
  hourly: VisitsAndSpend,
  filtered: boolean,
): Map<string, { clicks: number; spendCents: number }> {
  const result = new Map([...byHour].map(([hour, v]) => [hour, { ...v }]));
  const add = (hour: string, cents: number) => {
    const bucket = result.get(hour) ?? result.set(hour, { clicks: 0, spendCents: 0 }).get(hour)!;
    bucket.spendCents += cents;
  };
  for (const [hour, v] of hourly.byUnit) add(hour, v.spendCents);
  if (!filtered) for (const [hour, cents] of hourly.unattributedByDay) add(hour, cents);
  return result;
}

/** Visits, conversions, revenue, spend and profit per day, or per hour of a one-day report. */
function reportSeries(
  query: ReportQuery,
  granularity: 'day' | 'hour',
  byBucket: Map<string, { clicks: number; spendCents: number }>,
  unattributed: Map<string, number>,
  bucketConversions: Map<string, { conversions: number; revenueCents: number }>,
): ReportSeriesPoint[] {
  const seriesSpendCents = new Map([...byBucket].map(([bucket, v]) => [bucket, v.spendCents]));
  const buckets = seriesBuckets(query, granularity);
  for (const [day, cents] of unattributed) {
    if (granularity === 'day') {
      seriesSpendCents.set(day, (seriesSpendCents.get(day) ?? 0) + cents);
      continue;
    }
    // Daily spend has no hour: spend without visits of its own is spread over the day's hours by their
    // visits (evenly without any), so the first hour does not draw a loss spike beside gains at every later one.
    const hours = buckets.filter((bucket) => bucket.startsWith(day));
    const visitsByHour = hours.map((bucket) => BigInt(byBucket.get(bucket)?.clicks ?? 0));
    const weights = visitsByHour.some((v) => v > 0n) ? visitsByHour : hours.map(() => 1n);
    splitCents(BigInt(cents), weights).forEach((share, i) => {
      seriesSpendCents.set(hours[i]!, (seriesSpendCents.get(hours[i]!) ?? 0) + Number(share));
    });
  }
  return buckets.map((bucket) => {
    const clicks = byBucket.get(bucket)?.clicks ?? 0;
    const c = bucketConversions.get(bucket) ?? { conversions: 0, revenueCents: 0 };
    const spendCents = seriesSpendCents.get(bucket) ?? 0;
    return {
      bucket,
      visits: clicks,
      conversions: c.conversions,
      revenue: moneyFromCents(c.revenueCents),
      spend: moneyFromCents(spendCents),
      profit: moneyFromCents(c.revenueCents - spendCents),
    };
  });
}
