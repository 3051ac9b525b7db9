// The SQL text of every report query, rendered from a plan (report-plan.ts) by pure functions, no I/O:
// a report's, a drill-down's and offer performance's queries, and the fragments the Click Log shares.
// Visits come from daily rows with quarter-hour maps (split at the report time zone's midnight);
// conversions and exits from 15-minute buckets. Both are exact for any real time-zone offset.
// reports/sql/*.sql holds what these render for each kind of plan (report-sql.test.ts).
import { TRACKING_VARIABLES } from '@tracker/schemas';
import type { GroupingSource, ReportPlan } from './report-plan';
import { filterCondition, type Granularity, type ReportFilters } from './report-scope';
import { pooledUnitsSql, seriesDailySpendSql, seriesHourlySpendSql, spendAllocationSql, spendSql, type SpendPools } from './spend-allocation';

/** The 15-minute buckets of [startDate 00:00, endDate + 1 day 00:00) in the report time zone. */
const BUCKET_RANGE =
  'bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String})';

/** Clicks (or facts dated by their click) of [startDate 00:00, endDate + 1 day 00:00) in the report time zone. */
const CLICKED_IN_RANGE =
  'clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})';

/** Series buckets of the 15-minute tables: report-time-zone days, or hours for a one-day report. */
function seriesBucketKey(granularity: Granularity): string {
  return granularity === 'hour'
    ? "formatDateTime(toStartOfHour(bucket, {tz:String}), '%Y-%m-%d %H:00')"
    : 'toString(toDate(bucket, {tz:String}))';
}

// ---- tables ----

/** The columns of the variable rollups besides the variable and its value. */
const ROLLUP_COLUMNS = 'campaign_id, spark_id, offer_id, tiktok_campaign_id';

function clicksTable(source: GroupingSource): string {
  return { rollups: 'report_clicks_daily', 'variable-rollups': 'report_variable_clicks_daily', raw: 'clicks' }[source.tables.kind];
}

/** Names the keys and filters read that the clicks table lacks: an aliased variable rollup's value under its column's. */
function columnAliases(source: GroupingSource): string[] {
  const { tables } = source;
  return tables.kind === 'variable-rollups' && tables.aliased ? [`value AS ${tables.column}`] : [];
}

/** A filled-in click's approved conversions and revenue, as the conversion rollups name them. */
const CAKE_PER_CLICK = `toInt64(transform(click_id, {cakeClickIds:Array(String)}, {cakeConversions:Array(Int64)}, toInt64(0))) AS conversions,
         toDecimal64(transform(click_id, {cakeClickIds:Array(String)}, {cakeRevenueCents:Array(Int64)}, toInt64(0)), 2) / 100 AS revenue`;

const AUDIENCE_COLUMNS = new Set(['country', 'device', 'os', 'browser']);

/**
 * The clicks CAKE filled in (cake-fill-ins.ts), one row each, from `table`: click_index is ordered by
 * click id (a point lookup per click); only the raw clicks table has the audience columns.
 */
function cakeClicksSql(table: 'clicks' | 'click_index'): string {
  return `SELECT * FROM ${table}
          WHERE click_id IN (SELECT arrayJoin({cakeClickIds:Array(String)}))
            AND ${CLICKED_IN_RANGE}
          LIMIT 1 BY click_id`;
}

/** The variable conversion rollup with the clicks CAKE filled in, shaped like it, whose value is `column`. */
function variableConversionsWithCake(column: string, clicks: 'clicks' | 'click_index'): string {
  return `SELECT variable, value, bucket, ${ROLLUP_COLUMNS}, conversions, revenue FROM report_variable_conversions_15m
          UNION ALL
          SELECT {variable:String} AS variable, toString(${column}) AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
                 ${ROLLUP_COLUMNS}, ${CAKE_PER_CLICK}
          FROM (${cakeClicksSql(clicks)})`;
}

/** The raw conversions in 15-minute buckets by `columns`, shaped like the conversion rollup. */
function rawConversionsSql(columns: string): string {
  return `SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, ${columns},
                 sumIf(toInt64(sign), status = 'approved') AS conversions,
                 toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue
          FROM conversions
          WHERE ${CLICKED_IN_RANGE}
          GROUP BY bucket, ${columns}`;
}

