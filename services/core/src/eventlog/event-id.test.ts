// Event ids are UUIDv7 (the analytics store keeps click ids as text and the Click Log pages by them; they must sort in
// the order a process made them, and never repeat).
import { describe, expect, it } from '@jest/globals';
import { newEventId } from './event-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newEventId', () => {
  it('is a lower-case UUID of version 7 and the RFC variant, whose first 48 bits are the millisecond it was made', () => {
    const before = Date.now();
    const id = newEventId();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    const millisecond = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(millisecond).toBeGreaterThanOrEqual(before);
    expect(millisecond).toBeLessThanOrEqual(after);
  });

  it('never repeats and sorts in the order made, many in one millisecond included', () => {
    const ids = Array.from({ length: 200_000 }, () => newEventId());
    expect(new Set(ids).size).toBe(ids.length);
    const sorted = [...ids].sort();
    expect(sorted).toEqual(ids);
    for (const id of ids.slice(0, 1000)) expect(id).toMatch(UUID_V7);
  });

  it('draws its random part anew: ids made apart share no tail', () => {
    const tails = new Set(Array.from({ length: 1000 }, () => newEventId().slice(24)));
    expect(tails.size).toBe(1000);
  });
});
