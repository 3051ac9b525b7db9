// The Postback URL shown on the Settings screen: the ingest's /postback on the redirect domain (or, when
// none is set, on the origin the admin is using), carrying the postback key and the network's macros.
import { eq } from 'drizzle-orm';
import { ensurePostbackKey, schema, type Db } from '@tracker/core';

const MACROS =
  'transaction_id={transaction_id}&click_id={click_id}&payout={payout}&offer_id={offer_id}&offer_name={offer_name}&status={status}';

export async function postbackUrl(db: Db, requestOrigin: string): Promise<string> {
  const [key, [redirect]] = await Promise.all([
    ensurePostbackKey(db),
    db.select().from(schema.settings).where(eq(schema.settings.key, 'redirect_domain')),
  ]);
  const origin = redirect?.value ? `https://${redirect.value}` : requestOrigin;
  return `${origin}/postback?key=${encodeURIComponent(key)}&${MACROS}`;
}
