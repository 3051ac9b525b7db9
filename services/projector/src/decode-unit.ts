// Turns a unit's raw log records into what the projector writes: click and exit rows already encoded as
// JSONCompactEachRow lines (a JSON array of values a row, see analytics-rows.ts), the clicks' rollup rows,
// conversions decoded for the ledger. Pure and self-contained (schemas and the rollup sums only), so it runs
// in the decoder thread (unit-decoder.ts), away from the event loop that serves the redirects.
import { ClickRollups, type ClickRollupTable } from '@tracker/core/click-rollups';
import { trackingEventSchema, type ClickEvent, type ConversionEvent } from '@tracker/schemas';
import { CLICK_ROW, EXIT_ROW, clickFactOf, type LogPosition, type RowShape } from './analytics-rows';
import type { UnitEvents } from './event-copies';

/**
 * A unit's records as the decoder thread receives them. Values are views into a few large buffers (a
 * segment read, a fetch), so the buffers travel once each and record i is described by three numbers:
 * `refs[3i]` the buffer, `refs[3i + 1]` the byte offset in it, `refs[3i + 2]` the length. Posting the
 * views themselves cost tens of milliseconds of the event loop for a 20,000-record unit.
 */
export interface RawRecords {
  partition: number;
  offsets: number[];
  buffers: ArrayBufferLike[];
  refs: Float64Array;
}

export function describeRecords(partition: number, records: ReadonlyArray<{ offset: number; value: Uint8Array }>): RawRecords {
  const buffers: ArrayBufferLike[] = [];
  const indexOf = new Map<ArrayBufferLike, number>();
  const refs = new Float64Array(records.length * 3);
  const offsets = new Array<number>(records.length);
  for (let i = 0; i < records.length; i++) {
    const { offset, value } = records[i]!;
    let at = indexOf.get(value.buffer);
    if (at === undefined) {
      at = buffers.push(value.buffer) - 1;
      indexOf.set(value.buffer, at);
    }
    offsets[i] = offset;
    refs[3 * i] = at;
    refs[3 * i + 1] = value.byteOffset;
    refs[3 * i + 2] = value.byteLength;
  }
  return { partition, offsets, buffers, refs };
}

/** Rows of one table as JSONCompactEachRow in the order of `columns`: line i is `lines[ends[i - 1] ?? 0] .. lines[ends[i]]`,
 *  newline included. Ids, offsets and ends travel as one string and two typed arrays (moved, not copied): as
 *  arrays of strings and numbers they were thousands of objects a unit on the main thread's heap. */
export interface EncodedRows extends UnitEvents {
  columns: readonly string[];
  count: number;
  offsets: Float64Array;
  lines: Uint8Array;
  ends: Float64Array;
}

export interface DecodedUnit {
  clicks: EncodedRows;
  /** The rollup rows of every click in `clicks`. */
  clickRollups: Record<ClickRollupTable, Array<Record<string, unknown>>>;
  exits: EncodedRows;
  conversions: Array<{ event: ConversionEvent; at: LogPosition }>;
  /** Clicks of this unit that its conversions name: their rows are not in click_index yet. */
  unitClicks: Map<string, ClickEvent>;
  /** Offsets of records that are not tracking events. */
  invalid: number[];
}

const encoder = new TextEncoder();

/**
 * Each row is written as bytes the moment it is made, so a unit's rows and events die young: kept as
 * strings or objects until the unit ended, 20,000 of them survived every scavenge of the decoder's heap
 * (10-15 ms each, and the same again on V8's helper threads).
 */
class RowLines<T> {
  readonly #ids: string[] = [];
  readonly #offsets: number[] = [];
  readonly #ends: number[] = [];
  readonly #repeated: number[] = [];
  // Its own ArrayBuffer (never a slice of Buffer's shared pool), so the thread can move it.
  #bytes = new Uint8Array(64 * 1024);
  #length = 0;

  /** `seen`: the event ids of the unit's rows so far, of every table. */
  constructor(
    readonly shape: RowShape<T>,
    private readonly seen: Set<string>,
  ) {}

  /** Adds the event's row; returns its values, in the order of the shape's columns. */
  add(id: string, event: T, at: LogPosition): unknown[] {
    const values = this.shape.values(event, at);
    const line = `${JSON.stringify(values)}\n`;
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.#reserve(line.length * 3);
    this.#length += encoder.encodeInto(line, this.#bytes.subarray(this.#length)).written;
    if (this.seen.has(id)) this.#repeated.push(this.#ids.length);
    else this.seen.add(id);
    this.#ids.push(id);
    this.#offsets.push(at.offset);
    this.#ends.push(this.#length);
    return values;
  }

