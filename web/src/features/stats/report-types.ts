// The wire shapes of GET /api/reports (issue 4): one row per group, the totals in the same shape,
// and a per-day (per-hour for a single day) series for the chart. Money is a decimal string.
export interface ReportRow {
  key: string;
  label: string;
  clicks: number;
  conversions: number;
  revenue: string;
  spend: string;
  profit: string;
  /** Percent: profit / spend × 100. */
  roi: number;
  roas: number;
  /** Percent: conversions / visits × 100. */
  cr: number;
  epc: number;
  cpv: number;
  botClicks: number;
  linkClicks?: number;
  exitClicks?: number;
  /** Campaign grouping only: exits / total clicks, a fraction (spec §9). */
  landerCtr?: number;
}

export interface ReportSeriesPoint {
  /** 'yyyy-MM-dd', or 'yyyy-MM-dd HH:00' when the range is a single day. */
  bucket: string;
  visits: number;
  conversions: number;
  revenue: string;
  spend: string;
  profit: string;
}

export interface Report {
  rows: ReportRow[];
  totals: ReportRow;
  series: ReportSeriesPoint[];
}

/** The key of the spend row that matched no click (DESIGN.md §4). */
export const UNATTRIBUTED_KEY = '__unattributed__';
