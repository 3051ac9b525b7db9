// GET /api/tiktok/spend/freshness: how fresh the dashboard's money is, for the Stats screen's note.
// One small read of the accounts table, so the dashboard may poll it as often as its stats, and the spend
// waiting for a reference rate (an indexed few rows: only waiting ones are summed).
import { listWaitingSpend, schema, workspaceCurrency, type Db } from '@tracker/core';
import type { SpendFreshness } from '@tracker/schemas';

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
  };
}
