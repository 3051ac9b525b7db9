// The metric formulas of spec §9, shared by the API (report rows and totals) and the web app (cards,
// CSV). Money goes in as integer cents and comes out as decimal strings; ratios are plain numbers.

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

const MONEY_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** '12.5' → 1250, '-0.10' → -10. Exact: the text is read digit by digit, never through a float. */
export function centsFromMoney(text: string): number {
  const match = MONEY_PATTERN.exec(text.trim());
  if (!match) throw new Error(`Not an amount of money: ${JSON.stringify(text)}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new Error(`Amount too large: ${text}`);
  return match[1] && cents !== 0 ? -cents : cents;
}

/** 1250 → '12.50', -10 → '-0.10'. */
export function moneyFromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Cents must be a safe integer: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

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
