// The reference rates job: fetches the ECB's rates into fx_rates (docs/currencies.md). With none stored, or
// the newest stored day more than FX_RATES_GAP_DAYS old (the workers were down), the 90-day file fills the
// gap; otherwise the daily file adds the last working day. A failure fails the job (its retries and the
// queue's record of it are the evidence); rates already stored stay.
import { latestEcbDay, reexpressPayouts, reexpressSpend, saveEcbRates, type Analytics, type Db, type JobProcessor, type Logger, type OutgoingPolicy } from '@tracker/core';
import { ECB_DAILY_FILE, ECB_HIST_90D_FILE, fetchEcbRates } from '@tracker/integrations';
import { spendReexpressJobSchema, type FxRatesFetchResult, type SpendReexpressResult } from '@tracker/schemas';

/** The daily file covers a gap up to this many days: the weekend (Friday to Monday is 3) and Easter (Thursday to Tuesday is 5). */
export const FX_RATES_GAP_DAYS = 5;

export interface FxRatesDeps {
  db: Db;
  /** Where converted spend is mirrored: with it, spend waiting for rates is converted once they are stored. */
  analytics?: Analytics;
  /** FX_RATES_URL: the folder the file names are appended to. */
  fxRatesUrl: string;
  /** Which addresses the folder URL may reach (OUTGOING_ALLOW_PRIVATE); absent: public ones only. */
  outgoing?: OutgoingPolicy;
  logger: Logger;
  now?: () => number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export async function fetchFxRates(deps: FxRatesDeps): Promise<FxRatesFetchResult> {
  const today = new Date((deps.now ?? Date.now)()).toISOString().slice(0, 10);
  const stored = await latestEcbDay(deps.db);
  const file = stored === null || daysBetween(stored, today) > FX_RATES_GAP_DAYS ? ECB_HIST_90D_FILE : ECB_DAILY_FILE;
  const { days, unknownCurrencies } = await fetchEcbRates(deps.fxRatesUrl, file, deps.outgoing);
  const rates = await saveEcbRates(deps.db, days);
  const latestDay = (await latestEcbDay(deps.db))!;
  if (unknownCurrencies.length > 0) deps.logger.warn({ unknownCurrencies }, 'the ECB quoted currencies that are not ISO 4217 codes we know; left out');
  deps.logger.info({ file, days: days.length, rates, latestDay }, 'reference rates fetched');
  const result: FxRatesFetchResult = { file, days: days.length, rates, latestDay, unknownCurrencies };
  // Spend and payouts that waited for these rates are converted now (a job run again re-checks, so a failure here fails the job).
  if (deps.analytics) {
    result.spend = await reexpressSpend(deps.db, deps.analytics);
    result.payouts = await reexpressPayouts(deps.db, deps.analytics);
  }
  return result;
}

export function fetchFxRatesJob(deps: FxRatesDeps): JobProcessor<unknown, FxRatesFetchResult> {
  return async () => fetchFxRates(deps);
}

/** The re-expression job, spend then payouts: after the workspace currency or a manual rate changed (the api enqueues it). */
export function reexpressSpendJob(deps: { db: Db; analytics: Analytics; logger: Logger }): JobProcessor<unknown, SpendReexpressResult> {
  return async (job) => {
    const { days } = spendReexpressJobSchema.parse(job.data ?? {});
    const spend = await reexpressSpend(deps.db, deps.analytics, { days });
    const payouts = await reexpressPayouts(deps.db, deps.analytics, { days });
    deps.logger.info({ ...spend, payouts, days }, 'spend and payouts re-expressed in the workspace currency');
    return { ...spend, payouts };
  };
}
