// The plan of one report, drill-down or offer-performance read, decided once from its scope and levels:
// which tables answer it, every level's key expression, the where clauses and the query parameters.
// Plain data: report-sql.ts renders it into SQL text, report-query.ts runs that.
//
// Which tables, cheapest first (a filter by country, device, OS, browser or flow rule, or a drill-down of a tracking
// variable under another one or under a lander, is more than the flat rollups can answer):
//   - the rollups of analytics migration 0002, when no audience or rule filter is set and the levels fit them;
//   - the variable rollups of the ONE variable the query needs (its levels' tracking variable or its
//     audience or rule filter): they keep each click's campaign, spark, offer and TikTok campaign beside the
//     variable's value, so `country = US` grouped by campaign reads report_variable_clicks_daily;
//   - otherwise the raw facts: clicks counted straight into report days (and hours) by their own time
//     (report-sql.ts clickPartsSql), conversions shaped like the 15-minute rollup, so the report's
//     conversion SQL and its spend allocation run on them unchanged. Exit clicks always come from the
//     raw exits then. A drill-down reads every top row's clicks there, since each child's spend is split
//     over every top key's clicks that fall under the opened rows (get-drill-report.ts).
//     Read without FINAL, as the rollups were fed: the projector stores each event once (a copy at
//     another log offset is skipped, a re-sent batch dropped by its token), and every stored row fed
//     the rollups once, so both paths count the same rows (FINAL cost up to 2× at 2 M clicks).
// Every source keeps each click exactly once per (day, TikTok campaign), so spend splits as in the flat report.
import type { QueryParams } from '@tracker/core';
import {
  FILTER_VARIABLES,
  REPORT_GROUPINGS,
  TRACKING_VARIABLE_COLUMN,
  type FilterVariable,
  type ReportGroupBy,
  type ReportGrouping,
  type TrackingVariable,
  type TrackingVariableColumn,
} from '@tracker/schemas';
import { hasFilters, keyOrNoClick, MEDIA_BUYER_OF_SPARK, scopeParams, type Granularity, type ReportFilters, type ReportScope } from './report-scope';
import type { SpendPools } from './spend-allocation';

/** The tables a source reads clicks and conversions from. */
export type ReportTables =
  /** report_clicks_daily and report_conversions_15m; exit clicks from the exit rollups. */
  | { kind: 'rollups' }
  /**
   * report_variable_clicks_daily and report_variable_conversions_15m of the variable {variable:String},
   * whose `value` is the facts' `column`. `aliased`: the value is also selected under the column's name,
   * so audience filters and keys over that column read it.
   */
  | { kind: 'variable-rollups'; column: TrackingVariableColumn; aliased: boolean }
  /** The raw clicks and conversions (one row per click), with these columns beside the time. */
  | { kind: 'raw'; columns: string[] };

/** Where a grouping's figures live, and the SQL of its key. Keys are strings; '' is "without it",
 *  NO_CLICK_KEY the facts no click carries (keyOrNoClick). */
export interface GroupingSource {
  tables: ReportTables;
  /** Extra condition selecting the tables' rows ('1' when none). */
  where: string;
  key: string;
  params: QueryParams;
}

/** Where a plan's exit clicks (clicks that exited to the offer at least once) are counted per key. */
export type ExitClicksPlan =
  /** The exit rollups, by `key` over their columns (campaign, spark, offer, lander). */
  | { from: 'rollups'; key: string }
  /** report_variable_exits_daily of {variable:String} for whole UTC days, the raw exits' `column` for the rest. */
  | { from: 'variable-rollups'; column: string }
  /** The raw exits by `column`, which carry every dimension of their click; `where` narrows them further. */
  | { from: 'raw'; column: string; where?: string };

