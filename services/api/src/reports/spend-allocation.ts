// Spend allocation (DESIGN.md §4), exact to the cent. Spend is known per TikTok campaign id and day
// (analytics table `spend`; a spend date is that calendar day in the report time zone). Each
// (day, TikTok campaign) is split over the units that had visits of that TikTok campaign that day, pro
// rata by visits, by the largest-remainder method on integer cents:
//   every unit gets floor(cents × visits / total visits); the cents left over go one each to the units
//   with the largest remainders (cents × visits mod total), ties to the smaller key (bytewise), then to
//   the unit that passes the filters.
// A unit is a grouping key (or series bucket) × whether its clicks pass the report's filters, so the
// split is the same whatever is filtered, and a filtered report shows the exact share of its clicks.
// The units of a (day, TikTok campaign) always sum to its spend; spend of a day and TikTok campaign
// without visits is "unattributed". ClickHouse aggregates the visits (report-query.ts); the split runs
// here, on integer cents (BigInt when cents × visits passes 2^53), measured faster than window
// functions doing it in SQL.
import type { Analytics } from '@tracker/core';
import { compareBytes } from './compare-bytes';

export interface SpendRow {
  /** yyyy-MM-dd */
  day: string;
  tt: string;
  cents: number;
}

/** Spend per (day, TikTok campaign) of the report's days, as last synced; zero rows left out. */
export async function querySpend(analytics: Analytics, params: { startDate: string; endDate: string }): Promise<SpendRow[]> {
  const rows = await analytics.query<{ day: string; tt: string; cents: number }>(
    `SELECT toString(date) AS day, tiktok_campaign_id AS tt, toInt64(spend * 100) AS cents
     FROM spend FINAL
     WHERE date >= {startDate:Date} AND date <= {endDate:Date} AND spend > 0`,
    { startDate: params.startDate, endDate: params.endDate },
  );
  return rows.map((r) => ({ day: r.day, tt: r.tt, cents: Number(r.cents) }));
}

/** The units of one (day, TikTok campaign), as parallel arrays: key, filters passed (null: all), visits (> 0). */
export interface AllocationUnits {
  keys: string[];
  passes: boolean[] | null;
  visits: number[];
}

// Scratch space reused by every split: a report splits thousands of (day, TikTok campaign) spends.
let sharesScratch = new Float64Array(64);
let remaindersScratch = new Float64Array(64);
let orderScratch = new Int32Array(64);

/** Splits into sharesScratch; returns the number of units. */
function splitInto(cents: number, units: AllocationUnits): number {
  const { keys, passes, visits } = units;
  const n = visits.length;
  if (sharesScratch.length < n) {
    sharesScratch = new Float64Array(n * 2);
    remaindersScratch = new Float64Array(n * 2);
    orderScratch = new Int32Array(n * 2);
  }
  const shares = sharesScratch;
  const remainders = remaindersScratch;
  let total = 0;
  for (let i = 0; i < n; i++) total += visits[i]!;
  let given = 0;
  if (Number.isSafeInteger(cents * total)) {
    for (let i = 0; i < n; i++) {
      // Exact: weighted and total are safe integers, so the floor of their quotient is too (and
      // cheaper than % on doubles).
      const weighted = cents * visits[i]!;
      let share = Math.floor(weighted / total);
      if (share * total > weighted) share -= 1;
      else if (weighted - share * total >= total) share += 1;
      shares[i] = share;
      remainders[i] = weighted - share * total;
      given += share;
    }
  } else {
    const c = BigInt(cents);
    const t = BigInt(total);
    for (let i = 0; i < n; i++) {
      const weighted = c * BigInt(visits[i]!);
      shares[i] = Number(weighted / t);
      // Remainders are below `total`, a safe integer: they compare exactly as numbers.
      remainders[i] = Number(weighted % t);
      given += shares[i]!;
    }
  }
  let leftover = cents - given;
  if (leftover === 0) return n;
  // The leftover cents (fewer than the units) go to the first units in this order; insertion sort,
  // as a day's units of one TikTok campaign are few.
  const order = orderScratch;
  for (let i = 0; i < n; i++) {
    let at = i;
    while (at > 0 && comesBefore(remainders, keys, passes, i, order[at - 1]!)) {
      order[at] = order[at - 1]!;
      at--;
    }
    order[at] = i;
  }
  for (let k = 0; leftover > 0; k++, leftover--) shares[order[k]!]!++;
  return n;
}

/** Larger remainder first, then the smaller key (bytewise), then the unit that passes the filters. */
function comesBefore(remainders: Float64Array, keys: string[], passes: boolean[] | null, a: number, b: number): boolean {
  if (remainders[a] !== remainders[b]) return remainders[a]! > remainders[b]!;
  const byKey = compareBytes(keys[a]!, keys[b]!);
  if (byKey !== 0) return byKey < 0;
  return passes !== null && passes[a]! && !passes[b]!;
}

/** The largest-remainder split of `cents` over the units, in the units' order. */
export function splitCents(cents: number, units: AllocationUnits): number[] {
  return Array.from(sharesScratch.subarray(0, splitInto(cents, units)));
}

/** Adds the shares of the units that pass the filters to `into`, per key. */
export function allocate(cents: number, units: AllocationUnits, into: Map<string, number>): void {
  if (units.visits.length === 1) {
    // One unit takes it all (e.g. a day's spend in a daily series): no split to compute.
    if (!units.passes || units.passes[0]) into.set(units.keys[0]!, (into.get(units.keys[0]!) ?? 0) + cents);
    return;
  }
  const n = splitInto(cents, units);
  for (let i = 0; i < n; i++) {
    if (units.passes && !units.passes[i]) continue;
    const key = units.keys[i]!;
    into.set(key, (into.get(key) ?? 0) + sharesScratch[i]!);
  }
}
