// The ordered segments of one embedded-log partition: recovery on open, durable appends with segment
// rolling, and read cursors that keep their place so consumers never rescan what they already read. The
// latest appends stay in memory too: a consumer following the head (the projector, milliseconds behind)
// reads them from there, not back from the file it was just written to and checksummed again.
import { yieldToEventLoop } from '../analytics/analytics';
import type { LogRecord } from './event-log';
import { frameSize, heldFrame, readFrame, writeFrame } from './record-frame';
import { CorruptLogError, type ReadAhead, SegmentFile, createDirectory, listSegmentBases } from './segment-file';

/** Records read between two turns of the event loop. */
const READ_SLICE = 2000;
/** Bytes of the latest appends kept in memory by default: seconds of clicks at thousands a second. */
const DEFAULT_HELD_BYTES = 16 * 1024 * 1024;

/** One append's frames as written: record `first + i` starts at `starts[i]`, byte `position + starts[i]` of its segment. */
interface HeldAppend {
  segmentIndex: number;
  position: number;
  first: number;
  frames: Buffer;
  starts: number[];
}

export interface AppendRecord {
  key: Buffer;
  value: Buffer;
  timestamp: number;
}

/** Where a consumer is: the next record to read and the byte position it starts at. */
export interface ReadCursor {
  offset: number;
  segmentIndex: number;
  position: number;
  reader: ReadAhead;
}

/** What opening cut from the last segment: a write a crash left half done, never acknowledged. */
export interface TornTail {
  /** The segment file. */
  segment: string;
  /** Byte position the file was cut at: the end of its last valid record. */
  position: number;
  /** The offset the next record gets, which the cut bytes would have claimed. */
  offset: number;
  bytesCut: number;
}

export class PartitionLog {
  readonly partition: number;
  readonly #dir: string;
  readonly #segmentBytes: number;
  readonly #segments: SegmentFile[];
  /** The latest appends, oldest first, #heldLimit bytes at most (and always the last one). */
  readonly #held: HeldAppend[] = [];
  #heldBytes = 0;
  readonly #heldLimit: number;
  /** What was cut when the partition was opened; undefined after a clean shutdown. */
  readonly tornTail: TornTail | undefined;

  private constructor(partition: number, dir: string, segmentBytes: number, heldBytes: number, segments: SegmentFile[], tornTail?: TornTail) {
    this.partition = partition;
    this.#heldLimit = heldBytes;
    this.#dir = dir;
    this.#segmentBytes = segmentBytes;
    this.#segments = segments;
    this.tornTail = tornTail;
  }

  /** Bytes cut from a torn tail when the partition was opened (0 after a clean shutdown). */
  get recoveredBytes(): number {
    return this.tornTail?.bytesCut ?? 0;
  }

  static async open(dir: string, partition: number, segmentBytes: number, heldBytes = DEFAULT_HELD_BYTES): Promise<PartitionLog> {
    await createDirectory(dir);
    const bases = await listSegmentBases(dir);
    if (bases.length === 0) {
      return new PartitionLog(partition, dir, segmentBytes, heldBytes, [await SegmentFile.create(dir, 0)]);
    }
    const segments: SegmentFile[] = [];
    try {
      // Only the last segment can have a torn tail: a new segment is created only after the previous
      // one's last flush was durable.
      for (let i = 0; i < bases.length - 1; i++) {
        segments.push(await SegmentFile.openSealed(dir, bases[i]!, bases[i + 1]!));
      }
      const { segment, truncatedBytes } = await SegmentFile.openLast(dir, bases[bases.length - 1]!);
      segments.push(segment);
      const tornTail =
        truncatedBytes > 0
          ? { segment: segment.path, position: segment.size, offset: segment.endOffset, bytesCut: truncatedBytes }
          : undefined;
      return new PartitionLog(partition, dir, segmentBytes, heldBytes, segments, tornTail);
    } catch (error) {
      await Promise.allSettled(segments.map((s) => s.close()));
      throw error;
    }
  }

  /** Offset the next appended record gets; every record below it is durable. */
  get endOffset(): number {
    return this.#active.endOffset;
  }

  get segmentCount(): number {
    return this.#segments.length;
  }

  /** The segment files and how many bytes of each hold the records below `endOffset`, at this instant: what a
   *  copy of the log takes (the files only grow past those bytes, so they can be read while appends go on). */
  snapshot(): { endOffset: number; files: Array<{ path: string; bytes: number }> } {
    return { endOffset: this.endOffset, files: this.#segments.map((s) => ({ path: s.path, bytes: s.size })) };
  }

  get #active(): SegmentFile {
    return this.#segments[this.#segments.length - 1]!;
  }

