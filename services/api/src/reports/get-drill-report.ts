// GET /api/reports with `then`/`parent` (drill-down): the rows of the next grouping
// level under one opened row, as Voluum and RedTrack expand them lazily, one parent at a time. Spend
// is split level by level: each (day, TikTok campaign) goes to the top-level rows exactly as the flat
// report splits it, then the opened row's cents go to its children pro rata by visits (largest
// remainder), so the children always add up to their parent's row to the cent; `totals` is that row.
import type { Analytics, QueryParams } from '@tracker/core';
import { drillPath, type ReportGroupBy, type ReportQuery, type ReportResponse } from '@tracker/schemas';
import { compareBytes } from './compare-bytes';
import { TOTALS_KEY, reportRow, type ReportDeps } from './get-report';
import { labelGroups } from './group-labels';
import { loadReportScope } from './load-report-scope';
import { addMeasures, emptyMeasures, queryConversions, type GroupMeasures } from './report-query';
import { clickPartsSql, exitKeySql, filterCondition, rawClickCountsSql, rawExitClicksSql, scopeParams, type GroupingSource, type ReportScope } from './report-scope';
import { reportSource, type ReportSource } from './report-source';
import type { ViewerScope } from './viewer-scope';
import { SPEND_SQL } from './spend-allocation';
import { splitCents } from './split-cents';
import { queryUnapprovedConversions } from './unapproved-conversions';

interface VisitRow {
  tzday: string;
  tt: string;
  /** The keys of the levels down to the one asked for; deeper keys are '' outside the opened rows. */
  keys: string[];
  passes: number;
  visits: number;
  bots: number;
}

/**
 * Visits per (day, TikTok campaign, top-level key, passes), with the deeper keys inside the opened rows.
 * When the levels need the raw clicks but the top level alone fits a rollup, the top level's rows come
 * from that rollup and only the opened top row's clicks from the raw facts (read by that key): both count
 * the same clicks, and the raw read shrinks from every click of the range to those of one row.
 */
async function queryDrillVisits(analytics: Analytics, levels: ReportGroupBy[], { source, keys }: ReportSource, scope: ReportScope, params: QueryParams): Promise<VisitRow[]> {
  const top = reportSource(levels.slice(0, 1), scope.filters);
  if (!source.rawClicks || top.source.rawClicks) return queryVisitRows(analytics, source, keys, scope, params);
  const openedRow = { ...source, where: `${filterCondition(scope.filters)} AND ${keys[0]} = {drillParent0:String}` };
  const [topRows, openedRows] = await Promise.all([
    queryVisitRows(analytics, top.source, top.keys, scope, { ...params, ...top.source.params }),
    queryVisitRows(analytics, openedRow, keys, scope, params),
  ]);
  const deeper = keys.slice(1).map(() => '');
  return [
    ...topRows.filter((r) => r.passes === 0 || r.keys[0] !== params.drillParent0).map((r) => ({ ...r, keys: [...r.keys, ...deeper] })),
    ...openedRows,
  ];
}

