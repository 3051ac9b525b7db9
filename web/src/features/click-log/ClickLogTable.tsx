// The Click Log table (spec §2) on the shared DataTable: Status, Converted (with payout), Click ID (8 characters),
// Campaign, Clicked At with the exit time below, TikTok Campaign (id and name), Ad Group, Creative,
// Placement and IP Address, plus the optional columns; times in the report time zone, not the browser's.
// Names wrap rather than hide behind a hover; with more columns on, the table scrolls sideways inside its
// card while the status, payout and click id stay in view.
import { tz } from '@date-fns/tz';
import type { ColumnSizingState } from '@tanstack/react-table';
import type { ClickLogRow } from '@tracker/schemas';
import { useMemo } from 'react';
import { DataTable } from '../../ui/DataTable';
import { clickLogTableColumns, CLICK_LOG_PINNED_COLUMNS, type ClickLogColumnId } from './click-log-columns';
import { columnVisibility } from './column-prefs';

const NO_SORTING: [] = [];

export function ClickLogTable({
  rows,
  timezone,
  hidden,
  widths,
  onWidthsChange,
  isPending,
  failed,
  emptyMessage = 'No clicks found for the selected filters',
}: {
  rows: readonly ClickLogRow[];
  /** The report time zone (IANA name). */
  timezone: string;
  hidden: readonly ClickLogColumnId[];
  widths: ColumnSizingState;
  onWidthsChange: (next: ColumnSizingState) => void;
  isPending: boolean;
  failed: boolean;
  emptyMessage?: string;
}) {
  const columns = useMemo(() => clickLogTableColumns(tz(timezone)), [timezone]);
  const visibility = useMemo(() => columnVisibility(hidden), [hidden]);
  return (
    <DataTable
      label="Click log"
      pinnedColumns={CLICK_LOG_PINNED_COLUMNS}
      data={rows}
      columns={columns}
      getRowId={(row) => row.clickId}
      sorting={NO_SORTING}
      onSortingChange={() => {}}
      manualSorting
      columnVisibility={visibility}
      columnSizing={widths}
      onColumnSizingCommit={onWidthsChange}
      isPending={isPending}
      loadingLabel="Loading clicks"
      emptyMessage={failed ? 'Failed to fetch clicks' : emptyMessage}
    />
  );
}