/** Approved conversions in 15-minute buckets, plus the clicks CAKE filled in when `cake` is set. */
function conversionsTable(source: GroupingSource, cake: boolean): string {
  const { tables } = source;
  if (tables.kind === 'raw') {
    const columns = tables.columns.join(', ');
    if (!cake) return `(${rawConversionsSql(columns)})`;
    return `(${rawConversionsSql(columns)}
             UNION ALL
             SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, ${columns}, ${CAKE_PER_CLICK}
             FROM (${cakeClicksSql('clicks')}))`;
  }
  if (tables.kind === 'variable-rollups' && tables.aliased) {
    // The raw clicks have every variable's column, the audience ones included.
    const rows = cake ? `(${variableConversionsWithCake(tables.column, 'clicks')})` : 'report_variable_conversions_15m';
    return `(SELECT *, value AS ${tables.column} FROM ${rows})`;
  }
  if (tables.kind === 'variable-rollups') {
    if (!cake) return 'report_variable_conversions_15m';
    return `(${variableConversionsWithCake(tables.column, AUDIENCE_COLUMNS.has(tables.column) ? 'clicks' : 'click_index')})`;
  }
  if (!cake) return 'report_conversions_15m';
  return `(SELECT bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, conversions, revenue FROM report_conversions_15m
           UNION ALL
           SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, ${CAKE_PER_CLICK}
           FROM (${cakeClicksSql('click_index')}))`;
}

// ---- visits ----

/**
 * Visits of the report's days, from the daily click rollup (or the raw clicks: rawClickPartsSql): columns
 * `tzday` (report-time-zone day), `hour` ('yyyy-MM-dd HH:00' in that zone, '' per day), `tt` (TikTok
 * campaign id), `key`, `passes` (1 when the filters accept the row), `visits`, `bots`.
 * Per day, each UTC day's row is split at the quarter-hour of local midnight (`bound`): the visits
 * before it belong to one report day, the rest to the next. Per hour, the quarter-hours are unfolded.
 */
export function clickPartsSql(source: GroupingSource, filters: ReportFilters, granularity: Granularity): string {
  if (source.tables.kind === 'raw') return rawClickPartsSql(source, filters, granularity);
  // One SELECT over the table and its ARRAY JOIN, the steps between them named in WITH rather than two nested
  // SELECTs: on a small store most of a report statement's time is ClickHouse analysing it, which grows with each
  // level (measured: ~10 % less CPU for a report's visits statement; nothing measurable at 10 M clicks).
  const names = [...columnAliases(source), "toDateTime(day, 'UTC') AS utc_midnight"];
  const columns = `tiktok_campaign_id AS tt, ${source.key} AS key, toUInt8(${filterCondition(filters)}) AS passes`;
  const days = `day >= {startDate:Date} - 1 AND day <= {endDate:Date} + 1 AND ${source.where}`;
  if (granularity === 'hour') {
    return `WITH ${names.join(', ')}, utc_midnight + toIntervalSecond(toUInt32(q.1) * 900) AS at
            SELECT toDate(at, {tz:String}) AS tzday, formatDateTime(toStartOfHour(at, {tz:String}), '%Y-%m-%d %H:00') AS hour, ${columns},
                   toUInt64(q.2) AS visits, toUInt64(arrayElement(botQuarterMap.clicks, indexOf(botQuarterMap.quarter, q.1))) AS bots
            FROM ${clicksTable(source)}
            ARRAY JOIN arrayZip(quarterMap.quarter, quarterMap.clicks) AS q
            WHERE ${days}
              AND at >= toDateTime({startDate:Date}, {tz:String}) AND at < toDateTime({endDate:Date} + 1, {tz:String})`;
  }
  return `WITH ${names.join(', ')}, toDate(utc_midnight, {tz:String}) AS first_day,
               toUInt8(least(96, intDiv(toUnixTimestamp(toDateTime(first_day + 1, {tz:String})) - toUnixTimestamp(utc_midnight), 900))) AS bound,
               toUInt64(arraySum((c, q) -> c * (q < bound), quarterMap.clicks, quarterMap.quarter)) AS visits_before,
               toUInt64(arraySum((c, q) -> c * (q < bound), botQuarterMap.clicks, botQuarterMap.quarter)) AS bots_before
          SELECT part.1 AS tzday, '' AS hour, ${columns}, part.2 AS visits, part.3 AS bots
          FROM ${clicksTable(source)}
          ARRAY JOIN [(first_day, visits_before, bots_before),
                      (first_day + 1, toUInt64(clicks - visits_before), toUInt64(bot_clicks - bots_before))] AS part
          WHERE ${days}
            AND tzday >= {startDate:Date} AND tzday <= {endDate:Date} AND visits > 0`;
}

