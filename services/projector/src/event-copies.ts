// Drops the second copies of clicks and exits. An event can reach the log twice at different offsets
// (a publish retried after its answer was lost); the batch deduplication tokens only make a re-sent
// offset range harmless, so without this both copies would count in the report rollups. A copy is
// dropped when the same event id is already stored at another log position (event_positions), or
// appears earlier in the same unit. The decision depends on stored positions only, so a unit re-sent
// after a crash keeps exactly the rows it kept before, and a replay from offset 0 keeps the same ones.
//
// A unit's ids arrive from the decoder thread as one comma-joined string: the lookup sends them as they
// are, and only a unit that does hold a copy (rare) is taken apart id by id. Thousands of id strings and
// event objects per unit were the main thread's largest garbage, kept alive across scavenges while the
// unit projected.
import type { Analytics } from '@tracker/core';

/** One table's rows of a unit, as the decoder describes them. */
export interface UnitEvents {
  /** Every row's event id, in row order, joined by commas (event ids are UUIDs: none holds one). */
  ids: string;
  /** Every row's log offset, in row order. */
  offsets: ArrayLike<number>;
  /** Rows whose event id an earlier row of the unit (of any table) already has. */
  repeated: readonly number[];
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

/** `ids` cut after every `per` ids, without splitting it into strings. */
function idSlices(ids: string, per: number): string[] {
  const slices: string[] = [];
  let from = 0;
  while (from < ids.length) {
    let to = from;
    for (let n = 0; n < per && to !== -1; n++) to = ids.indexOf(',', to + 1);
    slices.push(to === -1 ? ids.slice(from) : ids.slice(from, to));
    from = to === -1 ? ids.length : to + 1;
  }
  return slices;
}

/**
 * The rows to project of each table: null for all of them (the usual answer), else the indexes of the rows
 * kept. Kept: each id once (its first row), and only where no other position holds it already. `resent`
 * says the unit's range was recorded by an earlier attempt: its rows at their own positions are then kept,
 * for the unit's deduplication tokens to drop. A unit not recorded before keeps nothing stored already,
 * even at its own position: that was written under another range, whose tokens would not match.
 */
export async function keptRows<K extends string>(
  analytics: Analytics,
  partition: number,
  tables: Record<K, UnitEvents>,
  resent: boolean,
): Promise<Record<K, Set<number> | null>> {
  const names = Object.keys(tables) as K[];
  const all = names.map((name) => tables[name].ids).filter(Boolean).join(',');
  const stored: StoredPosition[] = [];
  for (const slice of all ? idSlices(all, LOOKUP_SLICE) : []) {
    // The ids travel as one string, split by the engine: it spends about half the CPU it spends parsing an
    // array literal of 10,000 strings (1.3 against 2.4-3.0 us an id, measured).
    stored.push(
      ...(await analytics.query<StoredPosition>(
        "SELECT event_id, log_partition, log_offset FROM event_positions WHERE event_id IN (SELECT arrayJoin(splitByChar(',', {ids:String})))",
        { ids: slice },
      )),
    );
  }
  const kept = {} as Record<K, Set<number> | null>;
  if (stored.length === 0 && names.every((name) => tables[name].repeated.length === 0)) {
    for (const name of names) kept[name] = null;
    return kept;
  }

  const positions = new Map<string, Set<string>>();
  for (const row of stored) {
    const at = `${row.log_partition}:${row.log_offset}`;
    positions.set(row.event_id, (positions.get(row.event_id) ?? new Set()).add(at));
  }
  for (const name of names) {
    const { ids, offsets, repeated } = tables[name];
    const skip = new Set(repeated);
    const rows = new Set<number>();
    (ids ? ids.split(',') : []).forEach((id, index) => {
      if (skip.has(index)) return;
      const known = positions.get(id);
      // Kept: events stored nowhere yet, and in a re-sent unit events stored at this very position (a unit
      // re-sent after a crash, whose rows its deduplication tokens already cover).
      if (!known || (resent && known.has(`${partition}:${offsets[index]}`))) rows.add(index);
    });
    kept[name] = rows;
  }
  return kept;
}
