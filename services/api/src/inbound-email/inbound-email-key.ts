// The secret of the inbound mail hook (POST /inbound/email?key=…): created once and kept in settings
// like the postback key, never listed with the other settings, compared in constant time.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export const INBOUND_EMAIL_KEY_SETTING = 'inbound_email_key';

export async function ensureInboundEmailKey(db: Db): Promise<string> {
  await db
    .insert(schema.settings)
    .values({ key: INBOUND_EMAIL_KEY_SETTING, value: crypto.randomBytes(24).toString('base64url') })
    .onConflictDoNothing({ target: schema.settings.key });
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, INBOUND_EMAIL_KEY_SETTING));
  return row!.value;
}

export function keyMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The hook's URL on the redirect domain (or the origin the admin is using), with its key. */
export async function inboundEmailUrl(db: Db, requestOrigin: string): Promise<string> {
  const [key, [redirect]] = await Promise.all([
    ensureInboundEmailKey(db),
    db.select().from(schema.settings).where(eq(schema.settings.key, 'redirect_domain')),
  ]);
  const origin = redirect?.value ? `https://${redirect.value}` : requestOrigin;
  return `${origin}/inbound/email?key=${encodeURIComponent(key)}`;
}
