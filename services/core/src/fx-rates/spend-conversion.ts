// Spend in the workspace currency (docs/currencies.md): a spend row of an account in another currency is
// converted at the rate of its own advertiser day, rounded once, half away from zero (schemas/currency.ts).
// A day's rate is known once it is settled: the ECB published for that day or a later one (so a weekend or
// holiday reads the last publication before it), or the day is a weekend after a published Friday, or an
// admin entered rates for the day itself. Until then the row waits (fxPending) and counts 0 in reports.
import { asc, eq, sql } from 'drizzle-orm';
import { convertDecimalViaEur, crossRateText, DEFAULT_CURRENCY, isCurrencyCode, minorUnitDigits, type CurrencyCode } from '@tracker/schemas';
import type { Db } from '../db/entities';
import { settings, tiktokAdSpend } from '../db/schema';
import { eurRateOn, latestEcbDay } from './fx-rates';
import { addDays } from '../time/zoned-time';

/** The workspace currency: the `currency` setting, DEFAULT_CURRENCY until an admin picks one. */
export async function workspaceCurrency(db: Db): Promise<CurrencyCode> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'currency'));
  return row && isCurrencyCode(row.value) ? row.value : DEFAULT_CURRENCY;
}

/** What a converted spend figure was before, and at which rate: kept beside it on the entity row. */
export interface SpendEvidence {
  originalSpend: string;
  originalCurrency: string;
  spendCurrency: string;
  /** Units of the workspace currency per unit of the original (8 decimals); null when none was needed. */
  fxRate: string | null;
  fxRateDay: string | null;
  fxPending: boolean;
}

/** The outcome of converting one stored amount: what `spend` holds and the evidence kept beside it. */
export interface SpendConversion extends SpendEvidence {
  /** In the workspace currency, 2 decimals as the spend columns hold it; '0.00' while pending. */
  spend: string;
}

interface DayRate {
  fromPerEur: string;
  toPerEur: string;
  /** The publication day used (the later of the two sides' days). */
  day: string;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Whether a day's rate can no longer change by a publication still to come. */
export function rateSettled(day: string, latestPublished: string | null): boolean {
  if (latestPublished === null) return false;
  if (day <= latestPublished) return true;
  // The ECB never publishes on Saturdays and Sundays: they read the Friday before once it is out.
  const dow = weekday(day);
  const friday = dow === 6 ? addDays(day, -1) : dow === 0 ? addDays(day, -2) : null;
  return friday !== null && friday <= latestPublished;
}

/** A ledger row's payout and its evidence (postback_conversions' columns of the same names). */
export interface PayoutConversion {
  payout: string;
  payoutCurrency: string;
  originalPayout: string | null;
  originalCurrency: string | null;
  fxRate: string | null;
  fxRateDay: string | null;
  /** Counted 0 until the rate of its day in the workspace currency is known (a re-expression could not convert it). */
  fxPending: boolean;
}

/** An amount converted into the workspace currency, with the rate it took (null when none was needed). */
export interface Converted {
  amount: string;
  /** Units of the workspace currency per unit of the original (8 decimals); null when none was needed. */
  fxRate: string | null;
  fxRateDay: string | null;
}

/**
 * Converts amounts of any currency into the workspace currency at a day's rate, reading each (currency, day)
 * rate once. Amounts are decimal text as stored (2 decimals); a zero needs no rate. Spend and payouts both.
 */
export class MoneyConverter {
  private readonly rates = new Map<string, Promise<DayRate | null>>();
  private latest: Promise<string | null> | null = null;

  private constructor(
    private readonly db: Db,
    readonly workspace: CurrencyCode,
  ) {}

  static async open(db: Db): Promise<MoneyConverter> {
    return new MoneyConverter(db, await workspaceCurrency(db));
  }

  private rateOf(from: CurrencyCode, day: string): Promise<DayRate | null> {
    const key = `${from} ${day}`;
    let rate = this.rates.get(key);
    if (!rate) {
      rate = this.readRate(from, day);
      this.rates.set(key, rate);
    }
    return rate;
  }

