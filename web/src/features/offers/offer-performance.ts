// The Offers performance screen's data (spec §2, §7): GET /api/cake/offers for today or the last 7, 30 or
// 90 days of the report time zone, and the totals of its rows, money added in cents by the one money type
// (schemas/money).
import { useQuery } from '@tanstack/react-query';
import { sumMoney, type OfferPerformanceRow } from '@tracker/schemas';
import { lastDays, todayIn, toDayParam } from '../../ui/date-range-presets';
import { useSignedInTimeZone } from '../stats/report-time-zone';

export type { OfferPerformanceRow } from '@tracker/schemas';

/** Spec §9: quick ranges of 7, 30 and 90 days, 30 by default; and today (1), as a buyer checks an offer's day. */
export const OFFER_RANGE_DAYS = [1, 7, 30, 90] as const;
export type OfferRangeDays = (typeof OFFER_RANGE_DAYS)[number];
export const DEFAULT_OFFER_RANGE_DAYS: OfferRangeDays = 30;

export function offerRangeParams(days: number, today: Date = new Date()): { startDate: string; endDate: string } {
  const { from, to } = lastDays(days, today);
  return { startDate: toDayParam(from), endDate: toDayParam(to) };
}

/** 'Today', or 'Last N Days'. */
export const offerRangeLabel = (days: number) => (days === 1 ? 'Today' : `Last ${days} Days`);

export function useOfferPerformance(days: OfferRangeDays) {
  // Days of the report time zone, as every report counts them, not the browser's.
  const today = todayIn(useSignedInTimeZone());
  return useQuery<OfferPerformanceRow[]>({
    queryKey: ['/api/cake/offers', offerRangeParams(days, today)],
    meta: { errorTitle: 'Failed to fetch offers' },
  });
}

/**
 * The cards' totals. Rows from the network ('cake') report the same traffic our tracker counts, so
 * they are totalled only when the tracker has no rows of its own: adding both would count twice.
 */
export function offerTotals(rows: readonly OfferPerformanceRow[]): {
  revenue: string;
  clicks: number;
  conversions: number;
  cost: string;
  pendingConversions: number;
  pendingPayout: string;
} {
  const tracked = rows.filter((r) => r.source === 'tracker');
  const counted = tracked.length > 0 ? tracked : rows;
  return {
    revenue: sumMoney(counted.map((r) => r.revenue)),
    clicks: counted.reduce((sum, r) => sum + r.clicks, 0),
    conversions: counted.reduce((sum, r) => sum + r.conversions, 0),
    // The network knows no cost: only our rows carry one.
    cost: sumMoney(tracked.map((r) => r.cost ?? '0')),
    pendingConversions: counted.reduce((sum, r) => sum + r.pendingConversions, 0),
    pendingPayout: sumMoney(counted.map((r) => r.pendingPayout)),
  };
}
