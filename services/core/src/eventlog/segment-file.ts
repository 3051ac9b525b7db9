// One segment file of the embedded log: an append-only run of record frames starting at a base offset,
// with recovery (truncating a torn tail), durable appends, positional reads and a sparse offset index.
import { constants } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { type FrameRead, locateFrame, readFrame } from './record-frame';

/** One index entry per this many bytes: a seek then scans at most this much of a segment. */
const INDEX_INTERVAL_BYTES = 256 * 1024;
/** Bytes read at once when scanning or reading ahead for a consumer. */
export const READ_CHUNK_BYTES = 1024 * 1024;

const SEGMENT_NAME = /^(\d{20})\.log$/;

/** Appends are opened O_DSYNC: each write returns once its data is on disk, so a flush is one trip to
 *  the thread pool rather than a write and then an fdatasync (measured: flush p50 1.6 -> 1.0 ms under load). */
const CREATE_FLAGS = constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_DSYNC;
const REOPEN_FLAGS = constants.O_RDWR | constants.O_DSYNC;

export function segmentFileName(baseOffset: number): string {
  return `${String(baseOffset).padStart(20, '0')}.log`;
}

/** Base offsets of the segment files in a partition folder, ascending. */
export async function listSegmentBases(dir: string): Promise<number[]> {
  const names = await fs.readdir(dir);
  return names
    .map((n) => SEGMENT_NAME.exec(n)?.[1])
    .filter((m): m is string => m !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Makes a new or renamed directory entry durable (a file's own fsync does not cover its name). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** mkdir -p whose new entries survive a crash: each new directory's parent is synced. */
export async function createDirectory(dir: string): Promise<void> {
  const first = await fs.mkdir(dir, { recursive: true });
  if (first === undefined) return;
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    await syncDirectory(path.dirname(d));
    if (d === path.resolve(first)) break;
  }
}

export class CorruptLogError extends Error {
  override name = 'CorruptLogError';
}

interface IndexEntry {
  offset: number;
  position: number;
}

export class SegmentFile {
  readonly baseOffset: number;
  readonly path: string;
  readonly #handle: FileHandle;
  /** Bytes of durable records; nothing past it is ever read. */
  #size: number;
  /** Offset the next record appended to this segment gets. */
  #endOffset: number;
  /** Sparse: positions of some record starts, ascending; always starts with the base offset at 0. */
  #index: IndexEntry[];
  /** A sealed segment opened without a scan is indexed lazily, while seeking through it. */
  #indexedUpTo: number;

  private constructor(baseOffset: number, filePath: string, handle: FileHandle, size: number, endOffset: number) {
    this.baseOffset = baseOffset;
    this.path = filePath;
    this.#handle = handle;
    this.#size = size;
    this.#endOffset = endOffset;
    this.#index = [{ offset: baseOffset, position: 0 }];
    this.#indexedUpTo = 0;
  }

  get size(): number {
    return this.#size;
  }

  get endOffset(): number {
    return this.#endOffset;
  }

  /** Creates an empty segment and makes its name durable. */
  static async create(dir: string, baseOffset: number): Promise<SegmentFile> {
    const filePath = path.join(dir, segmentFileName(baseOffset));
    const handle = await fs.open(filePath, CREATE_FLAGS);
    await handle.sync();
    await syncDirectory(dir);
    return new SegmentFile(baseOffset, filePath, handle, 0, baseOffset);
  }

  /** Opens a sealed segment (not the last one): it was complete before the next one was created. */
  static async openSealed(dir: string, baseOffset: number, endOffset: number): Promise<SegmentFile> {
    const filePath = path.join(dir, segmentFileName(baseOffset));
    const handle = await fs.open(filePath, 'r');
    const { size } = await handle.stat();
    return new SegmentFile(baseOffset, filePath, handle, size, endOffset);
  }

  /** Opens the last segment: scans every frame and truncates whatever follows the last valid one. */
  static async openLast(dir: string, baseOffset: number): Promise<{ segment: SegmentFile; truncatedBytes: number }> {
    const filePath = path.join(dir, segmentFileName(baseOffset));
    const handle = await fs.open(filePath, REOPEN_FLAGS);
    const { size: fileSize } = await handle.stat();
    const segment = new SegmentFile(baseOffset, filePath, handle, fileSize, baseOffset);
    const valid = await segment.#scan(fileSize);
    segment.#size = valid.position;
    segment.#endOffset = valid.offset;
    const truncatedBytes = fileSize - valid.position;
    if (truncatedBytes > 0) {
      await handle.truncate(valid.position);
      await handle.sync();
    }
    return { segment, truncatedBytes };
  }

  /** Walks the frames from the start, verifying each; stops at the first one that is not valid. */
  async #scan(fileSize: number): Promise<IndexEntry> {
    const reader = new ReadAhead((position, length) => this.#read(position, length));
    let position = 0;
    let offset = this.baseOffset;
    for (;;) {
      const read = await reader.frame(position, fileSize, readFrame);
      if (read === 'end' || read.kind !== 'frame' || read.frame.offset !== offset) break;
      this.#noteFrame(offset, position);
      position += read.frame.size;
      offset += 1;
    }
    this.#indexedUpTo = position;
    return { offset, position };
  }

  #noteFrame(offset: number, position: number): void {
    if (position < this.#indexedUpTo) return;
    const last = this.#index[this.#index.length - 1]!;
    if (position - last.position >= INDEX_INTERVAL_BYTES) this.#index.push({ offset, position });
    this.#indexedUpTo = position;
  }

  /** Writes frames at the end, durably (O_DSYNC); only then are they visible to readers. */
  async append(frames: Buffer, firstOffset: number, frameStarts: readonly number[]): Promise<void> {
    let written = 0;
    while (written < frames.length) {
      const { bytesWritten } = await this.#handle.write(frames, written, frames.length - written, this.#size + written);
      written += bytesWritten;
    }
    for (let i = 0; i < frameStarts.length; i++) this.#noteFrame(firstOffset + i, this.#size + frameStarts[i]!);
    this.#indexedUpTo = this.#size + frames.length;
    this.#size += frames.length;
    this.#endOffset += frameStarts.length;
  }

  /** Reads up to `length` durable bytes from `position`. */
  async read(position: number, length: number): Promise<Buffer> {
    return this.#read(position, Math.min(length, this.#size - position));
  }

  async #read(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(Math.max(0, length));
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await this.#handle.read(buffer, filled, buffer.length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled === buffer.length ? buffer : buffer.subarray(0, filled);
  }

  /** Byte position of the record with `offset` (or of the end, for `endOffset`). */
  async positionOf(offset: number): Promise<number> {
    if (offset < this.baseOffset || offset > this.#endOffset) {
      throw new RangeError(`offset ${offset} is not in segment ${this.path} (${this.baseOffset}..${this.#endOffset})`);
    }
    if (offset === this.#endOffset) return this.#size;
    let lo = 0;
    let hi = this.#index.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#index[mid]!.offset <= offset) lo = mid;
      else hi = mid - 1;
    }
    let { offset: at, position } = this.#index[lo]!;
    const reader = this.reader();
    while (at < offset) {
      const located = await reader.frame(position, this.#size, locateFrame);
      if (located === 'end' || located.kind !== 'frame' || located.frame.offset !== at) {
        throw new CorruptLogError(`${this.path}: no valid record ${at} at byte ${position}`);
      }
      this.#noteFrame(at, position);
      position += located.frame.size;
      at += 1;
    }
    return position;
  }

  /** A read-ahead buffer over this segment's durable bytes, for walking frames in order. */
  reader(): ReadAhead {
    return new ReadAhead((position, length) => this.read(position, length));
  }

  async close(): Promise<void> {
    await this.#handle.close();
  }
}

/** Reads a segment in chunks and hands out the frame at a position, refilling the chunk when needed. */
export class ReadAhead {
  readonly #readBytes: (position: number, length: number) => Promise<Buffer>;
  #chunk: Buffer = Buffer.alloc(0);
  #chunkStart = 0;

  constructor(readBytes: (position: number, length: number) => Promise<Buffer>) {
    this.#readBytes = readBytes;
  }

  /** The frame at `position`, decoded by `decode`; 'end' at `limit`; 'incomplete' when the frame
   *  runs past `limit` (a torn write, when `limit` is the file size). */
  async frame<T>(
    position: number,
    limit: number,
    decode: (source: Buffer, at: number) => FrameRead<T>,
  ): Promise<FrameRead<T> | 'end'> {
    if (position >= limit) return 'end';
    if (position < this.#chunkStart || position > this.#chunkStart + this.#chunk.length) {
      this.#chunk = Buffer.alloc(0);
      this.#chunkStart = position;
    }
    let read = decode(this.#chunk, position - this.#chunkStart);
    while (read.kind === 'incomplete') {
      const available = limit - position;
      if (available < read.needBytes) return read;
      this.#chunk = await this.#readBytes(position, Math.min(available, Math.max(read.needBytes, READ_CHUNK_BYTES)));
      this.#chunkStart = position;
      if (this.#chunk.length < read.needBytes) return { kind: 'incomplete', needBytes: read.needBytes };
      read = decode(this.#chunk, 0);
    }
    return read;
  }
}
