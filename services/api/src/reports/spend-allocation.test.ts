// The largest-remainder split of spend: exact to the cent, ties settled the same way every time.
import { describe, expect, test } from '@jest/globals';
import { allocate, splitCents } from './spend-allocation';

const units = (...list: Array<[string, number, boolean?]>) => ({
  keys: list.map((u) => u[0]),
  passes: list.map((u) => u[2] ?? true),
  visits: list.map((u) => u[1]),
});

describe('splitCents', () => {
  test('pro rata by visits, the cents left over to the largest remainders', () => {
    // 100 cents over 1:1:1 = 33.33 each: the leftover cent goes to the smallest key of the tie.
    expect(splitCents(100, units(['b', 1], ['a', 1], ['c', 1]))).toEqual([33, 34, 33]);
    // 1000 cents over 3:2:2 = 428.57, 285.71, 285.71: remainders 4, 5, 5 (of 7) → the two 2s get a cent.
    expect(splitCents(1000, units(['x', 3], ['y', 2], ['z', 2]))).toEqual([428, 286, 286]);
  });

  test('always sums to the spend', () => {
    for (const cents of [1, 7, 99, 12345, 999_999]) {
      const shares = splitCents(cents, units(['a', 3], ['b', 7], ['c', 11], ['d', 1], ['e', 5]));
      expect(shares.reduce((x, y) => x + y, 0)).toBe(cents);
    }
  });

  test('ties by key order as ClickHouse compares strings (bytes), then the unit that passes the filters', () => {
    expect(splitCents(1, units(['é', 1], ['z', 1]))).toEqual([0, 1]);
    expect(splitCents(1, units(['k', 1, false], ['k', 1, true]))).toEqual([0, 1]);
  });

  test('amounts beyond 2^53 when multiplied by visits stay exact', () => {
    const cents = 999_999_999_999; // ~10 billion dollars
    const shares = splitCents(cents, units(['a', 3_000_001], ['b', 7_000_003]));
    expect(shares.reduce((x, y) => x + y, 0)).toBe(cents);
    expect(shares[0]).toBe(Number((BigInt(cents) * 3_000_001n) / 10_000_004n) + 1);
  });
});

test('allocate adds only the units that pass the filters', () => {
  const into = new Map<string, number>([['a', 5]]);
  allocate(10, units(['a', 1], ['b', 1, false]), into);
  expect([...into]).toEqual([['a', 10]]);
});
