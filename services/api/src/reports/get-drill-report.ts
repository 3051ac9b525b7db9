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
import { queryInexactSpendDays, type SpendPools } from './spend-allocation';
import type { ViewerScope } from './viewer-scope';

interface VisitRow {
  tzday: string;
  tt: string;
  /** The keys of the levels down to the one asked for; deeper keys are '' outside the opened rows. */
  keys: string[];
  /** The click's ad group or ad, for spend pooled by it: the rows' pools, then the opened row's. */
  subs: string[];
  passes: number;
  visits: number;
  bots: number;
}

interface SpendRow {
  tzday: string;
  /** The pool: a TikTok campaign id, or 'campaign|ad group' ('campaign|ad') pooled by ad group (ad). */
  tt: string;
  cents: bigint;
  /** Pooled: the ad group (ad) whose own row the spend is when it has no visits. */
  orphan: string;
}

/** The visit rows of a drillVisitsSql query over `levels` levels and `subs` sub columns. */
async function queryVisitRows(analytics: Analytics, sql: string, levels: number, subs: number, params: QueryParams): Promise<VisitRow[]> {
  const rows = await analytics.query<Record<string, string | number>>(sql, params);
  return rows.map((r) => ({
    tzday: String(r.day),
    tt: String(r.tt),
    keys: Array.from({ length: levels }, (_, i) => String(r[`k${i}`])),
    subs: Array.from({ length: subs }, (_, i) => String(r[`s${i}`])),
    passes: Number(r.passes),
    visits: Number(r.visits),
    bots: Number(r.bots),
  }));
}

async function querySpendRows(analytics: Analytics, sql: string, params: QueryParams): Promise<SpendRow[]> {
  const rows = await analytics.query<{ tzday: string; tt: string; cents: string | number; orphan: string }>(sql, params);
  return rows.map((r) => ({ tzday: r.tzday, tt: r.tt, cents: BigInt(r.cents), orphan: r.orphan }));
}

/** The visit rows of each pool: a row lies in its TikTok campaign's and, pooled by ad group or ad (`sub`, the
 *  index of its sub column), in its ad group's or ad's. */
function rowsByPool(rows: VisitRow[], sub: number | undefined): Map<string, VisitRow[]> {
  const pools = new Map<string, VisitRow[]>();
  const add = (id: string, r: VisitRow) => (pools.get(id) ?? pools.set(id, []).get(id)!).push(r);
  for (const r of rows) {
    add(`${r.tzday}\u0000${r.tt}`, r);
    if (sub !== undefined) add(`${r.tzday}\u0000${r.tt}|${r.subs[sub]}`, r);
  }
  return pools;
}

/**
 * Spend of the opened row and of each of its children, each by the flat report's own split: a pool's (day and
 * TikTok campaign, or ad group or ad) cents over (top key, passes) units, where a click passes when the report's
 * filters accept it and it lies under the opened rows below the top level (and, for a child, has the child's
 * key); the opened top key's passing unit is the figure. So a row gets the cents the flat report gives
 * the same clicks when they are filtered by those values (campaign → US → iOS is country=US&os=iOS under
 * the campaign), whatever the path; the children may differ from their parent by the odd cent (and, pooled
 * by ad below a campaign, by the spend of the campaign's ads that had no visits). `orphans`: an opened top row
 * that is an ad group or ad gets its spend without visits, as its flat row shows it.
 */
function allocateDrillSpend(
  byPool: Map<string, VisitRow[]>,
  spend: SpendRow[],
  parents: string[],
  orphans: boolean,
): { opened: bigint; children: Map<string, bigint> } {
  const depth = parents.length;
  let opened = 0n;
  const children = new Map<string, bigint>();
  for (const s of spend) {
    const rows = byPool.get(`${s.tzday}\u0000${s.tt}`) ?? [];
    if (orphans && rows.length === 0 && s.orphan !== '' && s.orphan === parents[0]) opened += s.cents;
    // Per top key: all its visits, those under the opened rows below the top, and those per child key.
    const tops = new Map<string, { all: bigint; under: bigint; byChild: Map<string, bigint> }>();
    for (const r of rows) {
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
  const subs = [plan.spend.sub, plan.openedSpend.sub].filter((sub) => sub !== undefined).length;
  const [visitRows, spendRows, openedSpendRows, conversions, exits, unapproved, inexactSpendDays] = await Promise.all([
    queryVisitRows(analytics, sql.visits, levels.length, subs, params),
    querySpendRows(analytics, sql.spend, params),
    sql.openedSpend === undefined ? undefined : querySpendRows(analytics, sql.openedSpend, params),
    queryConversions(analytics, sql.conversions, params),
    queryExitClicks(analytics, sql.exitClicks, params),
    queryUnapprovedConversions(analytics, sql.unapprovedConversions, params),
    queryInexactSpendDays(analytics, params),
  ]);
  // The rows' pools (sub column 0 when pooled), and the opened row's as the level above pools them (its own
  // sub column, the last one).
  const orphans = (pools: SpendPools) => pools.level !== 'campaign' && pools.orphans && parents.length === 1;
  const spend = allocateDrillSpend(rowsByPool(visitRows, plan.spend.sub === undefined ? undefined : 0), spendRows, parents, orphans(plan.spend.pools));
  const opened = openedSpendRows
    ? allocateDrillSpend(rowsByPool(visitRows, plan.openedSpend.sub === undefined ? undefined : subs - 1), openedSpendRows, parents, orphans(plan.openedSpend.pools)).opened
    : spend.opened;
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
    Number(opened),
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
