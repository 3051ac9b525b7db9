// Payouts in the workspace currency (docs/currencies.md, "Payouts"): a conversion of an offer whose network
// pays in another currency (the offer's payoutCurrency) is converted at the reference rate of the UTC day of
// its transaction's first postback, rounded once. Opened per ledger transaction: the workspace currency and
// the offers' currencies are read once, each (currency, day) rate at most once.
import { isNotNull } from 'drizzle-orm';
import { MoneyConverter, schema, type Db, type PayoutConversion } from '@tracker/core';
import { isCurrencyCode, type CurrencyCode } from '@tracker/schemas';

export class PayoutRates {
  private constructor(
    private readonly converter: MoneyConverter,
    private readonly offerCurrencies: Map<number, CurrencyCode>,
  ) {}

  static async open(db: Db): Promise<PayoutRates> {
    const [converter, offers] = await Promise.all([
      MoneyConverter.open(db),
      db
        .select({ id: schema.offers.id, currency: schema.offers.payoutCurrency })
        .from(schema.offers)
        .where(isNotNull(schema.offers.payoutCurrency)),
    ]);
    const currencies = new Map<number, CurrencyCode>();
    for (const o of offers) if (o.currency && isCurrencyCode(o.currency)) currencies.set(o.id, o.currency);
    return new PayoutRates(converter, currencies);
  }

  get workspace(): CurrencyCode {
    return this.converter.workspace;
  }

  /** The currency an offer's payouts arrive in: its own, or the workspace's (no offer, or none set). */
  currencyOf(offerId: number | null): CurrencyCode {
    return (offerId !== null && this.offerCurrencies.get(offerId)) || this.workspace;
  }

  /** `payout` (2-decimal text in `currency`) in the workspace currency at `day`'s rate, with its evidence; null while it is unknown. */
  convertPayout(payout: string, currency: string, day: string): Promise<PayoutConversion | null> {
    return this.converter.convertPayout(payout, currency, day);
  }
}