  private async readRate(from: CurrencyCode, day: string): Promise<DayRate | null> {
    this.latest ??= latestEcbDay(this.db);
    const [fromRate, toRate] = await Promise.all([eurRateOn(this.db, from, day), eurRateOn(this.db, this.workspace, day)]);
    if (!fromRate || !toRate) return null;
    // Rates entered for the day itself (or EUR's fixed 1) are final; otherwise the day must be settled.
    const ownDay = (r: typeof fromRate) => r.source === 'fixed' || r.day === day;
    if (!(ownDay(fromRate) && ownDay(toRate)) && !rateSettled(day, await this.latest)) return null;
    const used = [fromRate, toRate].filter((r) => r.source !== 'fixed').map((r) => r.day).sort().at(-1) ?? day;
    return { fromPerEur: fromRate.perEur, toPerEur: toRate.perEur, day: used };
  }

  /**
   * `original` (2-decimal text in `currency`) in the workspace currency at `day`'s rate, rounded once to the
   * 2-decimal columns (a 0-decimal currency whole, a 3-decimal one to hundredths); null while the day's rate
   * is not settled. A currency that is no ISO code cannot be converted: it is taken as is.
   */
  async convertAmount(original: string, currency: string, day: string): Promise<Converted | null> {
    const digits = Math.min(minorUnitDigits(this.workspace), 2);
    if (currency === this.workspace || !isCurrencyCode(currency)) return { amount: original, fxRate: null, fxRateDay: null };
    if (/^-?0+(\.0+)?$/.test(original)) return { amount: '0.00', fxRate: null, fxRateDay: null };
    const rate = await this.rateOf(currency, day);
    if (!rate) return null;
    const amount = convertDecimalViaEur(original, rate, digits);
    return { amount: digits === 0 ? `${amount}.00` : amount, fxRate: crossRateText(rate), fxRateDay: rate.day };
  }

  /** Whether `currency`'s rate of `day` against the workspace currency is known (settled), as convertAmount reads it. */
  async knowsRate(currency: string, day: string): Promise<boolean> {
    return (await this.convertAmount('1.00', currency, day)) !== null;
  }

  /**
   * A postback payout (2-decimal text in `currency`) as the conversions ledger keeps it: the amount in the
   * workspace currency and the evidence beside it (none when it needed no rate); null while the rate is unknown.
   */
  async convertPayout(received: string, currency: string, day: string): Promise<PayoutConversion | null> {
    const converted = await this.convertAmount(received, currency, day);
    if (!converted) return null;
    const same = currency === this.workspace;
    return {
      payout: converted.amount,
      payoutCurrency: this.workspace,
      originalPayout: same ? null : received,
      originalCurrency: same ? null : currency,
      fxRate: converted.fxRate,
      fxRateDay: converted.fxRateDay,
      fxPending: false,
    };
  }

  /** A spend row's amount with the evidence its entity row keeps; `spend` is '0.00' while it waits. */
  async convert(originalSpend: string, originalCurrency: string, day: string): Promise<SpendConversion> {
    const base = { originalSpend, originalCurrency, spendCurrency: this.workspace };
    const converted = await this.convertAmount(originalSpend, originalCurrency, day);
    if (!converted) return { ...base, spend: '0.00', fxRate: null, fxRateDay: null, fxPending: true };
    return { ...base, spend: converted.amount, fxRate: converted.fxRate, fxRateDay: converted.fxRateDay, fxPending: false };
  }
}

/** Spend waiting for a rate, per original currency and advertiser day: what reports leave out until then. */
export interface WaitingSpend {
  currency: string;
  day: string;
  /** The sum of the waiting rows in their own currency, 2 decimals. */
  amount: string;
  rows: number;
}

export async function listWaitingSpend(db: Db): Promise<WaitingSpend[]> {
  const t = tiktokAdSpend;
  const rows = await db
    .select({
      currency: sql<string>`coalesce(${t.originalCurrency}, '')`,
      day: t.advertiserDay,
      amount: sql<string>`sum(${t.originalSpend})::text`,
      rows: sql<number>`count(*)::int`,
    })
    .from(t)
    .where(eq(t.fxPending, true))
    .groupBy(sql`1`, t.advertiserDay)
    .orderBy(asc(t.advertiserDay), sql`1`);
  return rows.map((r) => ({ currency: r.currency, day: r.day, amount: Number(r.amount).toFixed(2), rows: Number(r.rows) }));
}