/** The visit rows of one source whose levels' keys are `keySqls`. */
async function queryVisitRows(analytics: Analytics, source: GroupingSource, keySqls: string[], scope: ReportScope, params: QueryParams): Promise<VisitRow[]> {
  // Level i's key is kept only inside the opened rows of levels < i (and when the filters pass).
  const inside = (i: number) => ['passes = 1', ...Array.from({ length: i }, (_, j) => `k${j} = {drillParent${j}:String}`)].join(' AND ');
  const levels = (keyOf: (i: number) => string) => keySqls.map((_, i) => (i === 0 ? `${keyOf(0)} AS k0` : `if(${inside(i)}, ${keyOf(i)}, '') AS k${i}`));
  const names = keySqls.map((_, i) => `k${i}`).join(', ');
  // The raw clicks are counted by these keys at once; the rollups' rows are split into days first
  // (clickPartsSql) under an array of the keys.
  const sql = source.rawClicks
    ? `SELECT toString(tzday) AS day, tt, passes, ${names}, visits, bots
       FROM (${rawClickCountsSql(source, scope.filters, levels((i) => keySqls[i]!))})`
    : `SELECT toString(tzday) AS day, tt, passes, ${levels((i) => `key[${i + 1}]`).join(', ')}, sum(visits) AS visits, sum(bots) AS bots
       FROM (${clickPartsSql({ ...source, key: `[${keySqls.join(', ')}]` }, scope.filters, 'day')})
       GROUP BY day, tt, passes, ${names}`;
  // A (day, TikTok campaign) without visits of the opened top row gives its children nothing: only the
  // pairs where it has visits come back (a few hundred rows instead of one per top key and day: 72,000
  // for 2,400 ad names over 30 days).
  const rows = await analytics.query<Record<string, string | number>>(
    `SELECT day, tt, passes, ${names}, visits, bots
     FROM (SELECT *, max(passes = 1 AND k0 = {drillParent0:String}) OVER (PARTITION BY day, tt) AS opened FROM (${sql}))
     WHERE opened`,
    params,
  );
  return rows.map((r) => ({
    tzday: String(r.day),
    tt: String(r.tt),
    keys: keySqls.map((_, i) => String(r[`k${i}`])),
    passes: Number(r.passes),
    visits: Number(r.visits),
    bots: Number(r.bots),
  }));
}

/** Spend per child key of the opened rows: the flat report's split at the top, then one level at a time. */
function allocateDrillSpend(rows: VisitRow[], spend: { tzday: string; tt: string; cents: bigint }[], parents: string[]): Map<string, bigint> {
  const byDayAndTt = new Map<string, VisitRow[]>();
  for (const r of rows) {
    const id = `${r.tzday}\u0000${r.tt}`;
    (byDayAndTt.get(id) ?? byDayAndTt.set(id, []).get(id)!).push(r);
  }
  const result = new Map<string, bigint>();
  for (const s of spend) {
    let inside = byDayAndTt.get(`${s.tzday}\u0000${s.tt}`) ?? [];
    let cents = s.cents;
    // Level 0 splits over (key, passes) units like spendAllocationSql; deeper levels over keys alone.
    for (let level = 0; level <= parents.length && inside.length > 0; level++) {
      const units = new Map<string, { unit: string; passes: number; visits: number }>();
      for (const r of inside) {
        const passes = level === 0 ? r.passes : 1;
        const id = `${passes}\u0000${r.keys[level]}`;
        const u = units.get(id) ?? units.set(id, { unit: r.keys[level]!, passes, visits: 0 }).get(id)!;
        u.visits += r.visits;
      }
      const list = [...units.values()];
      const shares = splitCents(cents, list);
      if (level === parents.length) {
        list.forEach((u, i) => result.set(u.unit, (result.get(u.unit) ?? 0n) + shares[i]!));
        break;
      }
      const opened = list.findIndex((u) => u.unit === parents[level] && u.passes === 1);
      if (opened < 0) break;
      cents = shares[opened]!;
      inside = inside.filter((r) => r.keys[level] === parents[level] && (level > 0 || r.passes === 1));
    }
  }
  return result;
}