/**
 * clickPartsSql over the raw clicks: each click's report day and hour come from its own time, so the
 * range is read by clicked_at (the table's sort key) and the rows are counted per day, TikTok campaign,
 * key and filter outcome without the rollups' quarter-hour maps (4-6× less work than shaping the raw
 * rows like the rollups, measured at 10 M clicks).
 */
function rawClickPartsSql(source: GroupingSource, filters: ReportFilters, granularity: Granularity): string {
  const hour = granularity === 'hour' ? "formatDateTime(toStartOfHour(clicked_at, {tz:String}), '%Y-%m-%d %H:00')" : "''";
  return rawClickCountsSql(source, filters, [`${hour} AS hour`, `${source.key} AS key`]);
}

/**
 * Visits and bot visits of the raw clicks in the report's days, per `tzday` (report-time-zone day),
 * `tt`, `passes` (1 when the filters accept the click) and the named `columns` ("expression AS name",
 * which may name tzday, tt and passes and each other).
 */
function rawClickCountsSql(source: GroupingSource, filters: ReportFilters, columns: string[]): string {
  const names = columns.map((c) => c.slice(c.lastIndexOf(' AS ') + 4));
  return `SELECT toDate(clicked_at, {tz:String}) AS tzday, tiktok_campaign_id AS tt, toUInt8(${filterCondition(filters)}) AS passes,
                 ${columns.join(', ')}, count() AS visits, countIf(bot != '') AS bots
          FROM ${clicksTable(source)}
          WHERE ${CLICKED_IN_RANGE}
            AND ${source.where}
          GROUP BY tzday, tt, passes, ${names.join(', ')}`;
}

/**
 * The report's visits per day, pool and unit (the grouping key, or the hour of an hourly series) and
 * whether they pass the filters: the units spendAllocationSql splits spend over. Pooled per ad group or ad,
 * the key is the click's ad group or ad (pooledUnitsSql).
 */
function clickUnitsSql(plan: ReportPlan, unit: 'key' | 'hour'): string {
  const pooled = plan.spend.pools.level !== 'campaign';
  const units = `SELECT tzday, tt, ${unit} AS unit, passes,${pooled ? ' key AS sub,' : ''} sum(visits) AS visits, sum(bots) AS bots
          FROM (${clickPartsSql(plan.source, plan.filters, plan.granularity)})
          GROUP BY tzday, tt, unit, passes${pooled ? ', sub' : ''}`;
  return pooled ? pooledUnitsSql(units, unit !== 'key') : units;
}

/**
 * A drill-down's visits per (day, TikTok campaign, passes) and level keys k0, k1, ...: level i's key is
 * kept only inside the opened rows of levels 1 to i - 1 (and when the filters pass), '' elsewhere, under
 * every top key: a child's spend is split over every top key's clicks that fall under the opened rows.
 */
function drillVisitsSql(source: GroupingSource, keySqls: string[], filters: ReportFilters, subs: string[]): string {
  const inside = (i: number) => ['passes = 1', ...Array.from({ length: i - 1 }, (_, j) => `k${j + 1} = {drillParent${j + 1}:String}`)].join(' AND ');
  const levels = (keyOf: (i: number) => string) => keySqls.map((_, i) => (i === 0 ? `${keyOf(0)} AS k0` : `if(${inside(i)}, ${keyOf(i)}, '') AS k${i}`));
  // The click's ad group or ad, for spend pooled by it (s0: the rows', s1: the opened row's).
  const subColumns = (subOf: (i: number) => string) => subs.map((_, i) => `${subOf(i)} AS s${i}`);
  const names = [...keySqls.map((_, i) => `k${i}`), ...subs.map((_, i) => `s${i}`)].join(', ');
  // The raw clicks are counted by these keys at once; the rollups' rows are split into days first
  // (clickPartsSql) under an array of the keys.
  const sql =
    source.tables.kind === 'raw'
      ? `SELECT toString(tzday) AS day, tt, passes, ${names}, visits, bots
         FROM (${rawClickCountsSql(source, filters, [...levels((i) => keySqls[i]!), ...subColumns((i) => subs[i]!)])})`
      : `SELECT toString(tzday) AS day, tt, passes, ${[...levels((i) => `key[${i + 1}]`), ...subColumns((i) => `key[${keySqls.length + i + 1}]`)].join(', ')}, sum(visits) AS visits, sum(bots) AS bots
         FROM (${clickPartsSql({ ...source, key: `[${[...keySqls, ...subs].join(', ')}]` }, filters, 'day')})
         GROUP BY day, tt, passes, ${names}`;
  // A (day, TikTok campaign) without visits of the opened top row gives its children nothing: only the
  // pairs where it has visits come back (a few hundred rows instead of one per top key and day: 72,000
  // for 2,400 ad names over 30 days).
  return `SELECT day, tt, passes, ${names}, visits, bots
          FROM (SELECT *, max(passes = 1 AND k0 = {drillParent0:String}) OVER (PARTITION BY day, tt) AS opened FROM (${sql}))
          WHERE opened`;
}

