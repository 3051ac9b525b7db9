// The frame's 64-bit fields are written as two 32-bit halves: the bytes must be exactly those of a 64-bit big-endian
// integer, so segment files written before (with BigInt writes) read back the same, and the other way round.
import { describe, expect, it } from '@jest/globals';
import { frameSize, heldFrame, locateFrame, readFrame, writeFrame } from './record-frame';

const VALUES = [0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 1_796_000_000_000, 2 ** 53 - 1];

function frameOf(offset: number, timestamp: number): Buffer {
  const key = Buffer.from('0192f6e4-click');
  const value = Buffer.from('{"type":"click"}');
  const target = Buffer.alloc(frameSize(key.length, value.length));
  expect(writeFrame(target, 0, { offset, timestamp, key, value })).toBe(target.length);
  return target;
}

describe('record frames', () => {
  it('write offsets and timestamps as 64-bit big-endian integers, byte for byte', () => {
    for (const offset of VALUES) {
      for (const timestamp of [...VALUES, -1, -(2 ** 32), -1_796_000_000_000]) {
        const frame = frameOf(offset, timestamp);
        const expected = Buffer.alloc(16);
        expected.writeBigUInt64BE(BigInt(offset), 0);
        expected.writeBigInt64BE(BigInt(timestamp), 8);
        expect([offset, timestamp, frame.subarray(9, 25).toString('hex')]).toEqual([offset, timestamp, expected.toString('hex')]);
      }
    }
  });

  it('read back what they wrote, checked or held, and locate by the same offset', () => {
    for (const offset of VALUES) {
      for (const timestamp of [VALUES[7]!, 2 ** 53 - 1, -1, -1_796_000_000_000]) {
        const frame = frameOf(offset, timestamp);
        const read = readFrame(frame, 0);
        expect(read.kind).toBe('frame');
        if (read.kind !== 'frame') continue;
        expect([read.frame.offset, read.frame.timestamp, read.frame.key]).toEqual([offset, timestamp, '0192f6e4-click']);
        expect(heldFrame(frame, 0)).toMatchObject({ offset, timestamp, size: frame.length });
        expect(locateFrame(frame, 0)).toEqual({ kind: 'frame', frame: { offset, size: frame.length } });
      }
    }
  });

  it('read frames written with 64-bit writes (the segment files of earlier versions)', () => {
    const frame = frameOf(0, 0);
    frame.writeBigUInt64BE(BigInt(2 ** 40 + 7), 9);
    frame.writeBigInt64BE(BigInt(1_796_000_000_123), 17);
    expect(heldFrame(frame, 0)).toMatchObject({ offset: 2 ** 40 + 7, timestamp: 1_796_000_000_123 });
  });
});
