// Converted payouts re-expressed (docs/currencies.md, "Payouts"): when the workspace currency changes, when a
// manual rate is entered or removed for a day, or when rates arrive for payouts that wait for them, each ledger
// transaction concerned is converted again from what the network paid, at the rate of its first postback's
// UTC day. A changed amount is written as the projector writes a revision: a -1 row undoing the transaction's
// current row and a +1 row with the new payout, both at the current row's time, so reports move by exactly the
// difference and conversion counts do not move. A transaction whose day has no rate yet in the new currency
// keeps counting as a conversion with a payout of 0 (fx_pending) until its rate arrives.
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Analytics } from '../analytics/analytics';
import type { Db } from '../db/entities';
import { postbackConversions, type ConversionRow } from '../db/schema';
import { utcDay } from '../time/zoned-time';
import { MoneyConverter, workspaceCurrency, type PayoutConversion } from './spend-conversion';

/** Ledger rows locked and rewritten per transaction: a few milliseconds of the entity store at a time. */
const CHUNK = 200;

export interface PayoutReexpression {
  /** Transactions whose counted payout changed (a -1 and a +1 row each). */
  transactions: number;
  /** Transactions counting 0 until their day's rate in the workspace currency is known. */
  waiting: number;
}

/** numeric(10, 2) as stored: '012.50' and '12.5' are '12.50'. */
const cents = (amount: string) => Number(amount).toFixed(2);

/**
 * Converts again the ledger's payouts that are not in the workspace currency, that wait for a rate, and, when
 * `days` are given, those received on or after the earliest of them with a conversion (a manual rate for a day
 * also counts for the days after it until the next publication).
 */
export async function reexpressPayouts(db: Db, analytics: Analytics, options: { days?: readonly string[] } = {}): Promise<PayoutReexpression> {
  const p = postbackConversions;
  const workspace = await workspaceCurrency(db);
  const since = options.days && options.days.length > 0 ? [...options.days].sort()[0]! : null;
  const due = await db
    .select({ id: p.id })
    .from(p)
    .where(
      or(
        eq(p.fxPending, true),
        sql`${p.payoutCurrency} is distinct from ${workspace}`,
        since ? and(isNotNull(p.originalCurrency), gte(p.receivedAt, new Date(`${since}T00:00:00Z`))) : undefined,
      ),
    )
    .orderBy(asc(p.id));
  let transactions = 0;
  for (let i = 0; i < due.length; i += CHUNK) {
    const ids = due.slice(i, i + CHUNK).map((r) => r.id);
    transactions += await db.transaction(async (tx) => {
      const convert = await MoneyConverter.open(tx);
      const rows = await tx.select().from(p).where(inArray(p.id, ids)).orderBy(asc(p.id)).for('update');
      const facts: ConversionRow[] = [];
      const updates: Array<{ id: number; set: Partial<typeof p.$inferInsert> }> = [];
      for (const r of rows) {
        const original = r.originalPayout ?? r.payout;
        const currency = r.originalCurrency ?? r.payoutCurrency ?? workspace;
        // A day without a rate in the workspace currency: one conversion still, at 0 until the rate is known.
        const next: PayoutConversion = (await convert.convertPayout(cents(original), currency, utcDay(r.receivedAt))) ?? {
          payout: '0.00',
          payoutCurrency: convert.workspace,
          originalPayout: cents(original),
          originalCurrency: currency,
          fxRate: null,
          fxRateDay: null,
          fxPending: true,
        };
        next.payout = cents(next.payout);
        const last = r.metadata!.lastRow;
        const set: Partial<typeof p.$inferInsert> = { ...next };
        if (next.payout !== cents(r.payout)) {
          // One id for the pair, from the row it undoes and what it writes: a run repeated after a crash makes the same.
          const eventId = `fx-${createHash('sha256').update(`${r.transactionId}/${last.event_id}/${next.payout}/${next.payoutCurrency}`).digest('hex').slice(0, 32)}`;
          const undo: ConversionRow = { ...last, event_id: eventId, sign: -1 };
          const row: ConversionRow = { ...last, event_id: eventId, sign: 1, payout: next.payout };
          facts.push(undo, row);
          set.metadata = { ...r.metadata!, lastRow: row };
        }
        updates.push({ id: r.id, set });
      }
      // The analytics rows before the ledger commits: a crash in between leaves the ledger as it was, and the
      // run again finds its rows already there (same ids) instead of writing them twice.
      const eventIds = [...new Set(facts.map((f) => f.event_id))];
      if (eventIds.length > 0) {
        const present = new Set(
          (await analytics.query<{ event_id: string }>('SELECT DISTINCT event_id FROM conversions WHERE event_id IN {ids:Array(String)}', { ids: eventIds })).map(
            (r) => r.event_id,
          ),
        );
        await analytics.insert(
          'conversions',
          facts.filter((f) => !present.has(f.event_id)),
          { dedupToken: `fx/${createHash('sha256').update(eventIds.join(',')).digest('hex').slice(0, 32)}` },
        );
      }
      for (const u of updates) await tx.update(p).set(u.set).where(eq(p.id, u.id));
      return eventIds.length;
    });
  }
  const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(p).where(eq(p.fxPending, true));
  return { transactions, waiting: Number(left?.n ?? 0) };
}
