// Tracking events on the log: JSON envelopes keyed by click id, so a click, its exits and its
// conversions share a partition and keep their order.
import { v7 as uuidv7 } from 'uuid';
import { EVENT_VERSION, trackingEventSchema, type TrackingEvent } from '@tracker/schemas';
import type { LogRecord, PublishRecord } from './event-log';

export const newEventId = (): string => uuidv7();

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

export function encodeEvent(event: TrackingEvent): PublishRecord {
  return { key: partitionKeyOf(event), value: Buffer.from(JSON.stringify(event)), timestamp: event.at };
}

/** Returns the event, or null for a record that is not a valid tracking event (logged by the caller). */
export function decodeEvent(record: LogRecord): TrackingEvent | null {
  try {
    const parsed = trackingEventSchema.safeParse(JSON.parse(record.value.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
