// The report table's sorting as a user clicks it: the dashboard's column definitions in a headless
// @tanstack/react-table instance (the one DataTable renders), beside the CSV file's order.
import { describe, expect, it } from '@jest/globals';
import { createTable, getCoreRowModel, getSortedRowModel, type SortingState, type TableState, type Updater } from '@tanstack/react-table';
import { DATA_TABLE_SORTING } from '../../ui/data-table-sorting';
import { columnsForGrouping } from './report-columns';
import { reportRow } from '../../testing/report-fixtures';
import { reportTableColumns } from './report-table-columns';
import type { ReportRow } from './report-types';
import { DEFAULT_REPORT_SORTING, sortByName, sortReportRows } from './sort-report-rows';

const rows = [
  reportRow('beta', { revenue: '9.50', clicks: 300 }),
  reportRow('Alpha', { revenue: '120.00', clicks: 10 }),
  reportRow('gamma', { revenue: '10.25', clicks: 25 }),
  reportRow('Delta', { revenue: '-3', clicks: 25 }),
];

const labels = (list: { label: string }[]) => list.map((r) => r.label);

/** A headless table as DataTable configures it, whose header clicks go through TanStack's toggling. */
function reportTable(data: ReportRow[]) {
  let state = { sorting: DEFAULT_REPORT_SORTING } as Partial<TableState>;
  const apply = <T,>(updater: Updater<T>, current: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater);
  const table = createTable<ReportRow>({
    data: sortByName(data),
    columns: reportTableColumns({ nameHeader: 'Campaign', columns: columnsForGrouping('campaign'), totals: undefined, campaignRows: true, filteredCampaignId: null }),
    getRowId: (row) => row.key,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...DATA_TABLE_SORTING,
    state,
    onStateChange: (updater) => {
      state = apply(updater, table.getState());
      table.setOptions((prev) => ({ ...prev, state }));
    },
    renderFallbackValue: null,
  });
  table.setOptions((prev) => ({ ...prev, state: { ...table.initialState, ...state } }));
  return {
    shown: () => labels(table.getRowModel().rows.map((r) => r.original)),
    sorting: () => table.getState().sorting as SortingState,
    click: (id: string) => table.getColumn(id)!.toggleSorting(undefined, false),
  };
}

describe('report sorting', () => {
  it('sorts by revenue descending by default, comparing amounts not strings', () => {
    const table = reportTable(rows);
    expect(table.sorting()).toEqual([{ id: 'revenue', desc: true }]);
    expect(table.shown()).toEqual(['Alpha', 'gamma', 'beta', 'Delta']);
    expect(labels(sortReportRows(rows, table.sorting()))).toEqual(table.shown());
  });

  it('flips the sorted column, never unsorts it, and sorts a new column descending first', () => {
    const table = reportTable(rows);
    table.click('revenue');
    expect(table.sorting()).toEqual([{ id: 'revenue', desc: false }]);
    expect(table.shown()).toEqual(['Delta', 'beta', 'gamma', 'Alpha']);
    table.click('revenue');
    expect(table.sorting()).toEqual([{ id: 'revenue', desc: true }]);
    table.click('clicks');
    expect(table.sorting()).toEqual([{ id: 'clicks', desc: true }]);
  });

  it('sorts names case-insensitively', () => {
    const table = reportTable(rows);
    table.click('name');
    expect(table.shown()).toEqual(['gamma', 'Delta', 'beta', 'Alpha']);
    table.click('name');
    expect(table.shown()).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
    expect(labels(sortReportRows(rows, table.sorting()))).toEqual(table.shown());
  });

  it('breaks ties by name in either direction, in the table and the CSV alike, and leaves the input alone', () => {
    const copy = [...rows];
    const table = reportTable(rows);
    table.click('clicks');
    expect(table.shown()).toEqual(['beta', 'Delta', 'gamma', 'Alpha']);
    table.click('clicks');
    expect(table.shown()).toEqual(['Alpha', 'Delta', 'gamma', 'beta']);
    expect(labels(sortReportRows(rows, table.sorting()))).toEqual(table.shown());
    expect(rows).toEqual(copy);
  });

  it('treats a column a row lacks as 0', () => {
    const table = reportTable([reportRow('a', { linkClicks: 4 }), reportRow('b')]);
    table.click('linkClicks');
    table.click('linkClicks');
    expect(table.shown()).toEqual(['b', 'a']);
  });
});
