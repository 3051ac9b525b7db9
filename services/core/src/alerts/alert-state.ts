// The alerts' state machine in the entity store: an alert is known by a stable key ('spend-sync:3') and
// is firing or resolved. An event that changes the state is logged and, in the same transaction, one
// delivery per subscribed channel is written (an outbox the sender works through); an event that
// changes nothing (still firing, already resolved) is dropped, so a firing is sent once however often a
// check sees it, across restarts and worker processes.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/entities';
import { alertDeliveries, alertEvents, alertStates, notificationChannels } from '../db/schema';

export type FiringAlert = { key: string; kind: string; title: string; text: string };

/** `channelIds`: send to these channels only (a rule names its own), instead of those taking the kind. */
export type AlertInput =
  | ({ state: 'firing'; channelIds?: readonly number[] } & FiringAlert)
  /** The title is the firing's; `text` says what changed (default: how long it fired). */
  | { state: 'resolved'; key: string; text?: string; channelIds?: readonly number[] };

export interface RecordedAlertEvent {
  eventId: number;
  key: string;
  state: 'firing' | 'resolved';
  /** Deliveries written: one per channel subscribed to the kind. */
  deliveries: number;
}

export type AlertStateRow = typeof alertStates.$inferSelect;

/** '2 h 5 min', '40 min', 'less than a minute'. */
export function describeDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${days} d` : '', hours ? `${hours} h` : '', rest && days === 0 ? `${rest} min` : ''].filter(Boolean);
  return parts.join(' ');
}

/** Records the event if it changes the alert's state; null when it changes nothing. */
export async function recordAlertEvent(db: Db, input: AlertInput, now: Date = new Date()): Promise<RecordedAlertEvent | null> {
  return db.transaction(async (tx) => {
    // A new key gets its row first (as resolved), so two processes firing it at once queue on one row lock.
    if (input.state === 'firing') {
      await tx
        .insert(alertStates)
        .values({ key: input.key, kind: input.kind, state: 'resolved', title: input.title, text: input.text, since: now })
        .onConflictDoNothing();
    }
    const [current] = await tx.select().from(alertStates).where(eq(alertStates.key, input.key)).for('update');
    if (!current) return null;
    if (input.state === 'firing' && current.state === 'firing') {
      // Still firing: the newest words are kept for the firing list, nothing is sent again.
      if (current.title !== input.title || current.text !== input.text) {
        await tx.update(alertStates).set({ title: input.title, text: input.text, updatedAt: now }).where(eq(alertStates.key, input.key));
      }
      return null;
    }
    if (input.state === 'resolved' && current.state === 'resolved') return null;

    const kind = current.kind;
    const title = input.state === 'firing' ? input.title : current.title;
    const text = input.state === 'firing' ? input.text : (input.text ?? `Back to normal after ${describeDuration(now.getTime() - current.since.getTime())}.`);
    await tx
      .update(alertStates)
      .set({ state: input.state, title, text, since: now, updatedAt: now, ...(input.state === 'firing' ? { kind: input.kind } : {}) })
      .where(eq(alertStates.key, input.key));
    const [event] = await tx.insert(alertEvents).values({ key: input.key, kind, state: input.state, title, text, at: now }).returning({ id: alertEvents.id });
    const channels = await tx
      .select({ id: notificationChannels.id, name: notificationChannels.name, type: notificationChannels.type })
      .from(notificationChannels)
      .where(
        input.channelIds
          ? inArray(notificationChannels.id, input.channelIds.length > 0 ? [...input.channelIds] : [-1])
          : // Empty: every kind (docs/alerts.md).
            sql`(${notificationChannels.alertKinds} = '[]'::jsonb or ${notificationChannels.alertKinds} @> ${JSON.stringify([kind])}::jsonb)`,
      )
      .orderBy(asc(notificationChannels.id));
    if (channels.length > 0) {
      await tx.insert(alertDeliveries).values(channels.map((c) => ({ eventId: event!.id, channelId: c.id, channelName: c.name, channelType: c.type })));
    }
    return { eventId: event!.id, key: input.key, state: input.state, deliveries: channels.length };
  });
}

/** The alerts firing now, of one kind or all, oldest first. */
export async function listFiringAlerts(db: Db, kind?: string): Promise<AlertStateRow[]> {
  return db
    .select()
    .from(alertStates)
    .where(and(eq(alertStates.state, 'firing'), kind === undefined ? undefined : eq(alertStates.kind, kind)))
    .orderBy(asc(alertStates.since), asc(alertStates.key));
}

/**
 * A check's whole answer for its kind: each alert in `firing` fires (once), and every alert of the kind
 * firing now but missing from `firing` resolves. Answers the events it recorded.
 */
export async function reconcileAlerts(db: Db, kind: string, firing: readonly FiringAlert[], now: Date = new Date()): Promise<RecordedAlertEvent[]> {
  const recorded: RecordedAlertEvent[] = [];
  const keys = new Set<string>();
  for (const alert of firing) {
    if (alert.kind !== kind) throw new Error(`reconcileAlerts(${kind}) was given an alert of kind ${alert.kind}`);
    keys.add(alert.key);
    const event = await recordAlertEvent(db, { state: 'firing', ...alert }, now);
    if (event) recorded.push(event);
  }
  for (const open of await listFiringAlerts(db, kind)) {
    if (keys.has(open.key)) continue;
    const event = await recordAlertEvent(db, { state: 'resolved', key: open.key }, now);
    if (event) recorded.push(event);
  }
  return recorded;
}
