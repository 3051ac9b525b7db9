// GET /api/tiktok/spend/freshness: how fresh the dashboard's money is, for the Stats screen's note.
// One small read of the accounts table, so the dashboard may poll it as often as its stats, and the spend
// and payouts waiting for a reference rate (an indexed few rows: only waiting ones are summed).
import { and, desc, isNotNull, isNull, sql } from 'drizzle-orm';
import { listWaitingSpend, schema, workspaceCurrency, type Db } from '@tracker/core';
import type { SpendFreshness } from '@tracker/schemas';

/**
 * Postback payouts parked until their day's rate is known, per currency and day: a transaction counts once,
 * at the payout of its latest waiting postback (a revision replaces what it revises).
 */
async function listWaitingPayouts(db: Db): Promise<SpendFreshness['payoutsWaitingForRates']> {
  const p = schema.parkedConversions;
  const transactionId = sql`${p.event}->'data'->>'transactionId'`;
  const latest = db
    .selectDistinctOn([transactionId], {
      currency: sql<string>`${p.rateCurrency}`.as('currency'),
      day: sql<string>`${p.rateDay}::text`.as('day'),
      payout: sql<string>`(${p.event}->'data'->>'payout')::numeric`.as('payout'),
    })
    .from(p)
    .where(and(isNotNull(p.rateCurrency), isNull(p.unreadable)))
    .orderBy(transactionId, desc(p.logPartition), desc(p.logOffset))
    .as('latest');
  const rows = await db
    .select({
      currency: latest.currency,
      day: latest.day,
      amount: sql<string>`sum(${latest.payout})::text`,
      conversions: sql<number>`count(*)::int`,
    })
    .from(latest)
    .groupBy(latest.currency, latest.day)
    .orderBy(latest.day, latest.currency);
  return rows.map((r) => ({ ...r, amount: Number(r.amount).toFixed(2), conversions: Number(r.conversions) }));
}

export async function spendFreshness(db: Db): Promise<SpendFreshness> {
  const accounts = await db
    .select({ name: schema.tiktokAccounts.name, lastSuccessAt: schema.tiktokAccounts.lastSuccessAt, lastSyncError: schema.tiktokAccounts.lastSyncError })
    .from(schema.tiktokAccounts);
  const times = accounts.map((a) => a.lastSuccessAt);
  // The money is as fresh as its stalest account; one never synced means no freshness to claim.
  const oldest = times.length === 0 || times.some((t) => t === null) ? null : times.reduce((a, b) => (a! < b! ? a : b));
  return {
    accounts: accounts.length,
    syncedAt: oldest ? oldest.toISOString() : null,
    failing: accounts.filter((a) => a.lastSyncError !== null).map((a) => ({ name: a.name, error: a.lastSyncError! })),
    currency: await workspaceCurrency(db),
    waitingForRates: await listWaitingSpend(db),
    payoutsWaitingForRates: await listWaitingPayouts(db),
  };
}
