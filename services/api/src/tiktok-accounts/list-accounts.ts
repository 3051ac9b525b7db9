// TikTok ad account rows for the Settings → Integrations card: sync status, and the token only masked.
import { and, asc, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { decryptSecret, maskSecret, schema, type Db } from '@tracker/core';
import type { TiktokAccountView } from '@tracker/schemas';

export type AccountRow = typeof schema.tiktokAccounts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function accountView(row: AccountRow, secretsKey: Buffer, latestRate: TiktokAccountView['latestRate'] = null): TiktokAccountView {
  let masked = '••••';
  try {
    masked = maskSecret(decryptSecret(secretsKey, row.accessToken));
  } catch {
    // Sealed under another key: shown as unreadable; the admin deletes and re-adds the account.
  }
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    name: row.name,
    accessTokenMasked: masked,
    timezone: row.timezone,
    currency: row.currency,
    latestRate,
    createdAt: row.createdAt.toISOString(),
    lastSyncAt: iso(row.lastSyncAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    lastSyncRows: row.lastSyncRows,
    lastSyncDurationMs: row.lastSyncDurationMs,
    lastSyncError: row.lastSyncError,
  };
}

export async function listAccounts(db: Db, secretsKey: Buffer): Promise<TiktokAccountView[]> {
  const rows = await db.select().from(schema.tiktokAccounts).orderBy(asc(schema.tiktokAccounts.name), asc(schema.tiktokAccounts.id));
  // Per advertiser, the rate of its latest spend row converted from another currency (DISTINCT ON keeps the
  // first row of each advertiser in date order).
  const s = schema.tiktokSpend;
  const rates = await db
    .selectDistinctOn([s.advertiserId], { advertiserId: s.advertiserId, rate: s.fxRate, day: s.fxRateDay })
    .from(s)
    .where(and(isNotNull(s.advertiserId), isNotNull(s.fxRate), isNotNull(s.fxRateDay), eq(s.fxPending, false), ne(s.originalCurrency, s.spendCurrency)))
    .orderBy(s.advertiserId, desc(s.date), desc(s.syncedAt));
  const byAdvertiser = new Map(rates.map((r) => [r.advertiserId, r.rate !== null && r.day !== null ? { rate: r.rate, day: r.day } : null]));
  return rows.map((row) => accountView(row, secretsKey, byAdvertiser.get(row.advertiserId) ?? null));
}
