// The counted figures of a report, from the rollups: visits per report day, TikTok campaign and unit
// (grouping key × filters passed × hour), approved conversions and revenue per key or series bucket,
// and clicks that exited per key.
import type { Analytics } from '@tracker/core';
import { centsFromMoney } from '@tracker/schemas';
import { cakeFillInRowsSql } from './cake-fill-ins';
import {
  BUCKET_RANGE,
  clickPartsSql,
  exitClicksSql,
  filterCondition,
  rawExitClicksSql,
  scopeParams,
  variableExitClicksSql,
  type Granularity,
  type GroupingSource,
  type ReportFilters,
  type ReportScope,
} from './report-scope';

export interface GroupMeasures {
  clicks: number;
  botClicks: number;
  conversions: number;
  revenueCents: number;
  pending: number;
  pendingCents: number;
  rejected: number;
  rejectedCents: number;
}

export const emptyMeasures = (): GroupMeasures => ({
  clicks: 0, botClicks: 0, conversions: 0, revenueCents: 0, pending: 0, pendingCents: 0, rejected: 0, rejectedCents: 0,
});

/** Adds one group's measures into a total (the TOTALS row, or an opened drill-down row). */
export function addMeasures(total: GroupMeasures, m: GroupMeasures): void {
  for (const field of Object.keys(total) as (keyof GroupMeasures)[]) total[field] += m[field];
}

/**
 * The report's visits per day, TikTok campaign and unit (the grouping key, or the hour of an hourly
 * series) and whether they pass the filters: the input of spendAllocationSql.
 */
export function clickUnitsSql(source: GroupingSource, filters: ReportFilters, granularity: Granularity, unit: 'key' | 'hour'): string {
  return `SELECT tzday, tt, ${unit} AS unit, passes, sum(visits) AS visits, sum(bots) AS bots
          FROM (${clickPartsSql(source, filters, granularity)})
          GROUP BY tzday, tt, unit, passes`;
}

export interface ConversionMeasures {
  conversions: number;
  revenueCents: number;
}

/** The 15-minute conversion rollup, plus the clicks CAKE filled in when there are any (cake-fill-ins.ts). */
function conversionsFrom(scope: ReportScope, source: GroupingSource): string {
  if (!scope.cake || scope.cake.clickIds.length === 0) return source.conversionsTable;
  if (source.conversionsWithCake) return source.conversionsWithCake;
  const variableColumn = source.clicksTable === 'report_variable_clicks_daily' ? source.rawExitKey : undefined;
  return `(${cakeFillInRowsSql(source.conversionsTable, variableColumn)})`;
}

/**
 * Approved conversions and revenue of the filtered 15-minute buckets, grouped once per named key
 * expression (one query: a UNION ALL of the groupings); keys whose revisions cancel out are left out.
 */
export async function queryConversions<Name extends string>(
  analytics: Analytics,
  scope: ReportScope,
  source: GroupingSource,
  keys: Record<Name, string>,
): Promise<Record<Name, Map<string, ConversionMeasures>>> {
  const names = Object.keys(keys) as Name[];
  const rows = await analytics.query<{ grouping: string; key: string; conversions: number; revenue: string }>(
    names
      .map(
        (name) => `SELECT '${name}' AS grouping, ${keys[name]} AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
                   FROM ${conversionsFrom(scope, source)}
                   WHERE ${BUCKET_RANGE} AND ${source.where} AND ${filterCondition(scope.filters)}
                   GROUP BY key
                   HAVING conversions != 0 OR revenue != 0`,
      )
      .join('\nUNION ALL\n'),
    { ...scopeParams(scope), ...source.params },
  );
  const result = Object.fromEntries(names.map((name) => [name, new Map<string, ConversionMeasures>()])) as Record<Name, Map<string, ConversionMeasures>>;
  for (const r of rows) {
    result[r.grouping as Name].set(r.key, { conversions: Number(r.conversions), revenueCents: centsFromMoney(r.revenue) });
  }
  return result;
}

/** Figures per grouping key over the report's days (visits, then conversions). */
export async function queryMeasures(analytics: Analytics, scope: ReportScope, source: GroupingSource): Promise<Map<string, GroupMeasures>> {
  const [visits, conversions] = await Promise.all([
    analytics.query<{ key: string; clicks: number; bot_clicks: number }>(
      `SELECT key, sum(visits) AS clicks, sum(bots) AS bot_clicks
       FROM (${clickPartsSql(source, scope.filters, 'day')})
       WHERE passes = 1
       GROUP BY key`,
      { ...scopeParams(scope), ...source.params },
    ),
    queryConversions(analytics, scope, source, { key: source.key }).then((c) => c.key),
  ]);
  const measures = new Map<string, GroupMeasures>(
    visits.map((r) => [r.key, { ...emptyMeasures(), clicks: Number(r.clicks), botClicks: Number(r.bot_clicks) }]),
  );
  for (const [key, c] of conversions) {
    const m = measures.get(key) ?? measures.set(key, emptyMeasures()).get(key)!;
    m.conversions = c.conversions;
    m.revenueCents = c.revenueCents;
  }
  return measures;
}

/** Clicks that exited to the offer at least once, per grouping key (each click counted once). */
export async function queryExitClicks(analytics: Analytics, scope: ReportScope, source: GroupingSource): Promise<Map<string, number>> {
  const filter = filterCondition(scope.filters);
  const rows = await analytics.query<{ key: string; exit_clicks: number }>(
    source.rawExitKey === undefined
      ? exitClicksSql(source.key, filter)
      : source.variableExits
        ? variableExitClicksSql(source.rawExitKey, filter)
        : rawExitClicksSql(source.rawExitKey, filter),
    { ...scopeParams(scope), ...source.params },
  );
  return new Map(rows.map((r) => [r.key, Number(r.exit_clicks)]));
}
