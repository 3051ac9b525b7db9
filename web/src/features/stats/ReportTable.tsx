// The report table (spec §2, §4): the grouping's name column and the visible metric columns, each
// sortable; a TOTALS row; campaign rows toggle the campaign filter and the filtered one shows a badge.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { moneySign } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { Spinner } from '../../ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { TableMessageRow } from '../../ui/TableMessageRow';
import { isFilterableCampaignRow } from './campaign-filter';
import { formatReportCell, type ReportColumn } from './report-columns';
import { UNATTRIBUTED_KEY, type ReportRow } from './report-types';
import type { ReportSort, ReportSortKey } from './sort-report-rows';

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  alignRight,
}: {
  label: string;
  sortKey: ReportSortKey;
  sort: ReportSort;
  onSort: (key: ReportSortKey) => void;
  alignRight?: boolean;
}) {
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn(alignRight && 'text-right')}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          'inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none',
          active ? 'text-foreground' : 'text-muted-foreground',
        )}
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}

export function ReportTable({
  rows,
  totals,
  columns,
  nameHeader,
  sort,
  onSort,
  isPending,
  failed,
  campaignRows,
  filteredCampaignId,
  onCampaignRowClick,
}: {
  rows: readonly ReportRow[];
  totals: ReportRow | undefined;
  columns: readonly ReportColumn[];
  nameHeader: string;
  sort: ReportSort;
  onSort: (key: ReportSortKey) => void;
  isPending: boolean;
  failed: boolean;
  /** Rows are campaigns, so clicking one toggles the campaign filter. */
  campaignRows: boolean;
  filteredCampaignId: string | null;
  onCampaignRowClick: (row: ReportRow) => void;
}) {
  const span = columns.length + 1;
  return (
    <Table aria-label="Report">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortHeader label={nameHeader} sortKey="name" sort={sort} onSort={onSort} />
          {columns.map((column) => (
            <SortHeader key={column.id} label={column.label} sortKey={column.id} sort={sort} onSort={onSort} alignRight />
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableMessageRow colSpan={span}>
            <Spinner label="Loading stats" />
          </TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={span}>{failed ? 'Failed to fetch stats' : 'No data available for the selected filters'}</TableMessageRow>
        ) : (
          <>
            {rows.map((row) => {
              const clickable = campaignRows && isFilterableCampaignRow(row);
              const filtered = campaignRows && filteredCampaignId === row.key;
              return (
                <TableRow
                  key={row.key}
                  data-state={filtered ? 'selected' : undefined}
                  className={cn(clickable && 'cursor-pointer', filtered && 'bg-muted')}
                  onClick={clickable ? () => onCampaignRowClick(row) : undefined}
                  onKeyDown={
                    clickable
                      ? (event) => {
                          if (event.key === 'Enter' || event.key === ' ') {
                            event.preventDefault();
                            onCampaignRowClick(row);
                          }
                        }
                      : undefined
                  }
                  tabIndex={clickable ? 0 : undefined}
                  title={clickable ? (filtered ? 'Click to clear the campaign filter' : 'Click to filter by this campaign') : undefined}
                >
                  <TableCell className="max-w-72 font-medium">
                    <span className="flex items-center gap-2">
                      <span className={cn('truncate', row.key === UNATTRIBUTED_KEY && 'text-muted-foreground italic')}>{row.label}</span>
                      {filtered && <Badge variant="secondary">Filtered</Badge>}
                    </span>
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.id} className={cn('text-right whitespace-nowrap tabular-nums', profitTone(row, column.id))}>
                      {formatReportCell(row, column.id)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {totals && (
              <TableRow className="border-t-2 bg-muted/50 font-semibold hover:bg-muted/50">
                <TableCell>TOTALS</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.id} className={cn('text-right whitespace-nowrap tabular-nums', profitTone(totals, column.id))}>
                    {formatReportCell(totals, column.id)}
                  </TableCell>
                ))}
              </TableRow>
            )}
          </>
        )}
      </TableBody>
    </Table>
  );
}

function profitTone(row: ReportRow, id: string): string | undefined {
  if (id !== 'profit' && id !== 'roi') return undefined;
  const value = id === 'profit' ? moneySign(row.profit) : row.roi;
  if (value > 0) return 'text-emerald-600';
  if (value < 0) return 'text-red-600';
  return undefined;
}