// ---- conversions ----

/**
 * Approved conversions and revenue of the filtered 15-minute buckets, grouped once per named key
 * expression (one query: a UNION ALL of the groupings); keys whose revisions cancel out are left out.
 */
function conversionsSql(plan: ReportPlan, keys: Record<string, string>): string {
  return Object.entries(keys)
    .map(
      ([name, key]) => `SELECT '${name}' AS grouping, ${key} AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
                        FROM ${conversionsTable(plan.source, plan.cake)}
                        WHERE ${BUCKET_RANGE} AND ${plan.conversionsWhere} AND ${filterCondition(plan.filters)}
                        GROUP BY key
                        HAVING conversions != 0 OR revenue != 0`,
    )
    .join('\nUNION ALL\n');
}

/** Every variable column but the TikTok campaign id (which the rollups have): audience filters and drill-down levels read them. */
const OTHER_VARIABLE_COLUMNS = TRACKING_VARIABLES.map((v) => v.column)
  .filter((c) => c !== 'tiktok_campaign_id')
  .join(', ');

/**
 * Pending and rejected conversions per key: their own report columns, never revenue. Read from the raw
 * signed conversion rows (their sums over sign are exact without FINAL, as the rollups read them), so
 * the rollups of analytics migration 0002 stay as they are; conversions are few beside clicks, and each
 * is dated by its click like the rollups date it.
 */
function unapprovedConversionsSql(plan: ReportPlan): string {
  const { source } = plan;
  // The same columns the conversion rollups have, so the grouping's key, condition and filters apply as written.
  const variableColumns = source.tables.kind === 'variable-rollups' ? `, {variable:String} AS variable, ${source.tables.column} AS value` : '';
  return `SELECT ${source.key} AS key,
                 sumIf(toInt64(sign), status = 'pending') AS pending,
                 toDecimal64(sumIf(sign * payout, status = 'pending'), 2) AS pending_payout,
                 sumIf(toInt64(sign), status = 'rejected') AS rejected,
                 toDecimal64(sumIf(sign * payout, status = 'rejected'), 2) AS rejected_payout
          FROM (
            SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
                   sign, status, payout${variableColumns}, ${OTHER_VARIABLE_COLUMNS}
            FROM conversions
            PREWHERE status IN ('pending', 'rejected')
            WHERE ${CLICKED_IN_RANGE}
          )
          WHERE ${BUCKET_RANGE} AND ${plan.conversionsWhere} AND ${filterCondition(plan.filters)}
          GROUP BY key
          HAVING pending != 0 OR pending_payout != 0 OR rejected != 0 OR rejected_payout != 0`;
}

// ---- exit clicks ----

/**
 * Clicks that exited to the offer at least once, per tracking-variable value (`column` of the exits
 * table), by their click's time in the report's days. The exit rollups have no variable columns, so this
 * reads the raw exits (one row per exit, far fewer than clicks), distinct by click so a replayed or
 * repeated exit counts once. Distinct by the click id's 64-bit hash: three times faster than by the
 * string (40 against 120 ms for a million exits), and two clicks of one key would have to share a hash
 * to count as one (odds of about 1 in 10^7 at a million exit clicks per key). The exits table is sorted
 * and partitioned by exit time: an exit follows its click, so exits from a day before the range on are
 * the only ones read (the day allows for clocks of ingest hosts that disagree).
 */
function rawExitClicksSql(column: string, filter: string): string {
  return `SELECT toString(${column}) AS key, uniqExact(cityHash64(click_id)) AS exit_clicks
          FROM exits
          WHERE exited_at >= toDateTime({startDate:Date}, {tz:String}) - INTERVAL 1 DAY
            AND ${CLICKED_IN_RANGE}
            AND ${filter}
          GROUP BY key`;
}