  encode(): EncodedRows {
    return {
      columns: this.shape.columns,
      count: this.#ids.length,
      ids: this.#ids.join(','),
      offsets: Float64Array.from(this.#offsets),
      repeated: this.#repeated,
      lines: this.#bytes.subarray(0, this.#length),
      ends: Float64Array.from(this.#ends),
    };
  }

  #reserve(bytes: number): void {
    if (this.#length + bytes <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#length + bytes));
    grown.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = grown;
  }
}

/** Record i's value as text: a stray byte decodes as U+FFFD (not fatal), and the schema decides. `buffers` are
 *  the unit's buffers as Buffers, made once a unit: a view a record cost more than the decoding. */
function parseRecord(raw: RawRecords, buffers: Buffer[], i: number) {
  try {
    const start = raw.refs[3 * i + 1]!;
    const text = buffers[raw.refs[3 * i]!]!.toString('utf8', start, start + raw.refs[3 * i + 2]!);
    return trackingEventSchema.safeParse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export function decodeUnit(raw: RawRecords): DecodedUnit {
  const buffers = raw.buffers.map((b) => Buffer.from(b));
  const seen = new Set<string>();
  const clicks = new RowLines(CLICK_ROW, seen);
  const rollups = new ClickRollups();
  const exits = new RowLines(EXIT_ROW, seen);
  // Where each click of the unit is, not the click itself: conversions are rare, and only theirs are decoded again.
  const clickRecords = new Map<string, number>();
  const conversions: DecodedUnit['conversions'] = [];
  const invalid: number[] = [];
  for (let i = 0; i < raw.offsets.length; i++) {
    const offset = raw.offsets[i]!;
    const parsed = parseRecord(raw, buffers, i);
    if (!parsed?.success) {
      invalid.push(offset);
      continue;
    }
    const event = parsed.data;
    const at = { partition: raw.partition, offset };
    if (event.type === 'click') {
      rollups.add(clickFactOf(clicks.add(event.id, event, at)));
      if (!clickRecords.has(event.id)) clickRecords.set(event.id, i);
    } else if (event.type === 'lander_click') {
      exits.add(event.id, event, at);
    } else {
      conversions.push({ event, at });
    }
  }
  const unitClicks = new Map<string, ClickEvent>();
  for (const { event } of conversions) {
    const at = clickRecords.get(event.data.clickId);
    if (at === undefined || unitClicks.has(event.data.clickId)) continue;
    const click = parseRecord(raw, buffers, at)!.data as ClickEvent;
    unitClicks.set(click.id, click);
  }
  return { clicks: clicks.encode(), clickRollups: rollups.rows(), exits: exits.encode(), conversions, unitClicks, invalid };
}

/** The rollup rows of the clicks kept (the rare unit that holds second copies; otherwise the decoder's). */
export function keptClickRollups(clicks: EncodedRows, kept: ReadonlySet<number>): DecodedUnit['clickRollups'] {
  const rollups = new ClickRollups();
  const lines = Buffer.from(clicks.lines.buffer, clicks.lines.byteOffset, clicks.lines.byteLength);
  for (let i = 0; i < clicks.count; i++) {
    // ends[] are byte offsets; a line's bytes are decoded on their own, so multi-byte text cannot shift them.
    if (kept.has(i)) rollups.add(clickFactOf(JSON.parse(lines.toString('utf8', i === 0 ? 0 : clicks.ends[i - 1], clicks.ends[i])) as unknown[]));
  }
  return rollups.rows();
}

/** The lines of the rows kept, in their order: all of them when nothing was dropped. */
export function keptLines(rows: EncodedRows, kept: ReadonlySet<number> | null): Buffer {
  const all = Buffer.from(rows.lines.buffer, rows.lines.byteOffset, rows.lines.byteLength);
  if (!kept) return all;
  const parts: Buffer[] = [];
  for (let i = 0; i < rows.count; i++) {
    if (kept.has(i)) parts.push(all.subarray(i === 0 ? 0 : rows.ends[i - 1], rows.ends[i]));
  }
  return Buffer.concat(parts);
}
