// GET /api/reports with `then`/`parent` (drill-down): the rows of the next grouping
// level under one opened row, as Voluum and RedTrack expand them lazily, one parent at a time. Spend
// is split level by level: each (day, TikTok campaign) goes to the top-level rows exactly as the flat
// report splits it, then the opened row's cents go to its children pro rata by visits (largest
// remainder), so the children always add up to their parent's row to the cent; `totals` is that row.
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
      // Ties as spendAllocationSql breaks them: to the smaller unit (bytewise), then to the one that passes.
      const shares = splitCents(
        cents,
        list.map((u) => BigInt(u.visits)),
        (a, b) => compareBytes(list[a]!.unit, list[b]!.unit) || list[b]!.passes - list[a]!.passes,
      );
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
  if (parents.every((p) => p === NO_CLICK_KEY)) return openNoClickRow(deps, query, levels, viewer);
  const scope = await loadReportScope(db, query, levels.includes('mediabuyer'), viewer);
  const plan = planReport(scope, levels, parents);
  const { params, top } = plan;
  const sql = drillReportSql(plan);
  const [visits, topVisits, spendRows, conversions, exits, unapproved] = await Promise.all([
    queryVisitRows(analytics, sql.visits, levels.length, params),
    top && sql.topVisits !== undefined ? queryVisitRows(analytics, sql.topVisits, top.keys.length, top.params) : undefined,
    analytics.query<{ tzday: string; tt: string; cents: string | number }>(sql.spend, params),
    queryConversions(analytics, sql.conversions, params),
    queryExitClicks(analytics, sql.exitClicks, params),
    queryUnapprovedConversions(analytics, sql.unapprovedConversions, params),
  ]);
  // A split top level (ReportPlan.top): its rollup answers every top row but the opened one, which the
  // raw read answers with its deeper keys. Both count the same clicks.
  const deeper = levels.slice(1).map(() => '');
  const visitRows = topVisits
    ? [...topVisits.filter((r) => r.passes === 0 || r.keys[0] !== parents[0]).map((r) => ({ ...r, keys: [...r.keys, ...deeper] })), ...visits]
    : visits;

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
    (key) => ({ m: measures.get(key)!, spendCents: Number(spend.get(key) ?? 0n), exitClicks: exits.get(key) ?? 0 }),
    labels,
    // The opened row itself: its children sum to it, and it matches its row one level up. A media buyer who
    // opens a row with nothing of theirs under it (another buyer's spark id) learns no name from the answer.
    (keys.length > 0 || !viewer ? parentLabels.get(lastParent) : undefined) ?? lastParent,
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
