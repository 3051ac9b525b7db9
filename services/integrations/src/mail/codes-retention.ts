// How long verification codes are kept (the codes_retention_days setting, 7 days by default), and the
// deletion of older ones that the scheduled retention job runs.
import { eq, lt } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { CODES_RETENTION_SETTING, DEFAULT_CODES_RETENTION_DAYS } from '@tracker/schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function readCodesRetentionDays(db: Db): Promise<number> {
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, CODES_RETENTION_SETTING));
  const days = Number(row?.value);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_CODES_RETENTION_DAYS;
}

/** Codes received before this moment are past retention. */
export async function codesRetentionCutoff(db: Db, now = Date.now()): Promise<Date> {
  return new Date(now - (await readCodesRetentionDays(db)) * DAY_MS);
}

/** Deletes the codes past retention; answers how many went. */
export async function deleteExpiredCodes(db: Db, now = Date.now()): Promise<{ deleted: number; cutoff: string }> {
  const cutoff = await codesRetentionCutoff(db, now);
  const gone = await db
    .delete(schema.verificationCodes)
    .where(lt(schema.verificationCodes.receivedAt, cutoff))
    .returning({ id: schema.verificationCodes.id });
  return { deleted: gone.length, cutoff: cutoff.toISOString() };
}