export async function getDrillReport(deps: ReportDeps, query: ReportQuery, viewer: ViewerScope | null = null): Promise<ReportResponse> {
  const { db, analytics } = deps;
  const { levels: allLevels, parents } = drillPath(query);
  const levels = allLevels.slice(0, parents.length + 1);
  const child = levels[parents.length]!;
  const scope = await loadReportScope(db, query, levels.includes('mediabuyer'), viewer);
  const { filters, timezone } = scope;
  const levelsSource = reportSource(levels, filters);
  const { source, keys: keySqls } = levelsSource;
  const parentParams = Object.fromEntries(parents.map((p, i) => [`drillParent${i}`, p]));
  const params = { ...scopeParams(scope), ...source.params, ...parentParams };
  const insideParents = parents.map((_, i) => `${keySqls[i]} = {drillParent${i}:String}`).join(' AND ');
  // Exit clicks of every child, from the raw exits (far fewer than clicks), inside the opened rows.
  const exitsInsideParents = parents.map((_, i) => `toString(${exitKeySql(levels[i]!)}) = {drillParent${i}:String}`).join(' AND ');

  const insideSource = { ...source, where: `${source.where} AND ${insideParents}`, params: { ...source.params, ...parentParams } };
  const [visits, spendRows, conversions, exits, unapproved] = await Promise.all([
    queryDrillVisits(analytics, levels, levelsSource, scope, params),
    analytics.query<{ tzday: string; tt: string; cents: string | number }>(`SELECT toString(tzday) AS tzday, tt, toString(cents) AS cents FROM (${SPEND_SQL})`, params),
    queryConversions(analytics, scope, insideSource, { key: source.key }),
    analytics.query<{ key: string; exit_clicks: number }>(rawExitClicksSql(exitKeySql(child), `${filterCondition(filters)} AND ${exitsInsideParents}`), params),
    queryUnapprovedConversions(analytics, scope, insideSource),
  ]);

  const spend = allocateDrillSpend(visits, spendRows.map((s) => ({ tzday: s.tzday, tt: s.tt, cents: BigInt(s.cents) })), parents);
  const measures = new Map<string, GroupMeasures>();
  const inside = (r: VisitRow) => r.passes === 1 && parents.every((p, i) => r.keys[i] === p);
  for (const r of visits) {
    if (!inside(r)) continue;
    const key = r.keys[parents.length]!;
    const m = measures.get(key) ?? measures.set(key, emptyMeasures()).get(key)!;
    m.clicks += r.visits;
    m.botClicks += r.bots;
  }
  for (const [key, c] of conversions.key) {
    const m = measures.get(key) ?? measures.set(key, emptyMeasures()).get(key)!;
    m.conversions = c.conversions;
    m.revenueCents = c.revenueCents;
  }
  for (const [key, u] of unapproved) {
    const m = measures.get(key) ?? measures.set(key, emptyMeasures()).get(key)!;
    Object.assign(m, u);
  }
  const exitsByKey = new Map(exits.map((r) => [r.key, Number(r.exit_clicks)]));
  const keys = [...measures.keys()];
  const [labels, parentLabels] = await Promise.all([
    labelGroups(db, child, keys),
    labelGroups(db, levels[parents.length - 1]!, [parents[parents.length - 1]!]),
  ]);

  const total = emptyMeasures();
  let totalSpend = 0;
  let totalExits = 0;
  const rows = keys.map((key) => {
    const m = measures.get(key)!;
    const spendCents = Number(spend.get(key) ?? 0n);
    const exitClicks = exitsByKey.get(key) ?? 0;
    addMeasures(total, m);
    totalSpend += spendCents;
    totalExits += exitClicks;
    return { row: reportRow(key, labels.get(key) ?? key, m, spendCents, exitClicks), revenueCents: m.revenueCents };
  });
  rows.sort((a, b) => b.revenueCents - a.revenueCents || b.row.clicks - a.row.clicks || compareBytes(a.row.key, b.row.key));
  const lastParent = parents[parents.length - 1]!;

  return {
    groupBy: child,
    startDate: query.startDate,
    endDate: query.endDate,
    timezone,
    granularity: query.startDate === query.endDate ? 'hour' : 'day',
    rows: rows.map((r) => r.row),
    // The opened row itself: its children sum to it, and it matches its row one level up.
    totals: reportRow(TOTALS_KEY, parentLabels.get(lastParent) ?? lastParent, total, totalSpend, totalExits),
    // The chart shows the top level; an expansion answers rows only.
    series: [],
  };
}
