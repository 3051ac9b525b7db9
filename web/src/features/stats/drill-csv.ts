// stats-{date}.csv with a drill-down: the opened rows' children under their parent, in the table's
// order, one name column per level (the parent's names repeated) so a spreadsheet can filter by them.
import type { SortingState } from '@tanstack/react-table';
import type { DrillRow } from './drill';
import { nameHeaderFor, type ReportGroupBy } from './report-groupings';
import { STATS_CSV_HEADER, statsCsvLine } from './report-columns';
import { sortReportRows } from './sort-report-rows';

export function drillCsv(tree: readonly DrillRow[], levels: readonly ReportGroupBy[], sorting: SortingState): { header: string[]; lines: string[][] } {
  const [, ...figures] = STATS_CSV_HEADER;
  // Without a drill-down the file keeps the spec's header.
  const header = levels.length === 1 ? [...STATS_CSV_HEADER] : [...levels.map(nameHeaderFor), ...figures];
  const lines: string[][] = [];
  const walk = (rows: readonly DrillRow[], above: string[]) => {
    for (const row of sortReportRows(rows, sorting) as DrillRow[]) {
      const [name, ...values] = statsCsvLine(row);
      const names = [...above, name!];
      lines.push(levels.length === 1 ? [name!, ...values] : [...names, ...Array<string>(levels.length - names.length).fill(''), ...values]);
      if (row.subRows) walk(row.subRows, names);
    }
  };
  walk(tree, []);
  return { header, lines };
}
