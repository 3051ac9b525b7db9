// The report series as the chart plots it: numbers instead of money strings, and a short axis label
// per bucket ('Mar 05' for a day, '14:00' for an hour of a single day).
import type { ReportSeriesPoint } from './report-types';

export interface ChartPoint {
  bucket: string;
  label: string;
  visits: number;
  conversions: number;
  revenue: number;
  spend: number;
  profit: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'yyyy-MM-dd' -> 'Mar 05'; 'yyyy-MM-dd HH:00' -> '14:00'. Read from the text, so no time zone shifts it. */
export function bucketLabel(bucket: string): string {
  const hour = /^\d{4}-\d{2}-\d{2}[ T](\d{2}:\d{2})/.exec(bucket);
  if (hour) return hour[1]!;
  const day = /^\d{4}-(\d{2})-(\d{2})$/.exec(bucket);
  if (day) return `${MONTHS[Number(day[1]) - 1] ?? day[1]} ${day[2]}`;
  return bucket;
}

function amount(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

export function toChartPoints(series: readonly ReportSeriesPoint[]): ChartPoint[] {
  return series.map((p) => ({
    bucket: p.bucket,
    label: bucketLabel(p.bucket),
    visits: p.visits,
    conversions: p.conversions,
    revenue: amount(p.revenue),
    spend: amount(p.spend),
    profit: amount(p.profit),
  }));
}
