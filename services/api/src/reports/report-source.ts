// Which tables answer a report whose grouping levels or audience filters the flat rollups cannot
// serve: a filter by country, device, OS or browser, and a drill-down of a tracking
// variable under another one (or under a lander). Picked per query, cheapest first:
//   - the rollups as before, when no audience filter is set and the levels fit them;
//   - the variable rollups of the ONE variable the query needs (its levels' tracking variable or its
//     audience filter): they keep each click's campaign, spark, offer and TikTok campaign beside the
//     variable's value, so `country = US` grouped by campaign reads report_variable_clicks_daily;
//   - otherwise the raw facts: clicks counted straight into report days (and hours) by their own time
//     (rawSource's `rawClicks`, see clickPartsSql), conversions shaped like the 15-minute rollup, so the
//     report's conversion SQL and its spend allocation run on them unchanged. Exit clicks always come
//     from the raw exits then. A drill-down reads only its opened top row from them when the top level
//     alone fits a rollup (get-drill-report.ts).
//     Read without FINAL, as the rollups were fed: the projector stores each event once (a copy at
//     another log offset is skipped, a re-sent batch dropped by its token), and every stored row fed
//     the rollups once, so both paths count the same rows (FINAL cost up to 2× at 2 M clicks).
// Every source keeps each click exactly once per (day, TikTok campaign), so spend splits as in the flat report.
import { AUDIENCE_VARIABLES, type AudienceVariable, type ReportGroupBy, type TrackingVariable } from '@tracker/schemas';
import { CAKE_PER_CLICK, cakeClicksSql } from './cake-fill-ins';
import { exitKeySql, groupingSource, isTrackingVariable, type GroupingSource, type ReportFilters } from './report-scope';

/** The audience filters a report sets. */
export function audienceFiltersOf(filters: ReportFilters): AudienceVariable[] {
  return AUDIENCE_VARIABLES.filter((v) => filters[v] !== undefined);
}

/** The audience filters of a report query, as ReportFilters carries them. */
export function audienceFilters(query: Partial<Record<AudienceVariable, string>>): Partial<Record<AudienceVariable, string>> {
  return { country: query.country, device: query.device, os: query.os, browser: query.browser };
}

/** The fact tables' column of a tracking variable (clicks, exits and conversions name them alike). */
const columnOf = (variable: TrackingVariable) => exitKeySql(variable);

/** The rollups as they were: no audience filter, and every level below a lander is an entity grouping. */
function fitsRollups(levels: ReportGroupBy[], filters: ReportFilters): boolean {
  if (audienceFiltersOf(filters).length > 0) return false;
  const child = levels[levels.length - 1]!;
  return levels.slice(0, -1).every((parent) => {
    if (parent === 'lander') return !isTrackingVariable(child);
    return parent === 'tiktokCampaignId' || !isTrackingVariable(parent);
  });
}

/** Tracking variables the levels and filters need as columns (the TikTok campaign id is on every table). */
function neededVariables(levels: ReportGroupBy[], filters: ReportFilters): TrackingVariable[] {
  const variables = new Set<TrackingVariable>();
  for (const level of levels) if (isTrackingVariable(level) && level !== 'tiktokCampaignId') variables.add(level as TrackingVariable);
  for (const v of audienceFiltersOf(filters)) variables.add(v);
  return [...variables];
}

const ROLLUP_COLUMNS = 'campaign_id, spark_id, offer_id, tiktok_campaign_id';

/** The variable rollups of one variable, with its value also under the variable's column name. */
function variableSource(variable: TrackingVariable, keyLevel: ReportGroupBy): GroupingSource {
  const column = columnOf(variable);
  const rollupColumns = `variable, value, bucket, ${ROLLUP_COLUMNS}`;
  return {
    clicksTable: 'report_variable_clicks_daily',
    clickColumns: `value, value AS ${column}, ${ROLLUP_COLUMNS}`,
    conversionsTable: `(SELECT *, value AS ${column} FROM report_variable_conversions_15m)`,
    // The raw clicks have every variable's column, the audience ones included.
    conversionsWithCake: `(SELECT *, value AS ${column} FROM (
                             SELECT ${rollupColumns}, conversions, revenue FROM report_variable_conversions_15m
                             UNION ALL
                             SELECT {variable:String} AS variable, toString(${column}) AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
                                    ${ROLLUP_COLUMNS}, ${CAKE_PER_CLICK}
                             FROM (${cakeClicksSql('clicks')})))`,
    where: 'variable = {variable:String}',
    key: keySql(keyLevel, variable),
    rawExitKey: exitKeySql(keyLevel),
    params: { variable },
  };
}

/** The raw facts: clicks as they are, conversions in 15-minute buckets by the columns the query reads. */
function rawSource(variables: TrackingVariable[], keyLevel: ReportGroupBy): GroupingSource {
  const columns = ['campaign_id', 'spark_id', 'offer_id', 'lander_id', 'tiktok_campaign_id', ...variables.map(columnOf)].join(', ');
  const conversions = `SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, ${columns},
                              sumIf(toInt64(sign), status = 'approved') AS conversions,
                              toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue
                       FROM conversions
                       WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
                       GROUP BY bucket, ${columns}`;
  return {
    clicksTable: 'clicks',
    rawClicks: true,
    clickColumns: columns,
    conversionsTable: `(${conversions})`,
    conversionsWithCake: `(${conversions}
                           UNION ALL
                           SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, ${columns}, ${CAKE_PER_CLICK}
                           FROM (${cakeClicksSql('clicks')}))`,
    where: '1',
    key: keySql(keyLevel),
    rawExitKey: exitKeySql(keyLevel),
    params: {},
  };
}

/** A level's key over a source's columns; `variable` is the variable whose value is in `value`. */
function keySql(level: ReportGroupBy, variable?: TrackingVariable): string {
  if (level === variable) return 'toString(value)';
  return `toString(${exitKeySql(level)})`;
}

export interface ReportSource {
  source: GroupingSource;
  /** The key SQL of every level over the source's columns, the last one being source.key. */
  keys: string[];
}

/** The source of a report (one level) or a drill-down (its levels down to the one asked for). */
export function reportSource(levels: ReportGroupBy[], filters: ReportFilters): ReportSource {
  const keyLevel = levels[levels.length - 1]!;
  if (fitsRollups(levels, filters)) {
    const source = groupingSource(keyLevel);
    const ancestorKey = (level: ReportGroupBy) => (level === 'tiktokCampaignId' ? 'toString(tiktok_campaign_id)' : groupingSource(level).key);
    return { source, keys: levels.map((level, i) => (i === levels.length - 1 ? source.key : ancestorKey(level))) };
  }
  const variables = neededVariables(levels, filters);
  const [variable] = variables;
  if (variable !== undefined && variables.length === 1 && !levels.includes('lander')) {
    return { source: variableSource(variable, keyLevel), keys: levels.map((level) => keySql(level, variable)) };
  }
  return { source: rawSource(variables, keyLevel), keys: levels.map((level) => keySql(level)) };
}
