// The on-disk frame of one embedded-log record: encoding, and decoding with checks that tell a
// torn or corrupt tail (a crash mid-write) from a valid record.
import { crc32 } from 'node:zlib';

/*
 * Frame layout (big-endian), one record after another, no padding:
 *
 *   0  u32  bodyLength   bytes that follow the 8-byte prefix
 *   4  u32  crc32        of the body (zlib's CRC-32)
 *   8  body:
 *        u8   format     FRAME_FORMAT
 *        u64  offset     the record's offset in its partition
 *        i64  timestamp  epoch ms
 *        u32  keyLength
 *        key  (utf-8)
 *        value (the rest of the body)
 */
export const FRAME_PREFIX_BYTES = 8;
const BODY_FIXED_BYTES = 1 + 8 + 8 + 4;
export const FRAME_OVERHEAD_BYTES = FRAME_PREFIX_BYTES + BODY_FIXED_BYTES;
const FRAME_FORMAT = 1;
/** Larger frames are treated as garbage: a torn length field must not make us read gigabytes. */
export const MAX_FRAME_BODY_BYTES = 64 * 1024 * 1024;

export interface FrameInput {
  offset: number;
  timestamp: number;
  key: Buffer;
  value: Buffer;
}

export function frameSize(keyBytes: number, valueBytes: number): number {
  return FRAME_OVERHEAD_BYTES + keyBytes + valueBytes;
}

const TWO_TO_32 = 2 ** 32;

/**
 * The 64-bit fields as two 32-bit halves: offsets and epoch milliseconds are safe integers, and BigInt's reads and
 * writes allocate two BigInts a record on the click's path (the bytes are the same: two's complement, big-endian).
 */
function writeInt64(target: Buffer, value: number, at: number): number {
  const high = Math.floor(value / TWO_TO_32);
  target.writeInt32BE(high, at);
  target.writeUInt32BE(value - high * TWO_TO_32, at + 4);
  return at + 8;
}

const readUInt64 = (source: Buffer, at: number) => source.readUInt32BE(at) * TWO_TO_32 + source.readUInt32BE(at + 4);
const readInt64 = (source: Buffer, at: number) => source.readInt32BE(at) * TWO_TO_32 + source.readUInt32BE(at + 4);

/** Writes one frame at `at` into `target` (sized with `frameSize`); returns the position after it. */
export function writeFrame(target: Buffer, at: number, record: FrameInput): number {
  const bodyStart = at + FRAME_PREFIX_BYTES;
  const bodyLength = BODY_FIXED_BYTES + record.key.length + record.value.length;
  let p = bodyStart;
  p = target.writeUInt8(FRAME_FORMAT, p);
  p = writeInt64(target, record.offset, p);
  p = writeInt64(target, record.timestamp, p);
  p = target.writeUInt32BE(record.key.length, p);
  p += record.key.copy(target, p);
  p += record.value.copy(target, p);
  target.writeUInt32BE(bodyLength, at);
  target.writeUInt32BE(crc32(target.subarray(bodyStart, bodyStart + bodyLength)), at + 4);
  return p;
}

export interface DecodedFrame {
  offset: number;
  timestamp: number;
  key: string;
  value: Buffer;
  /** Bytes the whole frame takes, prefix included. */
  size: number;
}

export type FrameRead<T> =
  | { kind: 'frame'; frame: T }
  /** The buffer ends inside the frame: read at least `needBytes` from the frame start and retry. */
  | { kind: 'incomplete'; needBytes: number }
  /** Not a frame we wrote: a torn write or corruption. */
  | { kind: 'invalid'; reason: string };

/** Decodes and verifies the frame starting at `at`. */
export function readFrame(source: Buffer, at: number): FrameRead<DecodedFrame> {
  const located = locateFrame(source, at);
  if (located.kind !== 'frame') return located;
  const { size } = located.frame;
  const body = source.subarray(at + FRAME_PREFIX_BYTES, at + size);
  if (crc32(body) !== source.readUInt32BE(at + 4)) {
    return { kind: 'invalid', reason: 'checksum mismatch' };
  }
  if (body.readUInt8(0) !== FRAME_FORMAT) {
    return { kind: 'invalid', reason: `unknown frame format ${body.readUInt8(0)}` };
  }
  const keyLength = body.readUInt32BE(17);
  if (BODY_FIXED_BYTES + keyLength > body.length) {
    return { kind: 'invalid', reason: 'key longer than its frame' };
  }
  const frame = heldFrame(source, at);
  // A copy, so a record handed to a consumer does not pin the whole read buffer.
  return { kind: 'frame', frame: { ...frame, value: Buffer.from(frame.value) } };
}

/** A frame this process wrote and still holds, decoded without a check: its value is a view, not a copy. */
export function heldFrame(source: Buffer, at: number): DecodedFrame {
  const bodyLength = source.readUInt32BE(at);
  const body = at + FRAME_PREFIX_BYTES;
  const keyEnd = body + BODY_FIXED_BYTES + source.readUInt32BE(body + 17);
  return {
    offset: readUInt64(source, body + 1),
    timestamp: readInt64(source, body + 9),
    key: source.toString('utf8', body + BODY_FIXED_BYTES, keyEnd),
    value: source.subarray(keyEnd, body + bodyLength),
    size: FRAME_PREFIX_BYTES + bodyLength,
  };
}

/** Offset and size of the frame at `at`, without the checksum: for seeking through verified data. */
export function locateFrame(source: Buffer, at: number): FrameRead<{ offset: number; size: number }> {
  const available = source.length - at;
  if (available < FRAME_PREFIX_BYTES) return { kind: 'incomplete', needBytes: FRAME_PREFIX_BYTES };
  const bodyLength = source.readUInt32BE(at);
  if (bodyLength < BODY_FIXED_BYTES || bodyLength > MAX_FRAME_BODY_BYTES) {
    return { kind: 'invalid', reason: `impossible frame length ${bodyLength}` };
  }
  const size = FRAME_PREFIX_BYTES + bodyLength;
  if (available < size) return { kind: 'incomplete', needBytes: size };
  return { kind: 'frame', frame: { offset: readUInt64(source, at + FRAME_PREFIX_BYTES + 1), size } };
}
