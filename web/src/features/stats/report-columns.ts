// The report table's metric columns (spec §3 "Report columns"): ids, labels, the default visible set,
// and how each cell reads on screen and in the CSV file.
import {
  formatCount,
  formatFixed,
  formatMoney,
  formatMoneyCell,
  formatPercent,
  formatPerConversion,
  formatPerVisit,
  formatRoas,
  formatRoi,
  shownCurrency,
} from '../../lib/format';
import type { VisibilityState } from '@tanstack/react-table';
import { DEFAULT_VISIBLE_COLUMNS, REPORT_COLUMNS, type ReportColumnId } from '@tracker/schemas';
import type { ReportGroupBy } from './report-groupings';
import type { ReportRow } from './report-types';

export { DEFAULT_VISIBLE_COLUMNS, REPORT_COLUMNS, type ReportColumnId } from '@tracker/schemas';

export type ReportColumn = (typeof REPORT_COLUMNS)[number];

const COLUMN_IDS = new Set<string>(REPORT_COLUMNS.map((c) => c.id));

function isColumnId(id: unknown): id is ReportColumnId {
  return typeof id === 'string' && COLUMN_IDS.has(id);
}

/** The columns the Columns popover offers for a grouping: all of them, for every grouping (the spec had
 *  Link Clicks, Exit Clicks and Lander CTR for campaigns only; the server now counts them per any key). */
export function columnsForGrouping(_groupBy: ReportGroupBy): ReportColumn[] {
  return [...REPORT_COLUMNS];
}

/**
 * The saved preference as column ids in table order. Unknown ids are dropped; nothing saved (or
 * nothing left) means the default set.
 */
export function normalizeVisibleColumns(saved: readonly unknown[] | null | undefined): ReportColumnId[] {
  const wanted = new Set((saved ?? []).filter(isColumnId));
  if (wanted.size === 0) return [...DEFAULT_VISIBLE_COLUMNS];
  return REPORT_COLUMNS.filter((c) => wanted.has(c.id)).map((c) => c.id);
}

/** The visible set the Columns menu's visibility state (reportColumnVisibility, one box changed) names, in
 *  table order; a column the state does not name is not offered, so not shown. */
export function visibleColumnsOf(visibility: VisibilityState): ReportColumnId[] {
  return REPORT_COLUMNS.filter((c) => visibility[c.id] === true).map((c) => c.id);
}

/** A cell as the table shows it (spec §9 formats). */
export function formatReportCell(row: ReportRow, id: ReportColumnId): string {
  switch (id) {
    case 'linkClicks':
    case 'exitClicks':
    case 'clicks':
    case 'conversions':
      return formatCount(row[id]);
    case 'pendingConversions':
    case 'rejectedConversions':
      return formatCount(row[id] ?? 0);
    case 'landerCtr':
      return formatPercent(row.landerCtr * 100);
    case 'revenue':
    case 'spend':
    case 'profit':
    case 'pendingPayout':
    case 'rejectedPayout':
      return formatMoney(row[id]);
    case 'roi':
      return formatRoi(row.roi);
    case 'roas':
      return formatRoas(row.roas);
    case 'cr':
      return formatPercent(row.cr);
    case 'epv':
    case 'epc':
    case 'cpv':
      return formatPerVisit(row[id]);
    case 'cpa':
      return formatPerConversion(row.cpa);
  }
}

/** The figure a column sorts by; a ratio without a base ('—') sorts with the zeros. */
export function reportCellValue(row: ReportRow, id: ReportColumnId): number {
  const value = row[id];
  const n = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** stats-{date}.csv (spec §9): the spec's figures and the industry's EPC, CPA and lander counts always, in
 *  this order; pending and rejected conversions when the table shows them. Each column is headed as the
 *  table heads it ('Conv', 'Cost', 'vCR'), so the file and the screen name one figure one way. */
const STATS_CSV_FIGURES: readonly ReportColumnId[] = [
  'clicks',
  'conversions',
  'revenue',
  'spend',
  'profit',
  'roi',
  'roas',
  'cr',
  'epv',
  'cpv',
  'linkClicks',
  'exitClicks',
  'landerCtr',
  'epc',
  'cpa',
];
const STATS_CSV_WHEN_VISIBLE: readonly ReportColumnId[] = ['pendingConversions', 'pendingPayout', 'rejectedConversions', 'rejectedPayout'];
const LABELS = new Map<ReportColumnId, string>(REPORT_COLUMNS.map((c) => [c.id, c.label]));

/** The figure columns of the file for the table's visible columns. */
export function statsCsvColumns(visible: readonly ReportColumnId[] = []): ReportColumnId[] {
  return [...STATS_CSV_FIGURES, ...STATS_CSV_WHEN_VISIBLE.filter((id) => visible.includes(id))];
}

const CSV_MONEY_COLUMNS: ReadonlySet<ReportColumnId> = new Set(['revenue', 'spend', 'profit', 'pendingPayout', 'rejectedPayout', 'epv', 'cpv', 'epc', 'cpa']);

/** The file's header; money columns name the workspace currency they are in: 'Revenue (EUR)'. */
export function statsCsvHeader(columns: readonly ReportColumnId[]): string[] {
  return ['Name', ...columns.map((id) => (CSV_MONEY_COLUMNS.has(id) ? `${LABELS.get(id)!} (${shownCurrency()})` : LABELS.get(id)!))];
}

/** A figure as the file holds it: the screen's precision without currency signs or separators; '' for '—'. */
function csvFigure(row: ReportRow, id: ReportColumnId): string {
  switch (id) {
    case 'revenue':
    case 'spend':
    case 'profit':
    case 'pendingPayout':
    case 'rejectedPayout':
      return formatMoneyCell(row[id] ?? '0');
    case 'roi':
      return formatFixed(row.roi, 1);
    case 'roas':
      return formatFixed(row.roas, 2);
    case 'cr':
      return formatFixed(row.cr, 2);
    case 'epv':
    case 'cpv':
    case 'epc':
      return formatFixed(row[id], 3);
    case 'cpa':
      return formatFixed(row.cpa, 2);
    case 'landerCtr':
      return formatFixed(row.landerCtr * 100, 2);
    default:
      return String(row[id] ?? 0);
  }
}

export function statsCsvLine(row: ReportRow, columns: readonly ReportColumnId[] = STATS_CSV_FIGURES): string[] {
  return [row.label, ...columns.map((id) => csvFigure(row, id))];
}
