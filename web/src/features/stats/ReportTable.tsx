// The report table (spec §2, §4) on the shared DataTable: the grouping's name column and the visible metric
// columns, each sortable and resizable; a TOTALS row; campaign rows toggle the campaign filter and the
// filtered one shows a badge. With a drill-down (drill.ts) rows open onto the next level's rows.
import type { ColumnDef, ColumnSizingState, OnChangeFn, SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { cn } from '../../lib/cn';
import { DataTable } from '../../ui/DataTable';
import { isFilterableCampaignRow } from './campaign-filter';
import type { ReportColumn, ReportColumnId } from './report-columns';
import { reportColumnVisibility, reportTableColumns } from './report-table-columns';
import type { ReportRow } from './report-types';
import type { DrillRow } from './drill';

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
  expanded,
  onExpandedChange,
  loadingRows,
  costNotes,
}: {
  /** The top rows, each with its opened children (drillTree). */
  rows: readonly DrillRow[];
  totals: ReportRow | undefined;
  /** Every metric column the grouping offers. */
  columns: readonly ReportColumn[];
  visible: readonly ReportColumnId[];
  nameHeader: string;
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  columnWidths: ColumnSizingState;
  onColumnWidthsChange: (next: ColumnSizingState) => void;
  isPending: boolean;
  failed: boolean;
  /** Rows are campaigns, so clicking one toggles the campaign filter. */
  campaignRows: boolean;
  filteredCampaignId: string | null;
  onCampaignRowClick: (row: ReportRow) => void;
  /** Ids of the opened rows. */
  expanded: readonly string[];
  onExpandedChange: (ids: string[]) => void;
  loadingRows: ReadonlySet<string>;
  /** Per TikTok campaign id, how its Cost was converted (converted-cost.ts). */
  costNotes?: ReadonlyMap<string, readonly string[]>;
}) {
  const tableColumns = useMemo(
    () => reportTableColumns({ nameHeader, columns, totals, campaignRows, filteredCampaignId, loadingRows, costNotes }),
    [nameHeader, columns, totals, campaignRows, filteredCampaignId, loadingRows, costNotes],
  );
  const expandedState = useMemo(() => Object.fromEntries(expanded.map((id) => [id, true])), [expanded]);

  return (
    <DataTable
      label="Report"
      pinnedColumns={['name']}
      data={rows}
      columns={tableColumns as ColumnDef<DrillRow>[]}
      getRowId={(row) => row.id}
      getSubRows={(row) => row.subRows}
      getRowCanExpand={(row) => row.canExpand}
      expanded={expandedState}
      onExpandedChange={(next) => onExpandedChange(Object.keys(next).filter((id) => next[id]))}
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
        // Only the top level is the campaign grouping; a child row never toggles the campaign filter.
        const top = row.depth === 0;
        const clickable = campaignRows && top && isFilterableCampaignRow(row);
        const filtered = campaignRows && top && filteredCampaignId === row.key;
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
