// Drill-down of the report table: the 'Then by' levels under the grouping, the rows
// the user has opened, and the tree of rows they make. Children load one opened row at a time
// (GET /api/reports with then/then2 and parent/parent2), as Voluum and RedTrack expand them.
import { canDrillInto, MAX_DRILL_LEVELS, type ReportGroupBy } from '@tracker/schemas';
import { NO_CLICK_KEY, type Report, type ReportRow } from './report-types';
import { sortByName } from './sort-report-rows';

/** The drill state: the levels under the grouping, and the opened rows by id (rowId of their path). */
export interface DrillState {
  then: ReportGroupBy | null;
  then2: ReportGroupBy | null;
  expanded: readonly string[];
}

export const NO_DRILL: DrillState = { then: null, then2: null, expanded: [] };

/** A row of the tree: a report row, where it sits, and its children once loaded. */
export type DrillRow = ReportRow & {
  id: string;
  /** The keys from the top level down to this row. */
  path: string[];
  depth: number;
  canExpand: boolean;
  subRows?: DrillRow[];
};

/** The grouping levels in order: the grouping, then the chosen 'Then by' ones. */
export function drillLevels(groupBy: ReportGroupBy, drill: DrillState): ReportGroupBy[] {
  const levels = [groupBy];
  if (drill.then) levels.push(drill.then);
  if (drill.then && drill.then2) levels.push(drill.then2);
  return levels.slice(0, MAX_DRILL_LEVELS);
}

/** The groupings a 'Then by' select may offer under the levels above it. */
export function drillChoices(above: readonly ReportGroupBy[], all: readonly ReportGroupBy[]): ReportGroupBy[] {
  return all.filter((g) => above.every((parent) => canDrillInto(parent, g)));
}

/** Keeps the drill possible for a new grouping: a level that no longer fits goes, with those below it. */
export function fitDrill(groupBy: ReportGroupBy, drill: DrillState): DrillState {
  const then = drill.then && canDrillInto(groupBy, drill.then) ? drill.then : null;
  const then2 = then && drill.then2 && canDrillInto(groupBy, drill.then2) && canDrillInto(then, drill.then2) ? drill.then2 : null;
  if (then === drill.then && then2 === drill.then2) return drill;
  return { then, then2, expanded: [] };
}

export const rowId = (path: readonly string[]) => JSON.stringify(path);

/** The opened rows of the top level only. */
export function openedAtTop(expanded: readonly string[]): string[] {
  return expanded.filter((id) => (JSON.parse(id) as string[]).length === 1);
}

/** The query of one opened row's children. */
export function childParams<P extends object>(base: P, levels: readonly ReportGroupBy[], path: readonly string[]) {
  return {
    ...base,
    then: levels[1],
    then2: path.length >= 2 ? levels[2] : undefined,
    parent: path[0],
    parent2: path[1],
  };
}

/** The opened rows whose children the table needs: those whose parents are open too, above the last level. */
export function openedPaths(levels: readonly ReportGroupBy[], expanded: readonly string[]): string[][] {
  const open = new Set(expanded);
  return expanded
    .map((id) => JSON.parse(id) as string[])
    .filter((path) => path.length < levels.length && path.every((_, i) => open.has(rowId(path.slice(0, i + 1)))));
}

/** The tree the table draws: top rows, and under each opened row its loaded children. */
export function drillTree(rows: readonly ReportRow[], levels: readonly ReportGroupBy[], children: ReadonlyMap<string, Report>): DrillRow[] {
  // By name first, as the table's input: rows the sorted column ties on then read A to Z at every level.
  const build = (list: readonly ReportRow[], above: string[]): DrillRow[] =>
    sortByName(list).map((row) => {
      const path = [...above, row.key];
      const id = rowId(path);
      // What no click carries has no value at any level: opened, it would only show itself again.
      const canExpand = path.length < levels.length && row.key !== NO_CLICK_KEY;
      const loaded = children.get(id);
      return { ...row, id, path, depth: above.length, canExpand, subRows: loaded ? build(loaded.rows, path) : undefined };
    });
  return build(rows, []);
}