/** Whole UTC days inside the report's range, and its bounds, for exit queries that read daily rollups. */
const WHOLE_UTC_DAYS = `toDateTime({startDate:Date}, {tz:String}) AS range_start,
               toDateTime({endDate:Date} + 1, {tz:String}) AS range_end,
               toDate(range_start, 'UTC') + if(toDateTime(toDate(range_start, 'UTC'), 'UTC') = range_start, 0, 1) AS first_whole_day,
               toDate(range_end, 'UTC') - 1 AS last_whole_day`;

/**
 * Clicks that exited to the offer at least once, per value of the tracking variable {variable:String}
 * (`column` of the exits table), for the report's days: the whole UTC days inside the range from
 * report_variable_exits_daily, the clicks of the partial days at its edges from the raw exits
 * (rawExitClicksSql, distinct by the click id's hash like the rollup). A click lies in one day, so the
 * days' distinct counts add up; merging per day and value keeps the sets small. Measured at 10 M clicks:
 * 2,400 ad names in about a third of rawExitClicksSql's time.
 */
function variableExitClicksSql(column: string, filter: string): string {
  return `WITH ${WHOLE_UTC_DAYS}
          SELECT key, sum(exit_clicks) AS exit_clicks
          FROM (
            SELECT toString(value) AS key, uniqExactMerge(exited_clicks) AS exit_clicks
            FROM report_variable_exits_daily
            WHERE variable = {variable:String} AND day >= first_whole_day AND day <= last_whole_day AND ${filter}
            GROUP BY day, value
            UNION ALL
            ${rawExitClicksSql(column, `NOT (toDate(clicked_at, 'UTC') >= first_whole_day AND toDate(clicked_at, 'UTC') <= last_whole_day) AND ${filter}`)}
          )
          GROUP BY key`;
}

/**
 * Clicks that exited to the offer at least once, per `keySql` (over the exit rollups' columns), for the
 * report's days: whole UTC days inside the range from report_exits_daily, the partial days at its edges
 * from report_exits_15m. A click lies in exactly one rollup row key (its day or bucket and dimensions),
 * so the exact distinct counts of the keys add up; merging per key first keeps the sets small.
 */
export function exitClicksSql(keySql: string, filter: string): string {
  const columns = 'campaign_id, spark_id, offer_id, lander_id';
  return `WITH ${WHOLE_UTC_DAYS}
          SELECT ${keySql} AS key, sum(exit_clicks) AS exit_clicks
          FROM (
            SELECT ${columns}, uniqExactMerge(exited_clicks) AS exit_clicks
            FROM report_exits_daily
            WHERE day >= first_whole_day AND day <= last_whole_day AND ${filter}
            GROUP BY day, ${columns}
            UNION ALL
            SELECT ${columns}, uniqExactMerge(exited_clicks) AS exit_clicks
            FROM report_exits_15m
            WHERE bucket >= range_start AND bucket < range_end
              AND NOT (toDate(bucket, 'UTC') >= first_whole_day AND toDate(bucket, 'UTC') <= last_whole_day) AND ${filter}
            GROUP BY bucket, ${columns}
          )
          GROUP BY key`;
}

/** Exit clicks per key (each click counted once), from where the plan counts them. */
function planExitClicksSql(plan: ReportPlan): string {
  const filter = filterCondition(plan.filters);
  const exits = plan.exitClicks;
  if (exits.from === 'rollups') return exitClicksSql(exits.key, filter);
  if (exits.from === 'variable-rollups') return variableExitClicksSql(exits.column, filter);
  return rawExitClicksSql(exits.column, exits.where === undefined ? filter : `${filter} AND ${exits.where}`);
}

// ---- the queries of a plan ----

/** GET /api/reports (get-report.ts): visits and spend per key and per day (and hour), conversions per
 *  key and series bucket, exit clicks and unapproved conversions per key. */
export interface FlatReportSql {
  visits: string;
  /** An hourly series: visits per hour with the daily figures spread over them. */
  hourlyVisits?: string;
  /** An hourly series: the hourly rows' spend, each hour's over its own visits (units and days are hours). */
  hourlySpend?: string;
  conversions: string;
  exitClicks: string;
  unapprovedConversions: string;
}

