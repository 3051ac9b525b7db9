// The report table (spec §2, §4) on the shared DataTable: the grouping's name column and the visible metric
// columns, each sortable and resizable; a TOTALS row; campaign rows toggle the campaign filter and the
// filtered one shows a badge.
import type { ColumnSizingState, SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { cn } from '../../lib/cn';
import { DataTable } from '../../ui/DataTable';
import { isFilterableCampaignRow } from './campaign-filter';
import type { ReportColumn, ReportColumnId } from './report-columns';
import { reportColumnVisibility, reportTableColumns } from './report-table-columns';
import type { ReportRow } from './report-types';
import { sortByName } from './sort-report-rows';

export function ReportTable({
  rows,
  totals,
  columns,
  visible,
  nameHeader,
  sorting,
  onSortingChange,
  columnWidths,
  onColumnWidthsChange,
  isPending,
  failed,
  campaignRows,
  filteredCampaignId,
  onCampaignRowClick,
}: {
  rows: readonly ReportRow[];
  totals: ReportRow | undefined;
  /** Every metric column the grouping offers. */
  columns: readonly ReportColumn[];
  visible: readonly ReportColumnId[];
  nameHeader: string;
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  columnWidths: ColumnSizingState;
  onColumnWidthsChange: (next: ColumnSizingState) => void;
  isPending: boolean;
  failed: boolean;
  /** Rows are campaigns, so clicking one toggles the campaign filter. */
  campaignRows: boolean;
  filteredCampaignId: string | null;
  onCampaignRowClick: (row: ReportRow) => void;
}) {
  const tableColumns = useMemo(
    () => reportTableColumns({ nameHeader, columns, totals, campaignRows, filteredCampaignId }),
    [nameHeader, columns, totals, campaignRows, filteredCampaignId],
  );
  const data = useMemo(() => sortByName(rows), [rows]);

  return (
    <DataTable
      label="Report"
      data={data}
      columns={tableColumns}
      getRowId={(row) => row.key}
      sorting={sorting}
      onSortingChange={onSortingChange}
      columnVisibility={reportColumnVisibility(columns, visible)}
      columnSizing={columnWidths}
      onColumnSizingCommit={onColumnWidthsChange}
      showFooter={totals !== undefined}
      isPending={isPending}
      loadingLabel="Loading stats"
      emptyMessage={failed ? 'Failed to fetch stats' : 'No data available for the selected filters'}
      getRowProps={(row) => {
        const clickable = campaignRows && isFilterableCampaignRow(row);
        const filtered = campaignRows && filteredCampaignId === row.key;
        if (!clickable) return filtered ? { 'data-state': 'selected', className: 'bg-muted' } : {};
        return {
          'data-state': filtered ? 'selected' : undefined,
          className: cn('cursor-pointer', filtered && 'bg-muted'),
          tabIndex: 0,
          title: filtered ? 'Click to clear the campaign filter' : 'Click to filter by this campaign',
          onClick: () => onCampaignRowClick(row),
          onKeyDown: (event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onCampaignRowClick(row);
            }
          },
        };
      }}
    />
  );
}
