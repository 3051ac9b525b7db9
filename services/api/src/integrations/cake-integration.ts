// The CAKE connection admins set on Settings → Integrations: read it (the key masked), or save it (the
// key sealed with core/secrets; a blank key keeps the stored one). Only a long key shows its last 4
// characters: of a short one they would give most of it away. A password in the base URL is masked the
// same way, and a base URL this server may not call (a private address) is refused when saved.
import { eq } from 'drizzle-orm';
import {
  badRequest,
  encryptSecret,
  maskUrlCredentials,
  outgoingRefusal,
  restoreMaskedPassword,
  schema,
  type Db,
  type OutgoingPolicy,
} from '@tracker/core';
import type { CakeIntegration, CakeSettings } from '@tracker/schemas';

const ROW_ID = 1;

export async function getCakeIntegration(db: Db): Promise<CakeIntegration> {
  const [row] = await db.select().from(schema.cakeIntegration).where(eq(schema.cakeIntegration.id, ROW_ID));
  if (!row) {
    return { configured: false, baseUrl: '', affiliateId: '', apiKeyMasked: '', lastRunAt: null, lastRows: null, lastDurationMs: null, lastError: null };
  }
  return {
    configured: true,
    baseUrl: maskUrlCredentials(row.baseUrl),
    affiliateId: row.affiliateId,
    apiKeyMasked: `••••${row.apiKeyLast4}`,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastRows: row.lastRows,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
  };
}

export async function saveCakeIntegration(db: Db, secretsKey: Buffer, body: CakeSettings, outgoing?: OutgoingPolicy): Promise<CakeIntegration> {
  const refusal = await outgoingRefusal(body.baseUrl, outgoing);
  if (refusal) throw badRequest(`The CAKE base URL is refused: ${refusal}`);
  const t = schema.cakeIntegration;
  const key = body.apiKey === '' ? null : { apiKeyEncrypted: encryptSecret(secretsKey, body.apiKey), apiKeyLast4: body.apiKey.length >= 8 ? body.apiKey.slice(-4) : '' };
  const [existing] = await db.select({ id: t.id, baseUrl: t.baseUrl }).from(t).where(eq(t.id, ROW_ID));
  if (!existing && !key) throw badRequest('The API key is required');
  // The card shows the base URL's password masked: sent back unchanged, the stored one stays.
  const baseUrl = restoreMaskedPassword(body.baseUrl, existing?.baseUrl);
  if (existing) {
    await db.update(t).set({ baseUrl, affiliateId: body.affiliateId, ...(key ?? {}), updatedAt: new Date() }).where(eq(t.id, ROW_ID));
  } else {
    await db.insert(t).values({ id: ROW_ID, baseUrl, affiliateId: body.affiliateId, ...key! });
  }
  return getCakeIntegration(db);
}
