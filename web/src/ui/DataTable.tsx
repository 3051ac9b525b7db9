// The data table every list screen shares, on @tanstack/react-table: sortable headers, column visibility,
// widths the user drags (saved by the caller), columns pinned at the left while the rest scroll sideways, a
// totals footer row, the loading, failure and empty states, and optionally rows that open onto sub rows
// (TanStack's expanding row model; the caller loads them).
import {
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type ColumnSizingState,
  type ExpandedState,
  type Header,
  type OnChangeFn,
  type RowData,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { DATA_TABLE_SORTING, sortingAfterHeaderClick } from './data-table-sorting';
import { Skeleton } from './Skeleton';
import { Spinner } from './Spinner';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from './Table';
import { TableMessageRow } from './TableMessageRow';

declare module '@tanstack/react-table' {
  // An augmentation repeats TanStack's type parameters by name, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Figures read best right-aligned. */
    align?: 'left' | 'right';
    /** Extra classes for this column's body cells (a row's tone, say). */
    cellClassName?: (row: TData) => string | undefined;
    /** Long text (a campaign or placement name) wraps onto more lines instead of ending in an ellipsis. */
    wrap?: boolean;
  }
}

/** Keyboard steps of a focused resize handle, in pixels. */
const KEY_STEP = 16;

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  data: readonly Row[];
  // TanStack's own column type: its value type varies per column, which `unknown` cannot express.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  getRowId: (row: Row) => string;
  sorting: SortingState;
  /**
   * Given TanStack's updater as it comes: a header clicked twice before the first click re-rendered must toggle
   * from the sorting the first click set, which only the owner of the state knows (a `useState` setter does).
   */
  onSortingChange: OnChangeFn<SortingState>;
  /** Sorted by the server: the rows arrive in order and headers only report clicks. */
  manualSorting?: boolean;
  columnVisibility?: VisibilityState;
  /** Saved widths in pixels by column id; columns without one use their `size`. */
  columnSizing?: ColumnSizingState;
  /** Called once a drag (or a keyboard step, or a double-click back to the default) settles, with every width. */
  onColumnSizingCommit?: (next: ColumnSizingState) => void;
  /** Draws the columns' `footer` as a last row, under the data (a TOTALS row). */
  showFooter?: boolean;
  /** Columns kept in view at the left, in this order, while a wide table scrolls sideways inside its card
   *  (the name column; a click's status and id). TanStack's column pinning: a hidden one is skipped. */
  pinnedColumns?: readonly string[];
  isPending?: boolean;
  /** Said beside the spinner ('Loading offers...'). */
  loadingLabel?: string;
  /** While pending, this many placeholder rows instead of the spinner (the Codes screen shows three). */
  skeletonRows?: number;
  /** What an empty table says. */
  emptyMessage: ReactNode;
  /** Why the rows could not be fetched ('Failed to fetch landers: ...'); shown instead of them when set. */
  failure?: ReactNode;
  /** Attributes of one data row: a click handler, a title, a selected state. */
  getRowProps?: (row: Row) => ComponentProps<'tr'> & { 'data-state'?: string };
  /** Sub rows of a row (a drill-down); sorting orders them within their parent. */
  getSubRows?: (row: Row) => Row[] | undefined;
  /** Whether a row can open, before its sub rows are loaded. */
  getRowCanExpand?: (row: Row) => boolean;
  /** The opened rows by id. */
  expanded?: Record<string, boolean>;
  onExpandedChange?: (next: Record<string, boolean>) => void;
}

