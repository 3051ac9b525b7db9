// Connects a TikTok ad account: TikTok is asked first (the token must open the advertiser, and its
// time zone and currency are what the sync relies on), then the row is stored with the token sealed.
import { conflict, encryptSecret, schema, type Db, type OutgoingPolicy } from '@tracker/core';
import { TIKTOK_ACCOUNT_TAKEN_MESSAGE, type TiktokAccountCreate } from '@tracker/schemas';
import { askAdvertiserInfo } from './ask-tiktok';
import type { AccountRow } from './list-accounts';

export async function addAccount(deps: { db: Db; secretsKey: Buffer; tiktokApiUrl: string; outgoing?: OutgoingPolicy }, body: TiktokAccountCreate): Promise<AccountRow> {
  const info = await askAdvertiserInfo(deps, body.advertiserId, body.accessToken);
  const [row] = await deps.db
    .insert(schema.tiktokAccounts)
    .values({
      advertiserId: body.advertiserId,
      name: body.name ?? info.name,
      accessToken: encryptSecret(deps.secretsKey, body.accessToken),
      timezone: info.timezone,
      currency: info.currency,
    })
    .onConflictDoNothing({ target: schema.tiktokAccounts.advertiserId })
    .returning();
  if (!row) throw conflict(TIKTOK_ACCOUNT_TAKEN_MESSAGE);
  return row;
}
