// TikTok ad account rows for the Settings → Integrations card: sync status, and the token only masked.
import { asc } from 'drizzle-orm';
import { decryptSecret, maskSecret, schema, type Db } from '@tracker/core';
import type { TiktokAccountView } from '@tracker/schemas';

export type AccountRow = typeof schema.tiktokAccounts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function accountView(row: AccountRow, secretsKey: Buffer): TiktokAccountView {
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
  return rows.map((row) => accountView(row, secretsKey));
}
