// The Offers performance screen's data (spec §2, §7): GET /api/cake/offers for the last 7, 30 or 90
// days, and the totals of its rows, money added in cents by the one money type (schemas/money).
import { useQuery } from '@tanstack/react-query';
import { sumMoney, type OfferPerformanceRow } from '@tracker/schemas';
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
  return useQuery<OfferPerformanceRow[]>({
    queryKey: ['/api/cake/offers', offerRangeParams(days)],
    meta: { errorTitle: 'Failed to fetch offers' },
  });
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
