// The counted figures of a report, from the rollups: visits per report day, TikTok campaign and unit
// (grouping key × filters passed × hour), approved conversions and revenue per key or series bucket,
// and clicks that exited per campaign.
import type { Analytics } from '@tracker/core';
import { centsFromMoney } from '@tracker/schemas';
import {
  BUCKET_RANGE,
  clickPartsSql,
  hasFilters,
  exitClicksSql,
  filterCondition,
  scopeParams,
  type Granularity,
  type GroupingSource,
  type ReportScope,
} from './report-scope';

export interface GroupMeasures {
  clicks: number;
  botClicks: number;
  conversions: number;
  revenueCents: number;
}

export const emptyMeasures = (): GroupMeasures => ({ clicks: 0, botClicks: 0, conversions: 0, revenueCents: 0 });

/** The visits of one report day and TikTok campaign ('' = none), unit by unit (parallel arrays). */
export interface ClickUnits {
  day: string;
  tt: string;
  keys: string[];
  /** Whether the unit's clicks pass the report's filters; null when the report has none (all pass). */
  passes: boolean[] | null;
  /** 'yyyy-MM-dd HH:00' per unit of an hourly report; null per day. */
  hours: string[] | null;
  visits: number[];
  bots: number[];
}

// The units travel as TabSeparatedRaw, one row per (day, TikTok campaign), each list in one field:
// parsing 100 000 JSON array elements, or even JSON strings, costs more than the query. Keys and the
// TikTok campaign id are escaped (backslash, newline, tab and the unit separator \x1f, which joins keys).
const UNIT_SEPARATOR = '\x1f';
const escapedText = (sql: string) =>
  `replaceAll(replaceAll(replaceAll(replaceAll(${sql}, char(92), concat(char(92), char(92))), char(10), concat(char(92), 'n')), ` +
  `char(9), concat(char(92), 't')), char(31), concat(char(92), 'u'))`;
const ESCAPES: Record<string, string> = { '\\': '\\', n: '\n', t: '\t', u: UNIT_SEPARATOR };
const unescapeText = (text: string) => (text.includes('\\') ? text.replace(/\\([\\ntu])/g, (_, c: string) => ESCAPES[c]!) : text);
const numbers = (text: string) => text.split(',').map(Number);

/** Visits per report day, TikTok campaign and unit: grouping key × filters passed (when filtered) × hour (when hourly). */
export async function queryClickUnits(
  analytics: Analytics,
  scope: ReportScope,
  source: GroupingSource,
  granularity: Granularity,
): Promise<ClickUnits[]> {
  const filtered = hasFilters(scope.filters);
  const hourly = granularity === 'hour';
  const unit = ['key', ...(filtered ? ['passes'] : []), ...(hourly ? ['hour'] : [])].join(', ');
  const rows = await analytics.queryFields(
    `SELECT toString(tzday), ${escapedText('tt')},
            arrayStringConcat(groupArray(${escapedText('key')}), char(31)),
            ${filtered ? 'arrayStringConcat(groupArray(toString(passes))),' : ''}
            ${hourly ? "arrayStringConcat(groupArray(hour), ','), " : ''}
            arrayStringConcat(groupArray(toString(visits)), ','),
            arrayStringConcat(groupArray(toString(bots)), ',')
     FROM (
       SELECT tzday, tt, ${unit}, sum(visits) AS visits, sum(bots) AS bots
       FROM (${clickPartsSql(source, scope.filters, granularity)})
       GROUP BY tzday, tt, ${unit}
     )
     GROUP BY tzday, tt`,
    { ...scopeParams(scope), ...source.params },
  );
  return rows.map((fields) => {
    let at = 0;
    const day = fields[at++]!;
    const tt = unescapeText(fields[at++]!);
    const encodedKeys = fields[at++]!;
    const keys = encodedKeys.includes('\\') ? encodedKeys.split(UNIT_SEPARATOR).map(unescapeText) : encodedKeys.split(UNIT_SEPARATOR);
    const passes = filtered ? [...fields[at++]!].map((p) => p === '1') : null;
    const hours = hourly ? fields[at++]!.split(',') : null;
    const visits = numbers(fields[at++]!);
    const bots = fields[at++]!;
    // Most units have no bot visit: skip parsing a list of zeros.
    return { day, tt, keys, passes, hours, visits, bots: /[1-9]/.test(bots) ? numbers(bots) : new Array<number>(keys.length).fill(0) };
  });
}

export interface ConversionMeasures {
  conversions: number;
  revenueCents: number;
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
                   FROM ${source.conversionsTable}
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

/** Clicks that exited to the offer at least once, per campaign id (each click counted once). */
export async function queryExitClicksByCampaign(analytics: Analytics, scope: ReportScope): Promise<Map<string, number>> {
  const rows = await analytics.query<{ key: string; exit_clicks: number }>(
    exitClicksSql('toString(campaign_id)', filterCondition(scope.filters)),
    scopeParams(scope),
  );
  return new Map(rows.map((r) => [r.key, Number(r.exit_clicks)]));
}
