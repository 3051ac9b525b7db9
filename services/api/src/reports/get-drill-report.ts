// GET /api/reports with `then`/`parent` (drill-down): the rows of the next grouping
// level under one opened row, as Voluum and RedTrack expand them lazily, one parent at a time. Every
// row's spend is the flat report's split of the same clicks (allocateDrillSpend): one rounding path, so
// campaign → US → iOS shows what country=US&os=iOS shows for that campaign. `totals` is the opened row,
// as the level above shows it; its children add up to it up to the odd cent of each split.
import type { Analytics, QueryParams } from '@tracker/core';
import { drillPath, NO_CLICK_KEY, NO_CLICK_LABEL, splitCents, type ReportQuery, type ReportResponse } from '@tracker/schemas';
import { compareBytes } from './compare-bytes';
import { getReport, type ReportDeps } from './get-report';
import { labelGroups } from './group-labels';
import { loadReportScope } from './load-report-scope';
import { planReport } from './report-plan';
import { queryConversions, queryExitClicks, queryUnapprovedConversions } from './report-query';
import { collectMeasures, emptyMeasures, reportRows, type VisitMeasures } from './report-rows';
import { drillReportSql } from './report-sql';
import { queryInexactSpendDays } from './spend-allocation';
import type { ViewerScope } from './viewer-scope';

interface VisitRow {
  tzday: string;
  tt: string;
  /** The keys of the levels down to the one asked for; deeper keys are '' outside the opened rows. */
  keys: string[];
  passes: number;
  visits: number;
  bots: number;
}

/** The visit rows of a drillVisitsSql query over `levels` levels. */
async function queryVisitRows(analytics: Analytics, sql: string, levels: number, params: QueryParams): Promise<VisitRow[]> {
  const rows = await analytics.query<Record<string, string | number>>(sql, params);
  return rows.map((r) => ({
    tzday: String(r.day),
    tt: String(r.tt),
    keys: Array.from({ length: levels }, (_, i) => String(r[`k${i}`])),
    passes: Number(r.passes),
    visits: Number(r.visits),
    bots: Number(r.bots),
  }));
}

/**
 * Spend of the opened row and of each of its children, each by the flat report's own split: a day and
 * TikTok campaign's cents over (top key, passes) units, where a click passes when the report's filters
 * accept it and it lies under the opened rows below the top level (and, for a child, has the child's
 * key); the opened top key's passing unit is the figure. So a row gets the cents the flat report gives
 * the same clicks when they are filtered by those values (campaign → US → iOS is country=US&os=iOS under
 * the campaign), whatever the path; the children may differ from their parent by the odd cent.
 */
function allocateDrillSpend(
  rows: VisitRow[],
  spend: { tzday: string; tt: string; cents: bigint }[],
  parents: string[],
): { opened: bigint; children: Map<string, bigint> } {
  const byDayAndTt = new Map<string, VisitRow[]>();
  for (const r of rows) {
    const id = `${r.tzday}\u0000${r.tt}`;
    (byDayAndTt.get(id) ?? byDayAndTt.set(id, []).get(id)!).push(r);
  }
  const depth = parents.length;
  let opened = 0n;
  const children = new Map<string, bigint>();
  for (const s of spend) {
    // Per top key: all its visits, those under the opened rows below the top, and those per child key.
    const tops = new Map<string, { all: bigint; under: bigint; byChild: Map<string, bigint> }>();
    for (const r of byDayAndTt.get(`${s.tzday}\u0000${s.tt}`) ?? []) {
      const top = tops.get(r.keys[0]!) ?? tops.set(r.keys[0]!, { all: 0n, under: 0n, byChild: new Map() }).get(r.keys[0]!)!;
      const visits = BigInt(r.visits);
      top.all += visits;
      if (r.passes !== 1 || !parents.every((p, i) => i === 0 || r.keys[i] === p)) continue;
      top.under += visits;
      const child = r.keys[depth]!;
      top.byChild.set(child, (top.byChild.get(child) ?? 0n) + visits);
    }
    const openedTop = tops.get(parents[0]!);
    if (!openedTop || openedTop.under === 0n) continue;
    const list = [...tops];
    /** The opened top key's share when the clicks that pass are `passing` of each top key's. */
    const shareOf = (passing: (top: { all: bigint; under: bigint; byChild: Map<string, bigint> }) => bigint): bigint => {
      const units = list
        .flatMap(([unit, top]) => [
          { unit, passes: 1, visits: passing(top) },
          { unit, passes: 0, visits: top.all - passing(top) },
        ])
        .filter((u) => u.visits > 0n);
      // Ties as spendAllocationSql breaks them: to the smaller unit (bytewise), then to the one that passes.
      const shares = splitCents(
        s.cents,
        units.map((u) => u.visits),
        (a, b) => compareBytes(units[a]!.unit, units[b]!.unit) || units[b]!.passes - units[a]!.passes,
      );
      const index = units.findIndex((u) => u.unit === parents[0] && u.passes === 1);
      return index < 0 ? 0n : shares[index]!;
    };
    opened += shareOf((top) => top.under);
    for (const child of openedTop.byChild.keys()) {
      children.set(child, (children.get(child) ?? 0n) + shareOf((top) => top.byChild.get(child) ?? 0n));
    }
  }
  return { opened, children };
}

