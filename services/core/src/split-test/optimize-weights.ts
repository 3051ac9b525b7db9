// The auto-optimiser's arithmetic for the landers (or the offers) of one path: new whole-percent weights summing to
// 100 from each arm's probability to be best (Thompson sampling, the split test's posteriors), above a floor that keeps
// every arm learning. The method, floor, window and minimum data are in docs/split-tests.md, "Auto-optimisation".
import { AUTO_OPTIMIZE_DEFAULTS } from '@tracker/schemas';
import { hasMinimumSample, probabilitiesToBeBest, SPLIT_TEST, type SplitTestArm, type SplitTestMetric } from './split-test-verdict';

export interface WeightedArm extends SplitTestArm {
  /** The arm's weight now; 0 is out of rotation, and the optimiser leaves it there. */
  weight: number;
}

export interface OptimizeWeightsOptions {
  metric: SplitTestMetric;
  /** The whole percent every arm in rotation keeps; AUTO_OPTIMIZE_DEFAULTS.floorPercent when absent. */
  floorPercent?: number;
  /** The posterior draws' random source; by default seeded by the counts, as the split test's. */
  random?: () => number;
}

export type WeightDecision =
  | { status: 'changed'; weights: number[]; probabilities: Array<number | null> }
  /** 'too few arms': fewer than two in rotation; 'not enough data': below the split test's minimum sample;
   *  'under a point': no weight would move by a whole percent. `weights` are then the arms' own. */
  | { status: 'too few arms' | 'not enough data' | 'under a point'; weights: number[]; probabilities: Array<number | null> | null };

const PERCENT = 100;

/**
 * Whole percents, each `floor` plus its share of the rest in proportion to `units`, summing to exactly 100 by largest
 * remainder (ties to the arm with more units, then the first). Integer arithmetic throughout: a float a hair under a
 * whole number would otherwise round an arm below its floor.
 */
function apportionPercent(units: readonly number[], floor: number): number[] {
  const total = units.reduce((sum, u) => sum + u, 0);
  if (total === 0) return apportionPercent(units.map(() => 1), floor);
  const spread = PERCENT - units.length * floor;
  const numerators = units.map((u) => floor * total + spread * u);
  const base = numerators.map((n) => Math.floor(n / total));
  let left = PERCENT - base.reduce((sum, b) => sum + b, 0);
  const order = units.map((_, i) => i).sort((a, b) => numerators[b]! - base[b]! * total - (numerators[a]! - base[a]! * total) || units[b]! - units[a]! || a - b);
  for (const i of order) {
    if (left <= 0) break;
    base[i]! += 1;
    left -= 1;
  }
  return base;
}

/** The arms' new weights, or why they stay. Arms at weight 0 stay at 0 and out of the computation. */
export function optimizeWeights(arms: readonly WeightedArm[], options: OptimizeWeightsOptions): WeightDecision {
  const weights = arms.map((a) => a.weight);
  const inRotation = arms.flatMap((arm, i) => (arm.weight > 0 ? [i] : []));
  if (inRotation.length < 2) return { status: 'too few arms', weights, probabilities: null };
  const active = inRotation.map((i) => arms[i]!);
  if (!hasMinimumSample(active)) return { status: 'not enough data', weights, probabilities: null };

  const probabilities = probabilitiesToBeBest(active, options.metric, SPLIT_TEST.draws, options.random);
  // Each probability is a count of draws over the draws: back to the counts, the apportionment stays exact.
  const wins = probabilities.map((p) => Math.round(p * SPLIT_TEST.draws));
  // A floor the arms cannot all have (the flow's schema refuses one on save) shrinks to what they can.
  const floor = Math.min(Math.max(0, Math.floor(options.floorPercent ?? AUTO_OPTIMIZE_DEFAULTS.floorPercent)), Math.floor(PERCENT / active.length));
  const target = apportionPercent(wins, floor);

  const total = active.reduce((sum, a) => sum + a.weight, 0);
  const moves = active.some((arm, k) => Math.abs(target[k]! - (PERCENT * arm.weight) / total) >= 1);
  const byArm: Array<number | null> = arms.map(() => null);
  inRotation.forEach((i, k) => (byArm[i] = probabilities[k]!));
  if (!moves) return { status: 'under a point', weights, probabilities: byArm };
  const next = [...weights];
  inRotation.forEach((i, k) => (next[i] = target[k]!));
  return { status: 'changed', weights: next, probabilities: byArm };
}
