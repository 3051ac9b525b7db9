// Turns a unit's raw log records into what the projector writes: click and exit rows already encoded as
// JSONEachRow lines, conversions decoded for the ledger. Pure and self-contained (schemas only), so it
// runs in the decoder thread (unit-decoder.ts), away from the event loop that serves the redirects.
import { trackingEventSchema, type ClickEvent, type ConversionEvent } from '@tracker/schemas';
import { clickRow, exitRow, type LogPosition } from './analytics-rows';

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

/** Rows of one table as JSONEachRow: line i is `lines[ends[i - 1] ?? 0] .. lines[ends[i]]`, newline included. */
export interface EncodedRows {
  ids: string[];
  offsets: number[];
  lines: Uint8Array;
  ends: number[];
}

export interface DecodedUnit {
  clicks: EncodedRows;
  exits: EncodedRows;
  conversions: Array<{ event: ConversionEvent; at: LogPosition }>;
  /** Clicks of this unit that its conversions name: their rows are not in click_index yet. */
  unitClicks: Map<string, ClickEvent>;
  /** Offsets of records that are not tracking events. */
  invalid: number[];
}

const encoder = new TextEncoder();

class RowLines {
  readonly ids: string[] = [];
  readonly offsets: number[] = [];
  readonly ends: number[] = [];
  readonly #lines: string[] = [];
  #bytes = 0;

  add(id: string, offset: number, row: object): void {
    const line = `${JSON.stringify(row)}\n`;
    this.ids.push(id);
    this.offsets.push(offset);
    this.#lines.push(line);
    this.ends.push((this.#bytes += Buffer.byteLength(line)));
  }

  encode(): EncodedRows {
    // Its own ArrayBuffer (never a slice of Buffer's shared pool), so the thread can move it.
    const lines = encoder.encode(this.#lines.join(''));
    return { ids: this.ids, offsets: this.offsets, lines, ends: this.ends };
  }
}

// Not fatal: a stray byte decodes as U+FFFD, as Buffer#toString does, and the schema decides.
const utf8 = new TextDecoder();

export function decodeUnit(raw: RawRecords): DecodedUnit {
  const clicks = new RowLines();
  const exits = new RowLines();
  const clickEvents = new Map<string, ClickEvent>();
  const conversions: DecodedUnit['conversions'] = [];
  const invalid: number[] = [];
  for (let i = 0; i < raw.offsets.length; i++) {
    const offset = raw.offsets[i]!;
    const at = { partition: raw.partition, offset };
    let parsed;
    try {
      const value = new Uint8Array(raw.buffers[raw.refs[3 * i]!]!, raw.refs[3 * i + 1], raw.refs[3 * i + 2]);
      parsed = trackingEventSchema.safeParse(JSON.parse(utf8.decode(value)));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      invalid.push(offset);
      continue;
    }
    const event = parsed.data;
    if (event.type === 'click') {
      clicks.add(event.id, offset, clickRow(event, at));
      if (!clickEvents.has(event.id)) clickEvents.set(event.id, event);
    } else if (event.type === 'lander_click') {
      exits.add(event.id, offset, exitRow(event, at));
    } else {
      conversions.push({ event, at });
    }
  }
  const unitClicks = new Map<string, ClickEvent>();
  for (const { event } of conversions) {
    const click = clickEvents.get(event.data.clickId);
    if (click) unitClicks.set(click.id, click);
  }
  return { clicks: clicks.encode(), exits: exits.encode(), conversions, unitClicks, invalid };
}

/** The lines of the rows kept, in their order: all of them when nothing was dropped. */
export function keptLines(rows: EncodedRows, kept: ReadonlySet<number> | null): Buffer {
  const all = Buffer.from(rows.lines.buffer, rows.lines.byteOffset, rows.lines.byteLength);
  if (!kept) return all;
  const parts: Buffer[] = [];
  for (let i = 0; i < rows.ends.length; i++) {
    if (kept.has(i)) parts.push(all.subarray(rows.ends[i - 1] ?? 0, rows.ends[i]));
  }
  return Buffer.concat(parts);
}
