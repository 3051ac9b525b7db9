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
} from '../../lib/format';
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

/** The visible set after ticking or unticking one column, in table order. */
export function toggleColumn(visible: readonly ReportColumnId[], id: ReportColumnId, shown: boolean): ReportColumnId[] {
  const next = new Set(visible);
  if (shown) next.add(id);
  else next.delete(id);
  return REPORT_COLUMNS.filter((c) => next.has(c.id)).map((c) => c.id);
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

/** stats-{date}.csv (spec §9): its header and one line per row, figures in the screen's precision. The
 *  spec's 'EPC' column was revenue / visits, so it is headed EPV; the industry's EPC (revenue / exit
 *  clicks), CPA and the lander counts follow, after the spec's columns so theirs keep their places. */
export const STATS_CSV_HEADER = [
  'Name',
  'Visits',
  'Conversions',
  'Revenue',
  'Spend',
  'Profit',
  'ROI',
  'ROAS',
  'CR',
  'EPV',
  'CPV',
  'Link Clicks',
  'Exit Clicks',
  'Lander CTR',
  'EPC',
  'CPA',
] as const;

export function statsCsvLine(row: ReportRow): string[] {
  return [
    row.label,
    String(row.clicks),
    String(row.conversions),
    formatMoneyCell(row.revenue),
    formatMoneyCell(row.spend),
    formatMoneyCell(row.profit),
    formatFixed(row.roi, 1),
    formatFixed(row.roas, 2),
    formatFixed(row.cr, 2),
    formatFixed(row.epv, 3),
    formatFixed(row.cpv, 3),
    String(row.linkClicks),
    String(row.exitClicks),
    formatFixed(row.landerCtr * 100, 2),
    formatFixed(row.epc, 3),
    formatFixed(row.cpa, 2),
  ];
}