export function DataTable<Row>({
  label,
  data,
  columns,
  getRowId,
  sorting,
  onSortingChange,
  manualSorting = false,
  columnVisibility = {},
  columnSizing,
  onColumnSizingCommit,
  showFooter = false,
  pinnedColumns = NO_PINNED,
  isPending = false,
  loadingLabel = 'Loading',
  skeletonRows = 0,
  emptyMessage,
  failure,
  getRowProps,
  getSubRows,
  getRowCanExpand,
  expanded = {},
  onExpandedChange,
}: DataTableProps<Row>) {
  // Widths while the pointer drags; the saved ones otherwise, so a reload or another tab shows them too.
  const [dragSizing, setDragSizing] = useState<ColumnSizingState | null>(null);
  // Whether columns have scrolled under the pinned ones: only then is there an edge to draw.
  const [scrolled, setScrolled] = useState(false);
  const sizing = dragSizing ?? columnSizing ?? {};

  const table = useReactTable<Row>({
    data: data as Row[],
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    // New data (a poll, a child report arriving) must not close the rows the user opened.
    autoResetExpanded: false,
    getSubRows,
    getRowCanExpand: getRowCanExpand ? (row) => getRowCanExpand(row.original) : undefined,
    onExpandedChange: (updater) => {
      const next: ExpandedState = typeof updater === 'function' ? updater(expanded) : updater;
      // `true` means "every row": the table never offers it, so it stays a map of ids.
      onExpandedChange?.(next === true ? {} : next);
    },
    manualSorting,
    ...DATA_TABLE_SORTING,
    enableColumnResizing: onColumnSizingCommit !== undefined,
    defaultColumn: { minSize: 56, maxSize: 1200 },
    columnResizeMode: 'onChange',
    state: { sorting, columnVisibility, columnSizing: sizing, expanded, columnPinning: { left: [...pinnedColumns] } },
    onSortingChange,
    onColumnSizingChange: (updater) => setDragSizing((current) => {
      const base = current ?? columnSizing ?? {};
      return typeof updater === 'function' ? updater(base) : updater;
    }),
  });

  // A drag ends when TanStack stops naming the column being resized: hand the widths over once.
  const resizing = table.getState().columnSizingInfo.isResizingColumn;
  const wasResizing = useRef<string | false>(false);
  useEffect(() => {
    if (wasResizing.current && !resizing && dragSizing) {
      onColumnSizingCommit?.(wholePixels(dragSizing));
      setDragSizing(null);
    }
    wasResizing.current = resizing;
  }, [resizing, dragSizing, onColumnSizingCommit]);

  function commitSizing(next: ColumnSizingState) {
    onColumnSizingCommit?.(wholePixels(next));
  }

  const leafColumns = table.getVisibleLeafColumns();
  const anyPinned = pinnedColumns.length > 0;
  const span = leafColumns.length + 1;
  const rows = table.getRowModel().rows;

  return (
    <div
      data-slot="table-container"
      data-scrolled={scrolled || undefined}
      onScroll={(event) => setScrolled(event.currentTarget.scrollLeft > 0)}
      className="group/table relative w-full overflow-x-auto"
    >
      {/* Fixed layout so the widths are the ones set; the last, empty column takes whatever room is left. */}
      <table
        aria-label={label}
        data-slot="table"
        className="caption-bottom text-sm"
        style={{ tableLayout: 'fixed', width: table.getTotalSize(), minWidth: '100%' }}
      >
        <colgroup>
          {leafColumns.map((column) => (
            <col key={column.id} style={{ width: column.getSize() }} />
          ))}
          <col />
        </colgroup>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => (
                <SortableHead key={header.id} header={header} sizing={sizing} onKeyboardResize={commitSizing} {...pinnedCell(header.column, 'bg-card')} />
              ))}
              <TableHead aria-hidden="true" className="p-0" />
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {isPending && skeletonRows > 0 ? (
            Array.from({ length: skeletonRows }, (_, i) => (
              <TableRow key={`skeleton-${i}`} aria-hidden="true" data-testid="skeleton-row" className="hover:bg-transparent">
                {leafColumns.map((column) => (
                  <TableCell key={column.id}>
                    <Skeleton className="h-5 w-full max-w-40" />
                  </TableCell>
                ))}
                <TableCell className="p-0" />
              </TableRow>
            ))
          ) : isPending ? (
            <TableMessageRow colSpan={span}>
              <Spinner label={loadingLabel} showLabel />
            </TableMessageRow>
          ) : failure ? (
            <TableMessageRow colSpan={span}>{failure}</TableMessageRow>
          ) : rows.length === 0 ? (
            <TableMessageRow colSpan={span}>{emptyMessage}</TableMessageRow>
          ) : (
            rows.map((row) => {
              const { className, ...rowProps } = getRowProps?.(row.original) ?? {};
              return (
                <TableRow key={row.id} className={cn(anyPinned && 'group/row', className)} {...rowProps}>
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const pin = pinnedCell(cell.column, 'bg-card group-hover/row:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]');
                    return (
                      <TableCell
                        key={cell.id}
                        style={pin.style}
                        className={cn(
                          meta?.wrap ? 'break-words whitespace-normal' : 'overflow-hidden text-ellipsis whitespace-nowrap',
                          meta?.align === 'right' && 'text-right tabular-nums',
                          pin.className,
                          meta?.cellClassName?.(row.original),
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    );
                  })}
                  <TableCell aria-hidden="true" className="p-0" />
                </TableRow>
              );
            })
          )}
        </TableBody>
        {showFooter && !isPending && !failure && rows.length > 0 && (
          <tfoot data-slot="table-footer">
            {table.getFooterGroups().map((group) => (
              <TableRow key={group.id} className="border-t-2 bg-muted/50 font-semibold hover:bg-muted/50">
                {group.headers.map((header) => {
                  const pin = pinnedCell(header.column, HALF_MUTED);
                  return (
                    <TableCell
                      key={header.id}
                      style={pin.style}
                      className={cn(
                        'overflow-hidden text-ellipsis whitespace-nowrap',
                        header.column.columnDef.meta?.align === 'right' && 'text-right tabular-nums',
                        pin.className,
                      )}
                    >
                      {flexRender(header.column.columnDef.footer, header.getContext())}
                    </TableCell>
                  );
                })}
                <TableCell aria-hidden="true" className="p-0" />
              </TableRow>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}

const NO_PINNED: readonly string[] = [];

/** Muted at half over the card, as the totals row and a hovered row are, painted opaquely (Tailwind reads
 *  class names whole from the source, so the hover variant spells it out again). */
const HALF_MUTED = 'bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]';

/** A pinned column's cell sticks at its offset and paints its row's background opaquely over what scrolls
 *  beneath it; once the table has scrolled sideways the last pinned one draws the edge as a shadow, since a
 *  collapsed table's border stays behind with the scrolled cells. Other cells are left as they are. */
function pinnedCell<Row>(column: Column<Row, unknown>, background: string): { className?: string; style?: CSSProperties } {
  if (column.getIsPinned() !== 'left') return {};
  const edge = column.getIsLastColumn('left');
  return {
    className: cn('sticky z-[1]', background, edge && 'group-data-[scrolled]/table:shadow-[inset_-1px_0_0_var(--color-border),4px_0_6px_-4px_rgb(0_0_0/0.12)]'),
    style: { left: column.getStart('left') },
  };
}

function SortableHead<Row>({
  header,
  sizing,
  onKeyboardResize,
  className,
  style,
}: {
  header: Header<Row, unknown>;
  sizing: ColumnSizingState;
  onKeyboardResize: (next: ColumnSizingState) => void;
  className?: string;
  style?: CSSProperties;
}) {
  const column = header.column;
  const sorted = column.getIsSorted();
  const right = column.columnDef.meta?.align === 'right';
  const title = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());

  function onResizeKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = event.key === 'ArrowLeft' ? -KEY_STEP : KEY_STEP;
    const width = Math.min(column.columnDef.maxSize ?? 2000, Math.max(column.columnDef.minSize ?? 40, column.getSize() + step));
    onKeyboardResize({ ...sizing, [column.id]: width });
  }

  return (
    <TableHead
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : column.getCanSort() ? 'none' : undefined}
      className={cn('group/head relative overflow-hidden', right && 'text-right', className)}
      style={style}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          onClick={() => header.getContext().table.setSorting((sorting) => sortingAfterHeaderClick(sorting, column.id))}
          className={cn(
            'inline-flex max-w-full items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none',
            sorted ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          <span className="truncate">{content}</span>
          <Icon className={cn('size-3.5 shrink-0', !sorted && 'opacity-50')} aria-hidden="true" />
        </button>
      ) : (
        // In the colour of an unsorted sortable head, so a table mixing both reads as one header row.
        <span className="text-muted-foreground">{content}</span>
      )}
      {column.getCanResize() && (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${title}`}
          aria-valuenow={Math.round(column.getSize())}
          tabIndex={0}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => {
            const { [column.id]: _dropped, ...rest } = sizing;
            onKeyboardResize(rest);
          }}
          onKeyDown={onResizeKey}
          onClick={(event) => event.stopPropagation()}
          className={cn(
            'absolute top-1.5 right-0 bottom-1.5 w-1.5 cursor-col-resize touch-none rounded-full select-none',
            'bg-border opacity-0 group-hover/head:opacity-100 hover:bg-primary/60 focus-visible:bg-primary focus-visible:opacity-100 focus-visible:outline-none',
            column.getIsResizing() && 'bg-primary opacity-100',
          )}
        />
      )}
    </TableHead>
  );
}

// The preferences endpoint takes whole pixels; a drag yields fractions.
function wholePixels(sizing: ColumnSizingState): ColumnSizingState {
  return Object.fromEntries(Object.entries(sizing).map(([id, width]) => [id, Math.round(width)]));
}
