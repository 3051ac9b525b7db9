// The Offers performance screen's data (spec §2, §7): GET /api/cake/offers for the last 7, 30 or 90
// days, and the totals of its rows, money added exactly from the decimal strings.
import { useQuery } from '@tanstack/react-query';
import type { OfferPerformanceRow } from '@tracker/schemas';
import { lastDays, toDayParam } from '../../ui/date-range-presets';

export type { OfferPerformanceRow } from '@tracker/schemas';

/** Spec §9: quick ranges of 7, 30 and 90 days, 30 by default. */
export const OFFER_RANGE_DAYS = [7, 30, 90] as const;
export type OfferRangeDays = (typeof OFFER_RANGE_DAYS)[number];
export const DEFAULT_OFFER_RANGE_DAYS: OfferRangeDays = 30;

export function offerRangeParams(days: number, today: Date = new Date()): { startDate: string; endDate: string } {
  const { from, to } = lastDays(days, today);
  return { startDate: toDayParam(from), endDate: toDayParam(to) };
}

export function useOfferPerformance(days: OfferRangeDays) {
  return useQuery<OfferPerformanceRow[]>({ queryKey: ['/api/cake/offers', offerRangeParams(days)] });
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Adds decimal strings without floating point: ['0.1', '0.2'] -> '0.30' (at least 2 decimals). */
export function sumMoney(values: readonly string[]): string {
  const parsed = values.map((v) => DECIMAL.exec(v.trim())).filter((m): m is RegExpExecArray => m !== null && (m[2] !== '' || (m[3] ?? '') !== ''));
  const scale = Math.max(2, ...parsed.map((m) => (m[3] ?? '').length));
  let total = 0n;
  for (const [, sign, whole, fraction = ''] of parsed) {
    const units = BigInt((whole || '0') + fraction.padEnd(scale, '0'));
    total += sign === '-' ? -units : units;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * The cards' totals. Rows from the network ('cake') report the same traffic our tracker counts, so
 * they are totalled only when the tracker has no rows of its own: adding both would count twice.
 */
export function offerTotals(rows: readonly OfferPerformanceRow[]): { revenue: string; clicks: number; conversions: number } {
  const tracked = rows.filter((r) => r.source === 'tracker');
  const counted = tracked.length > 0 ? tracked : rows;
  return {
    revenue: sumMoney(counted.map((r) => r.revenue)),
    clicks: counted.reduce((sum, r) => sum + r.clicks, 0),
    conversions: counted.reduce((sum, r) => sum + r.conversions, 0),
  };
}
