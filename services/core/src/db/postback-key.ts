// The secret that authenticates conversion postbacks: created once, kept in settings, read by the
// ingest (to check it) and the api (to show the postback URL to admins).
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './entities';
import { settings } from './schema';

export const POSTBACK_KEY_SETTING = 'postback_key';

export async function ensurePostbackKey(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: POSTBACK_KEY_SETTING, value: crypto.randomBytes(18).toString('base64url') })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select().from(settings).where(eq(settings.key, POSTBACK_KEY_SETTING));
  return row!.value;
}
