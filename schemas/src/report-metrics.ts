// The metric formulas of spec §9, shared by the API (report rows and totals) and the web app (cards,
// CSV). Money goes in as integer cents and comes out as decimal strings (money.ts); ratios are plain
// numbers, rounded only when shown (money.ts has the rule).
import { moneyFromCents } from './money';

/** What a report row counts; every other figure is derived from these. */
export interface ReportMeasures {
  /** Visits: every click, bots included. */
  clicks: number;
  conversions: number;
  revenueCents: number;
  spendCents: number;
}

export interface ReportMetrics {
  /** revenue − spend, a decimal string ('-3.20'). */
  profit: string;
  /** profit / spend × 100; 0 when spend is 0. */
  roi: number;
  /** revenue / spend; 0 when spend is 0. */
  roas: number;
  /** conversions / visits × 100; 0 without visits. */
  cr: number;
  /** revenue / visits, in currency units; 0 without visits. */
  epc: number;
  /** spend / visits, in currency units; 0 without visits. */
  cpv: number;
}

/** Display precision of spec §9: money 2 decimals (EPC and CPV 3), ROI 1, percentages 2. */
export const METRIC_DECIMALS = { money: 2, epc: 3, cpv: 3, roi: 1, roas: 2, percent: 2 } as const;

const ratio = (numerator: number, denominator: number) => (denominator === 0 ? 0 : numerator / denominator);

export function computeMetrics(m: ReportMeasures): ReportMetrics {
  const profitCents = m.revenueCents - m.spendCents;
  return {
    profit: moneyFromCents(profitCents),
    roi: ratio(profitCents * 100, m.spendCents),
    roas: ratio(m.revenueCents, m.spendCents),
    cr: ratio(m.conversions * 100, m.clicks),
    epc: ratio(m.revenueCents, m.clicks * 100),
    cpv: ratio(m.spendCents, m.clicks * 100),
  };
}

/** Lander CTR of spec §9, a fraction: clicks that exited to the offer / all clicks (0 without clicks). */
export function landerCtr(exitClicks: number, clicks: number): number {
  return ratio(exitClicks, clicks);
}

/** The Click Log's conversion rate of spec §9, a fraction: converted clicks / all clicks. */
export function clickConversionRate(convertedClicks: number, clicks: number): number {
  return ratio(convertedClicks, clicks);
}
