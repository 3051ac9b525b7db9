// How a rate against the workspace currency reads on the screens (docs/currencies.md): beside an account's
// or an offer's currency ('1.0823 USD per EUR, rate of 2026-04-10'), and on a converted cost
// ('€50.00 at 1.0823 USD/EUR (ECB, 2026-04-10)'). Rates are shown as stored (8 decimals at most, no padding).
import { isCurrencyCode, rateText, type SpendRow } from '@tracker/schemas';
import { formatMoney, shownCurrency } from '../../lib/format';

/** A rate of one currency in the workspace currency: units of the workspace currency per unit of it. */
export interface RateOfCurrency {
  rate: string;
  /** The publication day it came from. */
  day: string;
  /** An admin's manual rate, or the ECB's; unknown when not said. */
  source?: 'ecb' | 'manual';
}

/** '1.0823 USD per EUR, rate of 2026-04-10' (', manual' for an admin's); null when the currency is the
 *  workspace's own or no rate is known yet. */
export function rateNote(currency: string, rate: RateOfCurrency | null): string | null {
  const workspace = shownCurrency();
  if (currency === workspace || !rate) return null;
  return `${rateText(rate.rate)} ${workspace} per ${currency}, rate of ${rate.day}${rate.source === 'manual' ? ' (manual)' : ''}`;
}

/** An amount in its own currency ('€50.00'); a code that is no ISO one as '50.00 XYZ'. */
function amountIn(amount: string, currency: string): string {
  return isCurrencyCode(currency) ? formatMoney(amount, currency) : `${amount} ${currency}`;
}

/**
 * What a spend row's cost was before it was converted into the workspace currency, for a tooltip:
 * '€50.00 at 1.0823 USD/EUR (ECB, 2026-04-10)', '… (manual, 2026-04-13)', '€50.00 waits for the EUR→USD rate'.
 * Null for a row that needed no conversion.
 */
export function convertedCostNote(row: Pick<SpendRow, 'originalSpend' | 'originalCurrency' | 'spendCurrency' | 'fxRate' | 'fxRateDay' | 'fxRateSource' | 'fxPending'>): string | null {
  const { originalSpend, originalCurrency, spendCurrency } = row;
  if (originalSpend === null || originalCurrency === null || spendCurrency === null || originalCurrency === spendCurrency) return null;
  const original = amountIn(originalSpend, originalCurrency);
  if (row.fxPending) return `${original} waits for the ${originalCurrency}→${spendCurrency} rate`;
  if (row.fxRate === null) return null;
  const source = row.fxRateSource === 'manual' ? 'manual' : 'ECB';
  return `${original} at ${rateText(row.fxRate)} ${spendCurrency}/${originalCurrency} (${source}, ${row.fxRateDay ?? '?'})`;
}
