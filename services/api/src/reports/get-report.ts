// GET /api/reports: rows per grouping key, their totals, and a day (or hour) series for the charts.
// ClickHouse aggregates the rollups and splits the spend of each day and TikTok campaign over its
// visits (spend-allocation.ts): visits and spend per key and per day (plus per hour for a one-day
// report), conversions, and exit clicks per key. Three or four queries, whatever the range.
import type { Analytics, Db } from '@tracker/core';
import {
  computeMetrics,
  landerCtr,
  moneyFromCents,
  UNATTRIBUTED_SPEND_KEY,
  type ReportQuery,
  type ReportResponse,
  type ReportRow,
  type ReportSeriesPoint,
} from '@tracker/schemas';
import { compareBytes } from './compare-bytes';
import { labelGroups } from './group-labels';
import { loadReportScope } from './load-report-scope';
import { addMeasures, clickUnitsSql, emptyMeasures, queryConversions, queryExitClicks, type GroupMeasures } from './report-query';
import { hasFilters, scopeParams, seriesBucketKey } from './report-scope';
import type { ViewerScope } from './viewer-scope';
import { reportSource } from './report-source';
import { queryUnapprovedConversions } from './unapproved-conversions';
import { queryVisitsAndSpend } from './spend-allocation';

export interface ReportDeps {
  db: Db;
  analytics: Analytics;
}

export const TOTALS_KEY = '__total__';

export function reportRow(key: string, label: string, m: GroupMeasures, spendCents: number, exitClicks: number): ReportRow {
  return {
    key,
    label,
    clicks: m.clicks,
    botClicks: m.botClicks,
    conversions: m.conversions,
    revenue: moneyFromCents(m.revenueCents),
    spend: moneyFromCents(spendCents),
    linkClicks: m.clicks,
    exitClicks,
    landerCtr: landerCtr(exitClicks, m.clicks),
    pendingConversions: m.pending,
    pendingPayout: moneyFromCents(m.pendingCents),
    rejectedConversions: m.rejected,
    rejectedPayout: moneyFromCents(m.rejectedCents),
    ...computeMetrics({ clicks: m.clicks, conversions: m.conversions, revenueCents: m.revenueCents, spendCents, exitClicks }),
  };
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

export async function getReport(deps: ReportDeps, query: ReportQuery, viewer: ViewerScope | null = null): Promise<ReportResponse> {
  const { db, analytics } = deps;
  const scope = await loadReportScope(db, query, query.groupBy === 'mediabuyer', viewer);
  const { filters, timezone } = scope;
  const granularity = query.startDate === query.endDate ? 'hour' : 'day';
  const { source } = reportSource([query.groupBy], filters);

  const params = { ...scopeParams(scope), ...source.params };
  const [visits, hourlyVisits, conversions, exits, unapproved] = await Promise.all([
    queryVisitsAndSpend(analytics, clickUnitsSql(source, filters, granularity, 'key'), params),
    granularity === 'hour' ? queryVisitsAndSpend(analytics, clickUnitsSql(source, filters, granularity, 'hour'), params) : undefined,
    queryConversions(analytics, scope, source, { key: source.key, bucket: seriesBucketKey(granularity) }),
    queryExitClicks(analytics, scope, source),
    queryUnapprovedConversions(analytics, scope, source),
  ]);

  // Spend no click matches belongs to no offer, spark or campaign: a filtered report leaves it out.
  const unattributed = hasFilters(filters) ? new Map<string, number>() : visits.unattributedByDay;
  const unattributedCents = [...unattributed.values()].reduce((a, b) => a + b, 0);

  const measures = new Map<string, GroupMeasures>();
  for (const [key, v] of visits.byUnit) measures.set(key, { ...emptyMeasures(), clicks: v.clicks, botClicks: v.botClicks });
  for (const [key, c] of conversions.key) {
    const m = measures.get(key) ?? measures.set(key, emptyMeasures()).get(key)!;
    m.conversions = c.conversions;
    m.revenueCents = c.revenueCents;
  }
  for (const [key, u] of unapproved) {
    const m = measures.get(key) ?? measures.set(key, emptyMeasures()).get(key)!;
    Object.assign(m, u);
  }
  const keys = [...measures.keys()];
  if (unattributedCents > 0) keys.push(UNATTRIBUTED_SPEND_KEY);
  const labels = await labelGroups(db, query.groupBy, keys);

  const total = emptyMeasures();
  let totalSpend = 0;
  let totalExits = 0;
  const rows = keys.map((key) => {
    const m = measures.get(key) ?? emptyMeasures();
    const spendCents = key === UNATTRIBUTED_SPEND_KEY ? unattributedCents : (visits.byUnit.get(key)?.spendCents ?? 0);
    const exitClicks = exits.get(key) ?? 0;
    addMeasures(total, m);
    totalSpend += spendCents;
    totalExits += exitClicks;
    return { row: reportRow(key, labels.get(key) ?? key, m, spendCents, exitClicks), revenueCents: m.revenueCents };
  });
  rows.sort((a, b) => b.revenueCents - a.revenueCents || b.row.clicks - a.row.clicks || compareBytes(a.row.key, b.row.key));

  const byBucket = hourlyVisits ? hourlyVisits.byUnit : visits.byDay;
  const seriesSpendCents = new Map([...byBucket].map(([bucket, v]) => [bucket, v.spendCents]));
  for (const [day, cents] of unattributed) {
    // Daily spend has no hour: in an hourly series, spend without visits shows at the day's first hour.
    const bucket = granularity === 'hour' ? `${day} 00:00` : day;
    seriesSpendCents.set(bucket, (seriesSpendCents.get(bucket) ?? 0) + cents);
  }
  const points: ReportSeriesPoint[] = seriesBuckets(query, granularity).map((bucket) => {
    const clicks = byBucket.get(bucket)?.clicks ?? 0;
    const c = conversions.bucket.get(bucket) ?? { conversions: 0, revenueCents: 0 };
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

  return {
    groupBy: query.groupBy,
    startDate: query.startDate,
    endDate: query.endDate,
    timezone,
    granularity,
    rows: rows.map((r) => r.row),
    totals: reportRow(TOTALS_KEY, 'TOTALS', total, totalSpend, totalExits),
    series: points,
  };
}
