// Sends what the alert outbox holds: claimed deliveries go out per channel in the order their events
// happened (a channel's recovery never overtakes its firing: after a failure the channel's later
// messages wait for the next check); a failed send is tried again at the next checks until
// MAX_DELIVERY_ATTEMPTS, then given up with its error in the alert log. `raiseAlert` is the entry for
// code that has an alert to send now (the rules engine): it records the event, then delivers.
import { eq } from 'drizzle-orm';
import {
  claimAlertDeliveries,
  recordAlertEvent,
  releaseAlertDeliveries,
  schema,
  settleAlertDelivery,
  type AlertInput,
  type ClaimedDelivery,
  type Db,
  type Logger,
  type RecordedAlertEvent,
} from '@tracker/core';
import { openChannel, sendNotification, UnreadableChannelError, type NotifyOptions } from './send-notification';

/** Tries per delivery, over successive checks (each try has its own quick retries). */
export const MAX_DELIVERY_ATTEMPTS = 5;

export interface DeliverAlertsDeps {
  db: Db;
  secretsKey: Buffer;
  notify: NotifyOptions;
  logger: Logger;
  now?: () => Date;
}

export interface DeliveryTotals {
  sent: number;
  /** Failed this time: tried again at the next check, or given up. */
  failed: number;
  /** Claimed but left for the next check, behind a failed message to the same channel. */
  waiting: number;
}

async function deliverToChannel(deps: DeliverAlertsDeps, channelId: number | null, deliveries: ClaimedDelivery[], totals: DeliveryTotals): Promise<void> {
  const now = () => (deps.now ?? (() => new Date()))();
  const giveUpAll = async (error: string) => {
    for (const d of deliveries) await settleAlertDelivery(deps.db, d.id, { sent: false, error, final: true }, now());
    totals.failed += deliveries.length;
  };
  const [row] = channelId === null ? [] : await deps.db.select().from(schema.notificationChannels).where(eq(schema.notificationChannels.id, channelId));
  if (!row) return giveUpAll('The channel was deleted before this was sent');
  for (const [i, delivery] of deliveries.entries()) {
    let error: string;
    try {
      const outcome = await sendNotification(
        openChannel(row, deps.secretsKey),
        { id: `alert-${delivery.id}`, key: delivery.event.key, kind: delivery.event.kind, state: delivery.event.state, title: delivery.event.title, text: delivery.event.text, at: delivery.event.at },
        deps.notify,
      );
      if (outcome.ok) {
        await settleAlertDelivery(deps.db, delivery.id, { sent: true }, now());
        totals.sent += 1;
        continue;
      }
      error = outcome.message;
    } catch (failure) {
      if (!(failure instanceof UnreadableChannelError)) throw failure;
      error = failure.message;
    }
    const final = delivery.attempts + 1 >= MAX_DELIVERY_ATTEMPTS;
    await settleAlertDelivery(deps.db, delivery.id, { sent: false, error, final }, now());
    totals.failed += 1;
    deps.logger.warn({ channel: row.name, alert: delivery.event.key, error, final }, 'an alert could not be sent');
    const rest = deliveries.slice(i + 1);
    await releaseAlertDeliveries(deps.db, rest.map((d) => d.id));
    totals.waiting += rest.length;
    return;
  }
}

export async function deliverAlerts(deps: DeliverAlertsDeps): Promise<DeliveryTotals> {
  const claimed = await claimAlertDeliveries(deps.db, { limit: 200, now: (deps.now ?? (() => new Date()))() });
  const byChannel = new Map<number | null, ClaimedDelivery[]>();
  for (const delivery of claimed) byChannel.set(delivery.channelId, [...(byChannel.get(delivery.channelId) ?? []), delivery]);
  const totals: DeliveryTotals = { sent: 0, failed: 0, waiting: 0 };
  // Channels in parallel (one slow or throttled service holds up no other), each channel's messages in order.
  const results = await Promise.allSettled([...byChannel].map(([channelId, deliveries]) => deliverToChannel(deps, channelId, deliveries, totals)));
  for (const result of results) {
    if (result.status === 'rejected') deps.logger.error({ err: result.reason }, 'alert delivery failed; the claimed messages are taken again once their claim is stale');
  }
  return totals;
}

/** Records an alert event (if it changes the alert's state) and sends what it produced. */
export async function raiseAlert(deps: DeliverAlertsDeps, input: AlertInput): Promise<RecordedAlertEvent | null> {
  const event = await recordAlertEvent(deps.db, input, (deps.now ?? (() => new Date()))());
  if (event && event.deliveries > 0) await deliverAlerts(deps);
  return event;
}
