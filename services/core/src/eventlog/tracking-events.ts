// Tracking events on the log: JSON envelopes keyed by click id, so a click, its exits and its
// conversions share a partition and keep their order.
import { EVENT_VERSION, type TrackingEvent } from '@tracker/schemas';
import { newEventId } from './event-id';
import type { PublishRecord } from './event-log';

export { newEventId };

type EventOf<T extends TrackingEvent['type']> = Extract<TrackingEvent, { type: T }>;

export function makeEvent<T extends TrackingEvent['type']>(
  type: T,
  data: EventOf<T>['data'],
  options: { id?: string; at?: number } = {},
): EventOf<T> {
  return { id: options.id ?? newEventId(), type, v: EVENT_VERSION, at: options.at ?? Date.now(), data } as EventOf<T>;
}

export function partitionKeyOf(event: TrackingEvent): string {
  return event.type === 'click' ? event.id : event.data.clickId;
}

/** The record's timestamp is left to the log: the time it accepted the event, not the event's own `at`. Kafka's
 *  time-based retention counts from record timestamps, so an event stamped with an old `at` (an import, a replay, a
 *  test's March clicks) would be deleted at the broker's next retention check, before the projector read it. */
export function encodeEvent(event: TrackingEvent): PublishRecord {
  return { key: partitionKeyOf(event), value: Buffer.from(JSON.stringify(event)) };
}