export interface ReportPlan {
  /** A report (one level, rows and series) or a drill-down (the rows under one opened row). */
  kind: 'flat' | 'drill';
  /** The grouping levels: a report's one, a drill-down's down to the one asked for. */
  levels: ReportGroupBy[];
  /** A drill-down's opened row: its key at each level above the last, bound as {drillParent<i>:String}. */
  parents: string[];
  /** A one-day report's series is hourly. */
  granularity: Granularity;
  filters: ReportFilters;
  /** CAKE conversions no postback covers join the conversions (cake-fill-ins.ts). */
  cake: boolean;
  source: GroupingSource;
  /** The key SQL of every level over the source's columns, the last one being source.key. */
  keys: string[];
  /** Extra condition on the conversions (approved and not): the source's, and a drill-down's opened row. */
  conversionsWhere: string;
  exitClicks: ExitClicksPlan;
  /** Every parameter the plan's queries bind. */
  params: QueryParams;
  /** How the rows' spend is pooled: per ad group or ad when a level is one (their own spend), else per TikTok campaign. */
  spend: PlanSpend;
  /** A drill-down's opened row's spend, pooled as the level above pools it (its row there, to the cent). */
  openedSpend: PlanSpend;
}

/** Spend pools, and the key of a click's ad group or ad (over the source's columns) when pooled by it. */
export interface PlanSpend {
  pools: SpendPools;
  sub?: string;
}

const KEY_BY_GROUPING: Record<ReportGrouping, string> = {
  campaign: 'campaign_id',
  spark: 'spark_id',
  offer: "if(offer_id = 0, '', toString(offer_id))",
  lander: "if(lander_id = 0, '', toString(lander_id))",
  mediabuyer: MEDIA_BUYER_OF_SPARK,
};

function isTrackingVariable(groupBy: ReportGroupBy): groupBy is TrackingVariable {
  return !(REPORT_GROUPINGS as readonly string[]).includes(groupBy);
}

/** A grouping's key over the raw facts (clicks, exits, conversions), which carry every dimension of their click. */
function exitKeySql(groupBy: ReportGroupBy): string {
  return isTrackingVariable(groupBy) ? TRACKING_VARIABLE_COLUMN[groupBy] : KEY_BY_GROUPING[groupBy as ReportGrouping];
}

/** The rollups of one level: the flat ones, or the variable rollups of a tracking variable. */
export function groupingSource(groupBy: ReportGroupBy): GroupingSource {
  if (isTrackingVariable(groupBy)) {
    return {
      tables: { kind: 'variable-rollups', column: TRACKING_VARIABLE_COLUMN[groupBy], aliased: false },
      where: 'variable = {variable:String}',
      key: keyOrNoClick('toString(value)'),
      params: { variable: groupBy },
    };
  }
  return { tables: { kind: 'rollups' }, where: '1', key: keyOrNoClick(`toString(${KEY_BY_GROUPING[groupBy as ReportGrouping]})`), params: {} };
}

/** The audience and rule filters a report sets: the flat rollups have no such columns. */
function variableFiltersOf(filters: ReportFilters): FilterVariable[] {
  return FILTER_VARIABLES.filter((v) => filters[v] !== undefined);
}

/** The rollups as they were: no audience or rule filter, and every level below a lander is an entity grouping. */
function fitsRollups(levels: ReportGroupBy[], filters: ReportFilters): boolean {
  if (variableFiltersOf(filters).length > 0) return false;
  const child = levels[levels.length - 1]!;
  return levels.slice(0, -1).every((parent) => {
    if (parent === 'lander') return !isTrackingVariable(child);
    return parent === 'tiktokCampaignId' || !isTrackingVariable(parent);
  });
}

/** Tracking variables the levels and filters need as columns (the TikTok campaign id is on every table). */
function neededVariables(levels: ReportGroupBy[], filters: ReportFilters): TrackingVariable[] {
  const variables = new Set<TrackingVariable>();
  for (const level of levels) if (isTrackingVariable(level) && level !== 'tiktokCampaignId') variables.add(level);
  for (const v of variableFiltersOf(filters)) variables.add(v);
  return [...variables];
}

/** A level's key over a source's columns; `variable` is the variable whose value is in `value`. */
function keySql(level: ReportGroupBy, variable?: TrackingVariable): string {
  return keyOrNoClick(level === variable ? 'toString(value)' : `toString(${exitKeySql(level)})`);
}

interface LevelsSource {
  source: GroupingSource;
  keys: string[];
  /** The raw exits' key column, for sources whose exit clicks the exit rollups cannot key. */
  exitColumn?: string;
}

