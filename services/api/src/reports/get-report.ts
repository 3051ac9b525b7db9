// GET /api/reports: rows per grouping key, their totals, and a day (or hour) series for the charts.
// ClickHouse aggregates the rollups (visits per report day, TikTok campaign and unit; spend per day
// and TikTok campaign; conversions; exits for campaigns): three or four queries, whatever the range.
// The spend of each day and TikTok campaign is then split over its visits here (spend-allocation.ts).
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
import { loadMediaBuyers } from './media-buyers';
import {
  emptyMeasures,
  queryClickUnits,
  queryConversions,
  queryExitClicksByCampaign,
  type ClickUnits,
  type GroupMeasures,
} from './report-query';
import { groupingSource, hasFilters, seriesBucketKey, type ReportFilters, type ReportScope } from './report-scope';
import { readReportTimezone } from './report-timezone';
import { allocate, querySpend, type AllocationUnits, type SpendRow } from './spend-allocation';

export interface ReportDeps {
  db: Db;
  analytics: Analytics;
}

export const TOTALS_KEY = '__total__';

export function reportRow(key: string, label: string, m: GroupMeasures, spendCents: number, exitClicks?: number): ReportRow {
  const row: ReportRow = {
    key,
    label,
    clicks: m.clicks,
    botClicks: m.botClicks,
    conversions: m.conversions,
    revenue: moneyFromCents(m.revenueCents),
    spend: moneyFromCents(spendCents),
    ...computeMetrics({ clicks: m.clicks, conversions: m.conversions, revenueCents: m.revenueCents, spendCents }),
  };
  if (exitClicks !== undefined) {
    row.linkClicks = m.clicks;
    row.exitClicks = exitClicks;
    row.landerCtr = landerCtr(exitClicks, m.clicks);
  }
  return row;
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

/** The units of one (day, TikTok campaign) merged by (key, passes), e.g. over the hours of a day. */
function mergeUnits(keys: string[], passes: boolean[] | null, visits: number[]): AllocationUnits {
  const index = new Map<string, number>();
  const merged = { keys: [] as string[], passes: [] as boolean[], visits: [] as number[] };
  for (let i = 0; i < keys.length; i++) {
    const pass = passes ? passes[i]! : true;
    const id = `${pass ? 1 : 0}${keys[i]}`;
    const at = index.get(id);
    if (at === undefined) {
      index.set(id, merged.keys.length);
      merged.keys.push(keys[i]!);
      merged.passes.push(pass);
      merged.visits.push(visits[i]!);
    } else merged.visits[at]! += visits[i]!;
  }
  return merged;
}

/**
 * From the visit units and the spend: visits and bots per key and per series bucket, and the spend of
 * each day and TikTok campaign split over its units, per key (rows) and per bucket (series); spend of
 * a day and TikTok campaign without visits, per day (unattributed).
 */
function tallyVisits(units: ClickUnits[], spend: SpendRow[]) {
  const byKey = new Map<string, GroupMeasures>();
  const byBucket = new Map<string, GroupMeasures>();
  const spendByKey = new Map<string, number>();
  const spendByBucket = new Map<string, number>();
  const unattributedByDay = new Map<string, number>();
  const count = (map: Map<string, GroupMeasures>, key: string, visits: number, bots: number) => {
    const m = map.get(key);
    if (m) {
      m.clicks += visits;
      m.botClicks += bots;
    } else map.set(key, { ...emptyMeasures(), clicks: visits, botClicks: bots });
  };
  const withVisits = new Map<string, ClickUnits>();
  for (const u of units) {
    const { keys, passes, hours, visits, bots } = u;
    let passingVisits = 0;
    let passingBots = 0;
    for (let i = 0; i < keys.length; i++) {
      if (passes && !passes[i]) continue;
      count(byKey, keys[i]!, visits[i]!, bots[i]!);
      if (hours) count(byBucket, hours[i]!, visits[i]!, bots[i]!);
      passingVisits += visits[i]!;
      passingBots += bots[i]!;
    }
    if (!hours && passingVisits > 0) count(byBucket, u.day, passingVisits, passingBots);
    if (u.tt !== '') withVisits.set(`${u.day}\u0000${u.tt}`, u);
  }
  for (const row of spend) {
    const u = withVisits.get(`${row.day}\u0000${row.tt}`);
    if (!u) {
      unattributedByDay.set(row.day, (unattributedByDay.get(row.day) ?? 0) + row.cents);
      continue;
    }
    if (u.hours) {
      allocate(row.cents, mergeUnits(u.keys, u.passes, u.visits), spendByKey);
      allocate(row.cents, mergeUnits(u.hours, u.passes, u.visits), spendByBucket);
      continue;
    }
    // Per day the units are unique by (key, passes) already, and the series has one bucket: the day.
    allocate(row.cents, u, spendByKey);
    let passing = 0;
    let failing = 0;
    for (let i = 0; i < u.visits.length; i++) {
      if (!u.passes || u.passes[i]) passing += u.visits[i]!;
      else failing += u.visits[i]!;
    }
    const dayUnits = { keys: [] as string[], passes: [] as boolean[], visits: [] as number[] };
    for (const [pass, visits] of [[true, passing], [false, failing]] as const) {
      if (visits === 0) continue;
      dayUnits.keys.push(u.day);
      dayUnits.passes.push(pass);
      dayUnits.visits.push(visits);
    }
    allocate(row.cents, dayUnits, spendByBucket);
  }
  return { byKey, byBucket, spendByKey, spendByBucket, unattributedByDay };
}

export async function getReport(deps: ReportDeps, query: ReportQuery): Promise<ReportResponse> {
  const { db, analytics } = deps;
  const [timezone, buyers] = await Promise.all([readReportTimezone(db), loadMediaBuyers(db)]);
  const filters: ReportFilters = {
    offer: query.offer,
    spark: query.spark,
    mediaBuyer: query.mediaBuyer,
    campaignId: query.campaignId,
  };
  const scope: ReportScope = { timezone, startDate: query.startDate, endDate: query.endDate, filters, buyers };
  const granularity = query.startDate === query.endDate ? 'hour' : 'day';
  const source = groupingSource(query.groupBy);

  const [units, spend, conversions, exits] = await Promise.all([
    queryClickUnits(analytics, scope, source, granularity),
    querySpend(analytics, scope),
    queryConversions(analytics, scope, source, { key: source.key, bucket: seriesBucketKey(granularity) }),
    query.groupBy === 'campaign' ? queryExitClicksByCampaign(analytics, scope) : undefined,
  ]);

  const visits = tallyVisits(units, spend);
  // Spend no click matches belongs to no offer, spark or campaign: a filtered report leaves it out.
  const unattributed = hasFilters(filters) ? new Map<string, number>() : visits.unattributedByDay;
  const unattributedCents = [...unattributed.values()].reduce((a, b) => a + b, 0);

  const measures = visits.byKey;
  for (const [key, c] of conversions.key) {
    const m = measures.get(key) ?? measures.set(key, emptyMeasures()).get(key)!;
    m.conversions = c.conversions;
    m.revenueCents = c.revenueCents;
  }
  const keys = [...new Set([...measures.keys(), ...visits.spendByKey.keys()])];
  if (unattributedCents > 0) keys.push(UNATTRIBUTED_SPEND_KEY);
  const labels = await labelGroups(db, query.groupBy, keys);

  const total = emptyMeasures();
  let totalSpend = 0;
  let totalExits = 0;
  const rows = keys.map((key) => {
    const m = measures.get(key) ?? emptyMeasures();
    const spendCents = key === UNATTRIBUTED_SPEND_KEY ? unattributedCents : (visits.spendByKey.get(key) ?? 0);
    const exitClicks = exits ? (exits.get(key) ?? 0) : undefined;
    total.clicks += m.clicks;
    total.botClicks += m.botClicks;
    total.conversions += m.conversions;
    total.revenueCents += m.revenueCents;
    totalSpend += spendCents;
    totalExits += exitClicks ?? 0;
    return { row: reportRow(key, labels.get(key) ?? key, m, spendCents, exitClicks), revenueCents: m.revenueCents };
  });
  rows.sort((a, b) => b.revenueCents - a.revenueCents || b.row.clicks - a.row.clicks || compareBytes(a.row.key, b.row.key));

  const seriesSpendCents = new Map(visits.spendByBucket);
  for (const [day, cents] of unattributed) {
    // Daily spend has no hour: in an hourly series, spend without visits shows at the day's first hour.
    const bucket = granularity === 'hour' ? `${day} 00:00` : day;
    seriesSpendCents.set(bucket, (seriesSpendCents.get(bucket) ?? 0) + cents);
  }
  const points: ReportSeriesPoint[] = seriesBuckets(query, granularity).map((bucket) => {
    const clicks = visits.byBucket.get(bucket)?.clicks ?? 0;
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
    totals: reportRow(TOTALS_KEY, 'TOTALS', total, totalSpend, exits ? totalExits : undefined),
    series: points,
  };
}
