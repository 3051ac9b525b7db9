// stats-{date}.csv: the rows in the table's order, with a drill-down the opened rows' children under their
// parent, one name column per level (the parent's names repeated) so a spreadsheet can filter by them;
// then the table's totals row.
import type { SortingState } from '@tanstack/react-table';
import type { DrillRow } from './drill';
import { nameHeaderFor, type ReportGroupBy } from './report-groupings';
import { statsCsvColumns, statsCsvHeader, statsCsvLine, type ReportColumnId } from './report-columns';
import type { ReportRow } from './report-types';
import { sortReportRows } from './sort-report-rows';

export function drillCsv(
  tree: readonly DrillRow[],
  levels: readonly ReportGroupBy[],
  sorting: SortingState,
  options: { visible?: readonly ReportColumnId[]; totals?: ReportRow } = {},
): { header: string[]; lines: string[][] } {
  const columns = statsCsvColumns(options.visible);
  const [, ...figures] = statsCsvHeader(columns);
  // Without a drill-down the file keeps one Name column.
  const header = levels.length === 1 ? statsCsvHeader(columns) : [...levels.map(nameHeaderFor), ...figures];
  const lines: string[][] = [];
  const padded = (names: string[], values: string[]) => (levels.length === 1 ? [names[0]!, ...values] : [...names, ...Array<string>(levels.length - names.length).fill(''), ...values]);
  const walk = (rows: readonly DrillRow[], above: string[]) => {
    for (const row of sortReportRows(rows, sorting) as DrillRow[]) {
      const [name, ...values] = statsCsvLine(row, columns);
      const names = [...above, name!];
      lines.push(padded(names, values));
      if (row.subRows) walk(row.subRows, names);
    }
  };
  walk(tree, []);
  if (options.totals) {
    const [, ...values] = statsCsvLine(options.totals, columns);
    lines.push(padded(['Total'], values));
  }
  return { header, lines };
}
