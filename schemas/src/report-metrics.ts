// The metric formulas of spec §9, shared by the API (report rows and totals) and the web app (cards,
// CSV). Money goes in as integer cents and comes out as decimal strings (money.ts); ratios are plain
// numbers, rounded only when shown (money.ts has the rule).
import { z } from 'zod';
import { moneyFromCents } from './money';

/** What a report row counts; every other figure is derived from these. */
export interface ReportMeasures {
  /** Visits: every click, bots included. */
  clicks: number;
  conversions: number;
  revenueCents: number;
  spendCents: number;
  /** Clicks that exited the lander to the offer at least once (each click counted once). */
  exitClicks: number;
}

/** The derived figures of a report row, as the answer carries them: computeMetrics' output. */
export const reportMetricsSchema = z.object({
  /** revenue − spend, a decimal string ('-3.20'). */
  profit: z.string(),
  /** profit / spend × 100; null without spend (no return on nothing: shown as '—', not '0.0%'). */
  roi: z.number().nullable(),
  /** revenue / spend; null without spend. */
  roas: z.number().nullable(),
  /** conversions / visits × 100; 0 without visits. */
  cr: z.number(),
  /** Earnings per visit: revenue / visits, in currency units; 0 without visits. */
  epv: z.number(),
  /** Earnings per (lander) click, as Voluum, RedTrack and Binom mean it: revenue / exit clicks; 0 without
   *  exit clicks. Spec §9 called revenue / visits 'epc'; that figure is epv now, so one name means one thing. */
  epc: z.number(),
  /** spend / visits, in currency units; 0 without visits; null without spend (no cost known: '—', not '$0.000'). */
  cpv: z.number().nullable(),
  /** Cost per acquisition: spend / conversions; null without conversions or without spend. */
  cpa: z.number().nullable(),
});
export type ReportMetrics = z.output<typeof reportMetricsSchema>;

/** Display precision of spec §9: money 2 decimals (EPC and CPV 3), ROI 1, percentages 2. */
export const METRIC_DECIMALS = { money: 2, epv: 3, epc: 3, cpv: 3, cpa: 2, roi: 1, roas: 2, percent: 2 } as const;

const ratio = (numerator: number, denominator: number) => (denominator === 0 ? 0 : numerator / denominator);
const ratioOrNull = (numerator: number, denominator: number) => (denominator === 0 ? null : numerator / denominator);

export function computeMetrics(m: ReportMeasures): ReportMetrics {
  const profitCents = m.revenueCents - m.spendCents;
  return {
    profit: moneyFromCents(profitCents),
    roi: ratioOrNull(profitCents * 100, m.spendCents),
    roas: ratioOrNull(m.revenueCents, m.spendCents),
    cr: ratio(m.conversions * 100, m.clicks),
    epv: ratio(m.revenueCents, m.clicks * 100),
    epc: ratio(m.revenueCents, m.exitClicks * 100),
    // Every ratio over a cost is '—' where no cost is known, as ROI and ROAS are: $0.00 would read as free traffic.
    cpv: m.spendCents === 0 ? null : ratio(m.spendCents, m.clicks * 100),
    cpa: m.spendCents === 0 ? null : ratioOrNull(m.spendCents, m.conversions * 100),
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