/** The source of a report (one level) or a drill-down (its levels down to the one asked for). */
function levelsSource(levels: ReportGroupBy[], filters: ReportFilters): LevelsSource {
  const keyLevel = levels[levels.length - 1]!;
  if (fitsRollups(levels, filters)) {
    const source = groupingSource(keyLevel);
    const ancestorKey = (level: ReportGroupBy) => (level === 'tiktokCampaignId' ? keyOrNoClick('toString(tiktok_campaign_id)') : groupingSource(level).key);
    return { source, keys: levels.map((level, i) => (i === levels.length - 1 ? source.key : ancestorKey(level))) };
  }
  const variables = neededVariables(levels, filters);
  const [variable] = variables;
  if (variable !== undefined && variables.length === 1 && !levels.includes('lander')) {
    const source: GroupingSource = {
      tables: { kind: 'variable-rollups', column: TRACKING_VARIABLE_COLUMN[variable], aliased: true },
      where: 'variable = {variable:String}',
      key: keySql(keyLevel, variable),
      params: { variable },
    };
    return { source, keys: levels.map((level) => keySql(level, variable)), exitColumn: exitKeySql(keyLevel) };
  }
  const columns = ['campaign_id', 'spark_id', 'offer_id', 'lander_id', 'tiktok_campaign_id', ...variables.map((v) => TRACKING_VARIABLE_COLUMN[v])];
  const source: GroupingSource = { tables: { kind: 'raw', columns }, where: '1', key: keySql(keyLevel), params: {} };
  return { source, keys: levels.map((level) => keySql(level)), exitColumn: exitKeySql(keyLevel) };
}

/** The finest ad-level grouping among `levels` (ad below ad group): its rows get their own spend. */
function planSpend(levels: ReportGroupBy[], keys: string[], filters: ReportFilters): PlanSpend {
  const index = levels.includes('tiktokCreativeId') ? levels.indexOf('tiktokCreativeId') : levels.indexOf('tiktokAdGroupId');
  if (index < 0) return { pools: { level: 'campaign' } };
  const level = levels[index] === 'tiktokCreativeId' ? 'ad' : 'adgroup';
  // Spend without visits of its own is its own row when it is the report's grouping and nothing is filtered.
  return { pools: { level, orphans: index === 0 && !hasFilters(filters) }, sub: keys[index] };
}

/**
 * The plan of a report (`parents` empty: the rows of `levels`' one level) or of a drill-down (the rows
 * of the last level under the opened row `parents`, one key per level above it).
 */
export function planReport(scope: ReportScope, levels: ReportGroupBy[], parents: string[] = []): ReportPlan {
  const { filters } = scope;
  const { source, keys, exitColumn } = levelsSource(levels, filters);
  const plan = {
    levels,
    parents,
    granularity: scope.startDate === scope.endDate ? 'hour' : 'day',
    filters,
    cake: scope.cake !== undefined && scope.cake.clickIds.length > 0,
    source,
    keys,
    spend: planSpend(levels, keys, filters),
    openedSpend: planSpend(levels.slice(0, Math.max(1, parents.length)), keys, filters),
  } as const;
  if (parents.length === 0) {
    return {
      ...plan,
      kind: 'flat',
      conversionsWhere: source.where,
      exitClicks:
        exitColumn !== undefined
          ? { from: 'raw', column: exitColumn }
          : source.tables.kind === 'variable-rollups'
            ? { from: 'variable-rollups', column: source.tables.column }
            : { from: 'rollups', key: source.key },
      params: { ...scopeParams(scope), ...source.params },
    };
  }
  const parentParams = Object.fromEntries(parents.map((p, i) => [`drillParent${i}`, p]));
  const insideParents = parents.map((_, i) => `${keys[i]} = {drillParent${i}:String}`).join(' AND ');
  // Exit clicks of every child, from the raw exits (far fewer than clicks), inside the opened rows.
  const exitsInsideParents = parents.map((_, i) => `toString(${exitKeySql(levels[i]!)}) = {drillParent${i}:String}`).join(' AND ');
  const params = { ...scopeParams(scope), ...source.params, ...parentParams };
  return {
    ...plan,
    kind: 'drill',
    conversionsWhere: `${source.where} AND ${insideParents}`,
    exitClicks: { from: 'raw', column: exitKeySql(levels[levels.length - 1]!), where: exitsInsideParents },
    params,
  };
}
