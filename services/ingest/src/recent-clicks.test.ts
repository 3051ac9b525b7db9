import { describe, expect, test } from '@jest/globals';
import { RecentClicks } from './recent-clicks';

const idOf = (i: number) => `0193a1b2-c3d4-7e5f-8a9b-${String(i).padStart(12, '0')}`;
const eventOf = (i: number) => Buffer.from(JSON.stringify({ id: idOf(i), data: { creativeName: `video ${i} ü` } }));

describe('RecentClicks', () => {
  test('gives back the encoded event of a remembered click, byte for byte, as its own copy', () => {
    const recent = new RecentClicks({ capacityBytes: 64 * 1024, slots: 64 });
    recent.remember(idOf(1), eventOf(1));
    recent.remember(idOf(2), eventOf(2));
    const got = recent.get(idOf(1))!;
    expect(got).toEqual(eventOf(1));
    recent.remember(idOf(3), eventOf(3));
    expect(got).toEqual(eventOf(1));
    expect(recent.get(idOf(2))).toEqual(eventOf(2));
    expect(recent.get(idOf(4))).toBeUndefined();
  });

  test('keeps the newest clicks once the ring wraps, and never answers bytes written over', () => {
    const recent = new RecentClicks({ capacityBytes: 16 * 1024, slots: 1024 });
    for (let i = 0; i < 1000; i++) recent.remember(idOf(i), eventOf(i));
    for (let i = 0; i < 1000; i++) {
      const got = recent.get(idOf(i));
      if (got) expect(got).toEqual(eventOf(i));
    }
    // The ring holds about 16 KiB of ~110-byte entries: the newest hundred or so are all there.
    for (let i = 900; i < 1000; i++) expect(recent.get(idOf(i))).toEqual(eventOf(i));
    expect(recent.get(idOf(0))).toBeUndefined();
  });

  test('a crowded table forgets keys rather than mixing them up', () => {
    const recent = new RecentClicks({ capacityBytes: 1024 * 1024, slots: 8 });
    for (let i = 0; i < 200; i++) recent.remember(idOf(i), eventOf(i));
    let kept = 0;
    for (let i = 0; i < 200; i++) {
      const got = recent.get(idOf(i));
      if (got) {
        kept++;
        expect(got).toEqual(eventOf(i));
      }
    }
    expect(kept).toBe(8);
    expect(recent.get(idOf(199))).toEqual(eventOf(199));
  });

  test('an event too large for the ring is not kept, and does not disturb the others', () => {
    const recent = new RecentClicks({ capacityBytes: 4096, slots: 64 });
    recent.remember(idOf(1), eventOf(1));
    recent.remember(idOf(2), Buffer.alloc(2000, 120));
    expect(recent.get(idOf(2))).toBeUndefined();
    expect(recent.get(idOf(1))).toEqual(eventOf(1));
  });
});
