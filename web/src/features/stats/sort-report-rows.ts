// Sorting of the report table (spec §4): revenue descending by default; clicking the sorted column
// flips it, clicking another sorts that one descending; names compare case-insensitively.
import { reportCellValue, type ReportColumnId } from './report-columns';
import type { ReportRow } from './report-types';

export type ReportSortKey = 'name' | ReportColumnId;

export interface ReportSort {
  key: ReportSortKey;
  direction: 'asc' | 'desc';
}

export const DEFAULT_REPORT_SORT: ReportSort = { key: 'revenue', direction: 'desc' };

export function nextReportSort(current: ReportSort, clicked: ReportSortKey): ReportSort {
  if (current.key === clicked) return { key: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key: clicked, direction: 'desc' };
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function sortReportRows(rows: readonly ReportRow[], sort: ReportSort): ReportRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const order =
      sort.key === 'name' ? byName.compare(a.label, b.label) : reportCellValue(a, sort.key) - reportCellValue(b, sort.key);
    // Equal figures keep a stable, readable order.
    return order !== 0 ? sign * order : byName.compare(a.label, b.label);
  });
}
