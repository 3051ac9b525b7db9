// Drops the second copies of clicks and exits. An event can reach the log twice at different offsets
// (a publish retried after its answer was lost); the batch deduplication tokens only make a re-sent
// offset range harmless, so without this both copies would count in the report rollups. A copy is
// dropped when the same event id is already stored at another log position (event_positions), or
// appears earlier in the same unit. The decision depends on stored positions only, so a unit re-sent
// after a crash keeps exactly the rows it kept before, and a replay from offset 0 keeps the same ones.
import type { Analytics } from '@tracker/core';
import type { LogPosition } from './analytics-rows';

export interface PositionedEvent {
  id: string;
  at: LogPosition;
}

interface StoredPosition {
  event_id: string;
  log_partition: number;
  log_offset: number;
}

/**
 * Ids per lookup. A server takes the ids in the URL, at most 1 MiB of it (http_max_uri_size): 10,000 UUIDs
 * are about 370 KB. (As an `IN` list of literals, chDB's lookup also fell off a cliff past about 21,000 ids:
 * 65 ms for 20,000, 6.7 s for 26,000.)
 */
const LOOKUP_SLICE = 10_000;

/**
 * The events to project: each id once, and only where no other position holds it already. `resent` says
 * the unit's range was recorded by an earlier attempt: its rows at their own positions are then kept, for
 * the unit's deduplication tokens to drop. A unit not recorded before keeps nothing stored already, even
 * at its own position: that was written under another range, whose tokens would not match.
 */
export async function firstCopies<T extends PositionedEvent>(analytics: Analytics, events: readonly T[], resent: boolean): Promise<T[]> {
  if (events.length === 0) return [];
  const first = new Map<string, T>();
  for (const event of events) if (!first.has(event.id)) first.set(event.id, event);
  const ids = [...first.keys()];
  const stored: StoredPosition[] = [];
  for (let from = 0; from < ids.length; from += LOOKUP_SLICE) {
    const slice = ids.slice(from, from + LOOKUP_SLICE);
    // The ids travel as one string, split by the engine: it spends about half the CPU it spends parsing an
    // array literal of 10,000 strings (1.3 against 2.4-3.0 us an id, measured). Event ids are UUIDs (the
    // decoder refuses others), so none holds the comma.
    stored.push(
      ...(await analytics.query<StoredPosition>(
        "SELECT event_id, log_partition, log_offset FROM event_positions WHERE event_id IN (SELECT arrayJoin(splitByChar(',', {ids:String})))",
        { ids: slice.join(',') },
      )),
    );
  }
  const positions = new Map<string, Set<string>>();
  for (const row of stored) {
    const at = `${row.log_partition}:${row.log_offset}`;
    const known = positions.get(row.event_id);
    if (known) known.add(at);
    else positions.set(row.event_id, new Set([at]));
  }
  // Kept: events stored nowhere yet, and in a re-sent unit events stored at this very position (a unit
  // re-sent after a crash, whose rows its deduplication tokens already cover).
  return [...first.values()].filter((event) => {
    const known = positions.get(event.id);
    return !known || (resent && known.has(`${event.at.partition}:${event.at.offset}`));
  });
}