  /** Writes the records with one write and one fdatasync; resolves once they are durable. */
  async append(records: readonly AppendRecord[]): Promise<void> {
    let bytes = 0;
    for (const r of records) bytes += frameSize(r.key.length, r.value.length);
    if (this.#active.size > 0 && this.#active.size + bytes > this.#segmentBytes) {
      this.#segments.push(await SegmentFile.create(this.#dir, this.#active.endOffset));
    }
    const first = this.#active.endOffset;
    const position = this.#active.size;
    const frames = Buffer.allocUnsafe(bytes);
    const starts = new Array<number>(records.length);
    let at = 0;
    for (let i = 0; i < records.length; i++) {
      const r = records[i]!;
      starts[i] = at;
      at = writeFrame(frames, at, { offset: first + i, timestamp: r.timestamp, key: r.key, value: r.value });
    }
    await this.#active.append(frames, first, starts);
    this.#held.push({ segmentIndex: this.#segments.length - 1, position, first, frames, starts });
    this.#heldBytes += frames.length;
    while (this.#heldBytes > this.#heldLimit && this.#held.length > 1) this.#heldBytes -= this.#held.shift()!.frames.length;
  }

  /** The held append that holds record `offset` where the cursor expects it, or undefined (read the file). */
  #heldAt(offset: number, segmentIndex: number, position: number): { held: HeldAppend; index: number } | undefined {
    const held = this.#held;
    if (held.length === 0 || offset < held[0]!.first) return undefined;
    let lo = 0;
    let hi = held.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (held[mid]!.first <= offset) lo = mid;
      else hi = mid - 1;
    }
    const found = held[lo]!;
    const index = offset - found.first;
    if (index >= found.starts.length || found.segmentIndex !== segmentIndex || found.position + found.starts[index]! !== position) return undefined;
    return { held: found, index };
  }

  /** A cursor at `offset` (at most `endOffset`). Costs one scan of at most an index interval. */
  async seek(offset: number): Promise<ReadCursor> {
    if (offset < 0 || offset > this.endOffset) {
      throw new RangeError(`offset ${offset} is outside the log (0..${this.endOffset})`);
    }
    let lo = 0;
    let hi = this.#segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#segments[mid]!.baseOffset <= offset) lo = mid;
      else hi = mid - 1;
    }
    const segment = this.#segments[lo]!;
    return { offset, segmentIndex: lo, position: await segment.positionOf(offset), reader: segment.reader() };
  }

  /** Reads up to `max` durable records from the cursor and moves it past them (not on error). */
  async read(cursor: ReadCursor, max: number): Promise<LogRecord[]> {
    const records: LogRecord[] = [];
    let { offset, segmentIndex, position, reader } = cursor;
    while (records.length < max && offset < this.endOffset) {
      // Checking thousands of frames at once would hold up the requests this process serves.
      if (records.length > 0 && records.length % READ_SLICE === 0) await yieldToEventLoop();
      let segment = this.#segments[segmentIndex]!;
      if (position >= segment.size && segmentIndex < this.#segments.length - 1) {
        segmentIndex += 1;
        position = 0;
        segment = this.#segments[segmentIndex]!;
        reader = segment.reader();
        continue;
      }
      const inMemory = this.#heldAt(offset, segmentIndex, position);
      if (inMemory) {
        const { held } = inMemory;
        for (let i = inMemory.index; i < held.starts.length && records.length < max; i++) {
          if (records.length > 0 && records.length % READ_SLICE === 0) await yieldToEventLoop();
          const frame = heldFrame(held.frames, held.starts[i]!);
          records.push({ partition: this.partition, offset, key: frame.key, value: frame.value, timestamp: frame.timestamp });
          position += frame.size;
          offset += 1;
        }
        continue;
      }
      const read = await reader.frame(position, segment.size, readFrame);
      if (read === 'end') break;
      if (read.kind !== 'frame' || read.frame.offset !== offset) {
        const problem =
          read.kind === 'frame' ? `found offset ${read.frame.offset}` : read.kind === 'invalid' ? read.reason : 'cut short';
        throw new CorruptLogError(`${segment.path}: record ${offset} at byte ${position} is unreadable (${problem})`);
      }
      const { frame } = read;
      records.push({ partition: this.partition, offset, key: frame.key, value: frame.value, timestamp: frame.timestamp });
      position += frame.size;
      offset += 1;
    }
    Object.assign(cursor, { offset, segmentIndex, position, reader });
    return records;
  }

  async close(): Promise<void> {
    await Promise.all(this.#segments.map((s) => s.close()));
  }
}
