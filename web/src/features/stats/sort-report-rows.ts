// Sorting of the report table (spec §4), in @tanstack/react-table's terms: revenue descending by default;
// the table flips a sorted column and sorts a new one descending first; names compare case-insensitively,
// and equal figures fall back to the name. The CSV file follows the same order.
import type { SortingState } from '@tanstack/react-table';
import { reportCellValue, type ReportColumnId } from './report-columns';
import type { ReportRow } from './report-types';

export type ReportSortKey = 'name' | ReportColumnId;

export const DEFAULT_REPORT_SORTING: SortingState = [{ id: 'revenue', desc: true }];

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Ascending order of two rows by one column, ties left at 0. */
export function compareReportRows(a: ReportRow, b: ReportRow, key: ReportSortKey): number {
  return key === 'name' ? byName.compare(a.label, b.label) : reportCellValue(a, key) - reportCellValue(b, key);
}

/**
 * The rows by name: the table's input, so that rows the sorted column ties on keep reading A to Z
 * (TanStack keeps the input order on a tie, whichever the direction).
 */
export function sortByName(rows: readonly ReportRow[]): ReportRow[] {
  return [...rows].sort((a, b) => byName.compare(a.label, b.label));
}

/** The rows in the table's order, for the CSV file. */
export function sortReportRows(rows: readonly ReportRow[], sorting: SortingState): ReportRow[] {
  const [sort] = sorting;
  if (!sort) return sortByName(rows);
  const sign = sort.desc ? -1 : 1;
  return sortByName(rows).sort((a, b) => sign * compareReportRows(a, b, sort.id as ReportSortKey));
}
