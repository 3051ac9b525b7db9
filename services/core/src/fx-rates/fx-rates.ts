// The reference exchange rates in the entity store (fx_rates, docs/currencies.md): the ECB's published rates
// and admins' manual ones, per day and currency, as units per EUR. Reading a day's rate walks back to the last
// published day at or before it (weekends, holidays) and says which day and source it used; a manual rate wins
// over the ECB's of its day. Cross rates are the exact fraction rate(to) / rate(from) (schemas/currency.ts).
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { crossRateText, rateText, type CurrencyCode } from '@tracker/schemas';
import type { Db } from '../db/entities';
import { fxRates, users } from '../db/schema';
import { addDays } from '../time/zoned-time';

/** How far back a day's rate may come from: the ECB's longest gap (Easter: Thursday to Tuesday) is 5 days. */
export const MAX_RATE_AGE_DAYS = 7;

export type FxRateSource = (typeof fxRates.$inferSelect)['source'];

/** One day's published rates: currency -> units per EUR. */
export interface PublishedDay {
  day: string;
  rates: Record<string, string>;
}

/** The rate that counts for a day and currency, with the ECB's beside it when a manual one overrides it. */
export interface FxRateRow {
  day: string;
  currency: string;
  /** Units of the currency per EUR, canonical decimal text. */
  rate: string;
  source: FxRateSource;
  /** The ECB's rate of the same day when a manual rate wins over it; null otherwise. */
  ecbRate: string | null;
  /** The admin who entered a manual rate (null for the ECB's, or once the user is deleted). */
  enteredBy: string | null;
  enteredAt: Date;
}

/** A rate used for a day: which day it was published for (at or before the day asked) and by whom. */
export interface RateOnDay {
  currency: CurrencyCode;
  /** Units per EUR ('1' for EUR). */
  perEur: string;
  day: string;
  source: FxRateSource | 'fixed';
}

export interface CrossRate {
  from: RateOnDay;
  to: RateOnDay;
  /** Units of `to` per unit of `from`, for showing (8 decimals); conversion uses the exact fraction. */
  rate: string;
}

/** Stores the ECB's rates (a re-fetch of a day replaces its ECB rows, never a manual one); answers the rows written. */
export async function saveEcbRates(db: Db, days: readonly PublishedDay[]): Promise<number> {
  const rows = days.flatMap((d) => Object.entries(d.rates).map(([currency, rate]) => ({ day: d.day, currency, source: 'ecb' as const, rate: rateText(rate) })));
  const BATCH = 500;
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(fxRates)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [fxRates.day, fxRates.currency, fxRates.source],
        set: { rate: sql`excluded.rate`, enteredAt: sql`now()` },
        // An unchanged re-fetch keeps the row's time: enteredAt says when the value last changed.
        setWhere: sql`${fxRates.rate} <> excluded.rate`,
      });
  }
  return rows.length;
}

/** Enters (or replaces) an admin's rate for a day; it wins over the ECB's of that day. */
export async function saveManualRate(db: Db, input: { day: string; currency: CurrencyCode; rate: string; userId: number }): Promise<void> {
  await db
    .insert(fxRates)
    .values({ day: input.day, currency: input.currency, source: 'manual', rate: rateText(input.rate), enteredBy: input.userId })
    .onConflictDoUpdate({
      target: [fxRates.day, fxRates.currency, fxRates.source],
      set: { rate: sql`excluded.rate`, enteredBy: sql`excluded.entered_by`, enteredAt: sql`now()` },
    });
}

/** Removes an admin's rate of a day (the ECB's, if any, counts again); answers whether there was one. */
export async function deleteManualRate(db: Db, day: string, currency: CurrencyCode): Promise<boolean> {
  const deleted = await db
    .delete(fxRates)
    .where(and(eq(fxRates.day, day), eq(fxRates.currency, currency), eq(fxRates.source, 'manual')))
    .returning({ day: fxRates.day });
  return deleted.length > 0;
}

/** The newest day the ECB published rates for, null when none are stored. */
export async function latestEcbDay(db: Db): Promise<string | null> {
  const [row] = await db.select({ day: sql<string | null>`max(${fxRates.day})` }).from(fxRates).where(eq(fxRates.source, 'ecb'));
  return row?.day ?? null;
}

/** The rates that count for the days of [startDate, endDate] (inclusive), newest day first, currencies A-Z. */
export async function listFxRates(db: Db, startDate: string, endDate: string): Promise<FxRateRow[]> {
  const rows = await db
    .select({ day: fxRates.day, currency: fxRates.currency, source: fxRates.source, rate: fxRates.rate, enteredBy: users.username, enteredAt: fxRates.enteredAt })
    .from(fxRates)
    .leftJoin(users, eq(users.id, fxRates.enteredBy))
    .where(and(gte(fxRates.day, startDate), lte(fxRates.day, endDate)))
    .orderBy(desc(fxRates.day), asc(fxRates.currency), asc(fxRates.source));
  const byKey = new Map<string, FxRateRow>();
  for (const row of rows) {
    const key = `${row.day} ${row.currency}`;
    const rate = rateText(row.rate);
    const seen = byKey.get(key);
    // Sorted ecb before manual: a manual row replaces the ECB's and keeps it beside.
    if (seen && row.source === 'manual') byKey.set(key, { ...row, rate, ecbRate: seen.rate });
    else if (!seen) byKey.set(key, { ...row, rate, ecbRate: null });
  }
  return [...byKey.values()];
}

/**
 * The rate of a currency for a day: the last published day at or before it, at most MAX_RATE_AGE_DAYS back,
 * a manual rate before the ECB's of the same day. EUR is always 1. Null when no rate is known for the day.
 */
export async function eurRateOn(db: Db, currency: CurrencyCode, day: string): Promise<RateOnDay | null> {
  if (currency === 'EUR') return { currency, perEur: '1', day, source: 'fixed' };
  const [row] = await db
    .select({ day: fxRates.day, rate: fxRates.rate, source: fxRates.source })
    .from(fxRates)
    .where(and(eq(fxRates.currency, currency), lte(fxRates.day, day), gte(fxRates.day, addDays(day, -MAX_RATE_AGE_DAYS))))
    .orderBy(desc(fxRates.day), sql`${fxRates.source} = 'manual' desc`)
    .limit(1);
  return row ? { currency, perEur: rateText(row.rate), day: row.day, source: row.source } : null;
}

/** The cross rate of two currencies for a day (units of `to` per `from`), with the days and sources used; null when either rate is unknown. */
export async function crossRateOn(db: Db, from: CurrencyCode, to: CurrencyCode, day: string): Promise<CrossRate | null> {
  const [fromRate, toRate] = await Promise.all([eurRateOn(db, from, day), eurRateOn(db, to, day)]);
  if (!fromRate || !toRate) return null;
  return { from: fromRate, to: toRate, rate: crossRateText({ fromPerEur: fromRate.perEur, toPerEur: toRate.perEur }) };
}

