// The report table's columns for @tanstack/react-table (spec §2, §3, §9): the grouping's name column with
// the 'Filtered' badge, then every metric the grouping offers, each with its spec format, sort order,
// default width and the TOTALS footer. Drilled rows (drill.ts) open with a chevron and sit indented
// under their parent, which is their totals.
import type { ColumnDef, Row, VisibilityState } from '@tanstack/react-table';
import { ChevronDown, ChevronRight, Info } from 'lucide-react';
import { cn } from '../../lib/cn';
import { moneySign } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { Spinner } from '../../ui/Spinner';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../ui/Tooltip';
import { formatReportCell, reportCellValue, type ReportColumn, type ReportColumnId } from './report-columns';
import { NO_CLICK_KEY, NO_CLICK_LEGEND, type ReportRow } from './report-types';
import { compareReportRows } from './sort-report-rows';

/** Default widths in pixels, until the user drags one. */
export const NAME_COLUMN_WIDTH = 260;
export const METRIC_COLUMN_WIDTH = 120;

export function reportTableColumns({
  nameHeader,
  columns,
  totals,
  campaignRows,
  filteredCampaignId,
  loadingRows,
  costNotes,
}: {
  nameHeader: string;
  /** Every metric the grouping offers; which ones show is the visibility's business. */
  columns: readonly ReportColumn[];
  totals: ReportRow | undefined;
  campaignRows: boolean;
  filteredCampaignId: string | null;
  /** Opened rows whose children are on their way. */
  loadingRows?: ReadonlySet<string>;
  /** Per top row key (a TikTok campaign id), how its Cost was converted (converted-cost.ts): shown on hover. */
  costNotes?: ReadonlyMap<string, readonly string[]>;
}): ColumnDef<ReportRow>[] {
  const name: ColumnDef<ReportRow> = {
    id: 'name',
    header: nameHeader,
    size: NAME_COLUMN_WIDTH,
    accessorFn: (row) => row.label,
    sortingFn: (a, b) => compareReportRows(a.original, b.original, 'name'),
    cell: ({ row }) => (
      <span className="flex min-w-0 items-center gap-2 font-medium" style={{ paddingLeft: `${row.depth * 1.25}rem` }}>
        <DrillToggle row={row} loading={loadingRows?.has(row.id) ?? false} />
        <span className={cn('truncate', row.original.key === NO_CLICK_KEY && 'text-muted-foreground italic')} title={row.original.label}>
          {row.original.label}
        </span>
        {row.original.key === NO_CLICK_KEY && <NoClickLegend />}
        {campaignRows && row.depth === 0 && filteredCampaignId === row.original.key && <Badge variant="secondary">Filtered</Badge>}
      </span>
    ),
    footer: 'TOTALS',
  };
  const metrics = columns.map(
    (column): ColumnDef<ReportRow> => ({
      id: column.id,
      header: column.label,
      size: METRIC_COLUMN_WIDTH,
      // The figure sorted by: a figure a row lacks (a campaign-only one, say) is 0, not 'undefined goes last'.
      accessorFn: (row) => reportCellValue(row, column.id),
      sortingFn: (a, b) => compareReportRows(a.original, b.original, column.id),
      cell: ({ row }) => {
        const notes = column.id === 'spend' && row.depth === 0 ? costNotes?.get(row.original.key) : undefined;
        return notes ? <ConvertedCost text={formatReportCell(row.original, column.id)} notes={notes} /> : formatReportCell(row.original, column.id);
      },
      footer: () => (totals ? <span className={profitTone(totals, column.id)}>{formatReportCell(totals, column.id)}</span> : null),
      meta: { align: 'right', cellClassName: (row) => profitTone(row, column.id) },
    }),
  );
  return [name, ...metrics];
}

/** What the 'No click' row holds, behind an info icon beside its name. */
function NoClickLegend() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={NO_CLICK_LEGEND}
          className="shrink-0 text-muted-foreground hover:text-foreground"
          // The row's own click (the campaign filter) is not this button's.
          onClick={(event) => event.stopPropagation()}
        >
          <Info className="size-3.5" aria-hidden />
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs">{NO_CLICK_LEGEND}</TooltipContent>
    </Tooltip>
  );
}

/** A Cost converted from another currency: dotted underline, and on hover or focus what it was and at which rate. */
function ConvertedCost({ text, notes }: { text: string; notes: readonly string[] }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="cursor-help underline decoration-muted-foreground decoration-dotted underline-offset-4"
          data-testid="converted-cost"
          // The row's own click (the campaign filter) is not this button's.
          onClick={(event) => event.stopPropagation()}
        >
          {text}
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm text-left">
        <p className="font-medium">Converted from the account&apos;s currency</p>
        <ul className="mt-1 grid gap-0.5 tabular-nums">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </TooltipContent>
    </Tooltip>
  );
}

/** Which of the grouping's metric columns show, in TanStack's terms; the name column always does. */
export function reportColumnVisibility(columns: readonly ReportColumn[], visible: readonly ReportColumnId[]): VisibilityState {
  const shown = new Set(visible);
  return Object.fromEntries(columns.map((column) => [column.id, shown.has(column.id)]));
}

function profitTone(row: ReportRow, id: string): string | undefined {
  if (id !== 'profit' && id !== 'roi') return undefined;
  const value = id === 'profit' ? moneySign(row.profit) : (row.roi ?? 0);
  if (value > 0) return 'text-emerald-600';
  if (value < 0) return 'text-red-600';
  return undefined;
}

/** The chevron that opens a row onto the next level; a spacer keeps labels aligned when a level has one. */
function DrillToggle({ row, loading }: { row: Row<ReportRow>; loading: boolean }) {
  if (!row.getCanExpand()) return row.depth > 0 ? <span className="w-5 shrink-0" aria-hidden="true" /> : null;
  const open = row.getIsExpanded();
  if (open && loading) return <Spinner label={`Loading rows of ${row.original.label}`} className="size-5 shrink-0" />;
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-label={`${open ? 'Collapse' : 'Expand'} ${row.original.label}`}
      // The row's own click filters by campaign: opening it must not.
      onClick={(event) => {
        event.stopPropagation();
        row.toggleExpanded();
      }}
      onKeyDown={(event) => event.stopPropagation()}
      className="inline-flex size-5 shrink-0 items-center justify-center rounded-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}
