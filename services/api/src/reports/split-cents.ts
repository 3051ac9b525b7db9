// Largest-remainder split of integer cents over units by visits, as spendAllocationSql does in SQL:
// floor shares first, then one leftover cent each by largest remainder, ties to the smaller unit (bytewise).
import { compareBytes } from './compare-bytes';

export interface SplitUnit {
  unit: string;
  /** 1 when the unit's clicks pass the report's filters (ties go to it after the unit). */
  passes: number;
  visits: number;
}

/** Cents per unit, in the order given; the shares sum to `cents` whenever any unit has visits. */
export function splitCents(cents: bigint, units: SplitUnit[]): bigint[] {
  const total = units.reduce((sum, u) => sum + BigInt(u.visits), 0n);
  if (total === 0n) return units.map(() => 0n);
  const shares = units.map((u) => (cents * BigInt(u.visits)) / total);
  let leftover = cents - shares.reduce((a, b) => a + b, 0n);
  const order = units
    .map((u, i) => ({ i, u, remainder: (cents * BigInt(u.visits)) % total }))
    .sort((a, b) => (a.remainder === b.remainder ? compareBytes(a.u.unit, b.u.unit) || b.u.passes - a.u.passes : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (leftover <= 0n) break;
    shares[i]! += 1n;
    leftover -= 1n;
  }
  return shares;
}
