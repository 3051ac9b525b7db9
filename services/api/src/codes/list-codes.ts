// The newest verification codes for GET /api/codes, and the cheap version tag every 2-second poll
// compares first: the count and the highest id change with every insert and every deletion.
import { count, desc, max } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { CODES_LIST_LIMIT, type VerificationCode } from '@tracker/schemas';

export async function codesVersion(db: Db): Promise<string> {
  const [row] = await db.select({ n: count(), top: max(schema.verificationCodes.id) }).from(schema.verificationCodes);
  return `W/"codes-${row?.n ?? 0}-${row?.top ?? 0}"`;
}

export async function listCodes(db: Db): Promise<VerificationCode[]> {
  const c = schema.verificationCodes;
  const rows = await db
    .select({ id: c.id, code: c.code, receivedAt: c.receivedAt, extractedAt: c.extractedAt, subject: c.subject })
    .from(c)
    .orderBy(desc(c.receivedAt), desc(c.id))
    .limit(CODES_LIST_LIMIT);
  return rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString(), extractedAt: r.extractedAt.toISOString() }));
}
