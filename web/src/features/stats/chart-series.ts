// The report series as the chart plots it: numbers instead of money strings, and each bucket as a moment
// in the report time zone (@date-fns/tz), labelled in that zone: 'Mar 05' per day, '14:00' per hour;
// and how the lines are drawn so that a lone bucket reads as a point, not a spike.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { ReportSeriesPoint } from './report-types';

export interface ChartPoint {
  bucket: string;
  /** The axis label. */
  label: string;
  /** The tooltip's heading: the whole date, and the hour with its zone for an hourly bucket. */
  title: string;
  visits: number;
  conversions: number;
  revenue: number;
  spend: number;
  profit: number;
}

const BUCKET = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

/**
 * The start of a bucket ('yyyy-MM-dd', or 'yyyy-MM-dd HH:00' for an hour) as a date in `timeZone`, the
 * zone the server bucketed it in; null for text that is neither.
 */
export function bucketStart(bucket: string, timeZone: string): { at: TZDate; hourly: boolean } | null {
  const parts = BUCKET.exec(bucket);
  if (!parts) return null;
  const [, year, month, day, hour, minute] = parts;
  const at = new TZDate(Number(year), Number(month) - 1, Number(day), Number(hour ?? 0), Number(minute ?? 0), timeZone);
  return { at, hourly: hour !== undefined };
}

export function bucketLabel(bucket: string, timeZone: string): string {
  const start = bucketStart(bucket, timeZone);
  if (!start) return bucket;
  return format(start.at, start.hourly ? 'HH:mm' : 'MMM dd');
}

export function bucketTitle(bucket: string, timeZone: string): string {
  const start = bucketStart(bucket, timeZone);
  if (!start) return bucket;
  return start.hourly ? `${format(start.at, 'EEE, MMM dd, yyyy HH:mm')} (${timeZone})` : format(start.at, 'EEE, MMM dd, yyyy');
}

function amount(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

export function toChartPoints(series: readonly ReportSeriesPoint[], timeZone: string): ChartPoint[] {
  return series.map((p) => ({
    bucket: p.bucket,
    label: bucketLabel(p.bucket, timeZone),
    title: bucketTitle(p.bucket, timeZone),
    visits: p.visits,
    conversions: p.conversions,
    revenue: amount(p.revenue),
    spend: amount(p.spend),
    profit: amount(p.profit),
  }));
}

/** Up to this many buckets with activity, lines are drawn as their points alone: a lone hour is a point, not a spike. */
export const SPARSE_SERIES_MAX_ACTIVE = 3;

export interface ChartShape {
  /**
   * Draw the lines as dots at their non-zero points only: one or a few buckets with data, joined to the
   * empty hours around them, would read as a spike rising and falling within the hour (or, alone, as nothing).
   */
  sparse: boolean;
  /** The money axis starts at 0 unless a real value (a loss) lies below it; recharts' own padding never does. */
  moneyMin: number;
  /** Same for the count axis, which has no negative values. */
  countMin: 0;
}

export function chartShape(points: readonly ChartPoint[]): ChartShape {
  const active = points.filter((p) => p.visits !== 0 || p.conversions !== 0 || p.revenue !== 0 || p.spend !== 0 || p.profit !== 0);
  const lowest = Math.min(0, ...points.flatMap((p) => [p.revenue, p.spend, p.profit]));
  return { sparse: active.length <= SPARSE_SERIES_MAX_ACTIVE, moneyMin: lowest, countMin: 0 };
}