export async function getDrillReport(deps: ReportDeps, query: ReportQuery, viewer: ViewerScope | null = null): Promise<ReportResponse> {
  const { db, analytics } = deps;
  const { levels: allLevels, parents } = drillPath(query);
  const levels = allLevels.slice(0, parents.length + 1);
  const child = levels[parents.length]!;
  if (parents.every((p) => p === NO_CLICK_KEY)) return openNoClickRow(deps, query, levels, viewer);
  const scope = await loadReportScope(db, query, levels.includes('mediabuyer'), viewer);
  const plan = planReport(scope, levels, parents);
  const { params } = plan;
  const sql = drillReportSql(plan);
  const [visitRows, spendRows, conversions, exits, unapproved, inexactSpendDays] = await Promise.all([
    queryVisitRows(analytics, sql.visits, levels.length, params),
    analytics.query<{ tzday: string; tt: string; cents: string | number }>(sql.spend, params),
    queryConversions(analytics, sql.conversions, params),
    queryExitClicks(analytics, sql.exitClicks, params),
    queryUnapprovedConversions(analytics, sql.unapprovedConversions, params),
    queryInexactSpendDays(analytics, params),
  ]);
  const spend = allocateDrillSpend(visitRows, spendRows.map((s) => ({ tzday: s.tzday, tt: s.tt, cents: BigInt(s.cents) })), parents);
  const childVisits = new Map<string, VisitMeasures>();
  for (const r of visitRows) {
    if (r.passes !== 1 || !parents.every((p, i) => r.keys[i] === p)) continue;
    const key = r.keys[parents.length]!;
    const v = childVisits.get(key) ?? childVisits.set(key, { clicks: 0, botClicks: 0 }).get(key)!;
    v.clicks += r.visits;
    v.botClicks += r.bots;
  }
  const measures = collectMeasures(childVisits, conversions('key'), unapproved);
  const keys = [...measures.keys()];
  const lastParent = parents[parents.length - 1]!;
  const [labels, parentLabels] = await Promise.all([labelGroups(db, child, keys), labelGroups(db, levels[parents.length - 1]!, [lastParent])]);
  const { rows, totals } = reportRows(
    keys,
    (key) => ({ m: measures.get(key)!, spendCents: Number(spend.children.get(key) ?? 0n), exitClicks: exits.get(key) ?? 0 }),
    labels,
    // The opened row itself, as its row one level up shows it. A media buyer who
    // opens a row with nothing of theirs under it (another buyer's spark id) learns no name from the answer.
    (keys.length > 0 || !viewer ? parentLabels.get(lastParent) : undefined) ?? lastParent,
    Number(spend.opened),
  );

  return {
    groupBy: child,
    startDate: query.startDate,
    endDate: query.endDate,
    timezone: scope.timezone,
    granularity: plan.granularity,
    rows,
    totals,
    // The chart shows the top level; an expansion answers rows only.
    series: [],
    inexactSpendDays,
  };
}

const emptyFigures = () => ({ m: emptyMeasures(), spendCents: 0, exitClicks: 0 });

/**
 * The 'No click' row opened: what no click carries has no value at any level, so it is one 'No click'
 * row again, the top level's own (its spend without visits included), and its totals are that row.
 */
async function openNoClickRow(deps: ReportDeps, query: ReportQuery, levels: ReportQuery['groupBy'][], viewer: ViewerScope | null): Promise<ReportResponse> {
  const { then: _t, then2: _t2, parent: _p, parent2: _p2, ...flat } = query;
  const top = await getReport(deps, { ...flat, groupBy: levels[0]! }, viewer, { series: false });
  const row = top.rows.find((r) => r.key === NO_CLICK_KEY);
  const totals = row ? { ...row, key: top.totals.key, label: NO_CLICK_LABEL } : reportRows([], emptyFigures, new Map(), NO_CLICK_LABEL).totals;
  return { ...top, groupBy: levels[levels.length - 1]!, rows: row ? [row] : [], totals, series: [] };
}