export function flatReportSql(plan: ReportPlan): FlatReportSql {
  const { pools } = plan.spend;
  // The series' units are hours: an ad group's or ad's spend without visits is the day's unattributed spend there.
  const seriesPools: SpendPools = pools.level === 'campaign' ? pools : { ...pools, orphans: false };
  const counted = pools.level === 'campaign' ? '' : ' counted,';
  return {
    visits: spendAllocationSql(clickUnitsSql(plan, 'key'), spendSql(pools), pools),
    ...(plan.granularity === 'hour'
      ? {
          hourlyVisits: spendAllocationSql(clickUnitsSql(plan, 'hour'), seriesDailySpendSql(seriesPools), seriesPools),
          hourlySpend: spendAllocationSql(
            `SELECT unit AS tzday, tt, unit, passes,${counted} visits, bots FROM (SELECT tt, unit, passes,${counted} visits, bots FROM (${clickUnitsSql(plan, 'hour')}))`,
            seriesHourlySpendSql(seriesPools),
            seriesPools,
          ),
        }
      : {}),
    conversions: conversionsSql(plan, { key: plan.source.key, bucket: seriesBucketKey(plan.granularity) }),
    exitClicks: planExitClicksSql(plan),
    unapprovedConversions: unapprovedConversionsSql(plan),
  };
}

/**
 * An unfiltered report's totals alone (GET /api/reports/totals): its visits (the clicks of its days, each once,
 * however spend pools them), the spend of its days, whole, and its approved conversions. With every unit passing,
 * each pool's cents go to its units to the last one, or are the day's unattributed spend ('No click'): the rows'
 * spend and the unattributed add up to all of it, so no split is needed. `failing` counts units the filters
 * refuse: an unfiltered plan has none, and get-report.ts answers no totals if it ever finds one.
 */
export function reportTotalsSql(plan: ReportPlan): { visits: string; spend: string; conversions: string } {
  // Three statements, not one: most of each is the engine's analysis of it, and apart they are analysed side by side.
  return {
    visits: `SELECT toInt64(sumIf(visits, passes = 1)) AS clicks, toInt64(sumIf(bots, passes = 1)) AS bot_clicks,
                 toInt64(countIf(passes = 0)) AS failing
          FROM (${clickPartsSql(plan.source, plan.filters, 'day')})`,
    spend: `SELECT toInt64(sum(cents)) AS spend_cents FROM (${spendSql(plan.spend.pools)})`,
    conversions: conversionsSql(plan, { key: plan.source.key }),
  };
}

/** A drill-down (get-drill-report.ts): visits by level keys (and ad group or ad, when spend is pooled by one),
 *  spend per day and pool for the rows and for the opened row, and the opened row's conversions, exit
 *  clicks and unapproved ones. */
export interface DrillReportSql {
  visits: string;
  spend: string;
  /** The opened row's spend, when its level above pools spend otherwise than the rows. */
  openedSpend?: string;
  conversions: string;
  exitClicks: string;
  unapprovedConversions: string;
}

/** The drill's spend rows: per report day and pool, with a pooled row's orphan unit. */
function drillSpendSql(pools: SpendPools): string {
  const orphan = pools.level === 'campaign' ? "'' AS orphan" : 'orphan';
  return `SELECT toString(tzday) AS tzday, tt, toString(cents) AS cents, ${orphan} FROM (${spendSql(pools)})`;
}

export function drillReportSql(plan: ReportPlan): DrillReportSql {
  const { spend, openedSpend } = plan;
  const subs = [spend.sub, openedSpend.sub].filter((s) => s !== undefined);
  const samePools = JSON.stringify(spend.pools) === JSON.stringify(openedSpend.pools);
  return {
    visits: drillVisitsSql(plan.source, plan.keys, plan.filters, subs),
    spend: drillSpendSql(spend.pools),
    ...(samePools ? {} : { openedSpend: drillSpendSql(openedSpend.pools) }),
    conversions: conversionsSql(plan, { key: plan.source.key }),
    exitClicks: planExitClicksSql(plan),
    unapprovedConversions: unapprovedConversionsSql(plan),
  };
}

/** Visits, approved conversions and exit clicks per key over the report's days, without spend
 *  (offer-performance.ts). */
export interface GroupMeasuresSql {
  visits: string;
  conversions: string;
  exitClicks: string;
}

export function groupMeasuresSql(plan: ReportPlan): GroupMeasuresSql {
  return {
    visits: `SELECT key, sum(visits) AS clicks, sum(bots) AS bot_clicks
             FROM (${clickPartsSql(plan.source, plan.filters, 'day')})
             WHERE passes = 1
             GROUP BY key`,
    conversions: conversionsSql(plan, { key: plan.source.key }),
    exitClicks: planExitClicksSql(plan),
  };
}
