// The outbox of alert messages: a sender claims pending deliveries (each claimed by one process only),
// then settles each one it tried (sent, or failed and tried again later, or given up) and hands back
// the ones it did not get to. A claim whose sender died is taken again once it is stale.
import { asc, eq, inArray, or, and, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/entities';
import { alertDeliveries, alertEvents } from '../db/schema';

/** Longer than any one send may take (its retries and waits included). */
export const STALE_CLAIM_MS = 10 * 60_000;

export interface ClaimedDelivery {
  id: number;
  channelId: number | null;
  channelName: string;
  /** Tries before this one. */
  attempts: number;
  event: { id: number; key: string; kind: string; state: 'firing' | 'resolved'; title: string; text: string; at: Date };
}

/** Takes up to `limit` deliveries to send, oldest first. */
export async function claimAlertDeliveries(db: Db, options: { limit?: number; now?: Date } = {}): Promise<ClaimedDelivery[]> {
  const now = options.now ?? new Date();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  const ids = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(or(eq(alertDeliveries.status, 'pending'), and(eq(alertDeliveries.status, 'sending'), lt(alertDeliveries.claimedAt, staleBefore))))
      .orderBy(asc(alertDeliveries.id))
      .limit(options.limit ?? 100)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(alertDeliveries)
      .set({ status: 'sending', claimedAt: now })
      .where(inArray(alertDeliveries.id, due.map((d) => d.id)))
      .returning({ id: alertDeliveries.id });
    return claimed.map((c) => c.id);
  });
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: alertDeliveries.id,
      channelId: alertDeliveries.channelId,
      channelName: alertDeliveries.channelName,
      attempts: alertDeliveries.attempts,
      event: { id: alertEvents.id, key: alertEvents.key, kind: alertEvents.kind, state: alertEvents.state, title: alertEvents.title, text: alertEvents.text, at: alertEvents.at },
    })
    .from(alertDeliveries)
    .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
    .where(inArray(alertDeliveries.id, ids))
    .orderBy(asc(alertDeliveries.id));
  return rows;
}

export type DeliveryResult = { sent: true } | { sent: false; error: string; final: boolean };

/** Records one try: sent, or failed (pending again for the next check, or given up when `final`). */
export async function settleAlertDelivery(db: Db, id: number, result: DeliveryResult, now: Date = new Date()): Promise<void> {
  await db
    .update(alertDeliveries)
    .set(
      result.sent
        ? { status: 'sent', sentAt: now, error: null, claimedAt: null, attempts: sql`${alertDeliveries.attempts} + 1` }
        : { status: result.final ? 'failed' : 'pending', error: result.error, claimedAt: null, attempts: sql`${alertDeliveries.attempts} + 1` },
    )
    .where(eq(alertDeliveries.id, id));
}

/** Hands back claimed deliveries that were not tried (they keep their place in line). */
export async function releaseAlertDeliveries(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(alertDeliveries)
    .set({ status: 'pending', claimedAt: null })
    .where(and(inArray(alertDeliveries.id, [...ids]), eq(alertDeliveries.status, 'sending')));
}
