// 'Test connection': asks TikTok for the stored account's advertiser info with its stored token, and
// keeps the time zone and currency TikTok reports now (an advertiser can change them).
import { eq } from 'drizzle-orm';
import { decryptSecret, HttpError, schema, type Db, type OutgoingPolicy } from '@tracker/core';
import type { TiktokConnectionTest } from '@tracker/schemas';
import { askAdvertiserInfo } from './ask-tiktok';
import type { AccountRow } from './list-accounts';

export async function testConnection(deps: { db: Db; secretsKey: Buffer; tiktokApiUrl: string; outgoing?: OutgoingPolicy }, account: AccountRow): Promise<TiktokConnectionTest> {
  let token: string;
  try {
    token = decryptSecret(deps.secretsKey, account.accessToken);
  } catch {
    throw new HttpError(409, 'The stored access token cannot be read (the secrets key changed): delete the account and add it again');
  }
  const info = await askAdvertiserInfo(deps, account.advertiserId, token);
  await deps.db
    .update(schema.tiktokAccounts)
    .set({ timezone: info.timezone, currency: info.currency })
    .where(eq(schema.tiktokAccounts.id, account.id));
  return { ok: true, name: info.name, timezone: info.timezone, currency: info.currency };
}
