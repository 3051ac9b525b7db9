// The verdict of a split test between the landers (or the offers) of one path: each arm's metric with a 95 %
// interval, its probability to be best, and whether the test is decided. Buyers look every hour, so a verdict
// that tested at a fixed 95 % on every look would crown one of two equal arms in a large share of tests. The
// 'winner' verdict therefore rests on a sequential test that stays valid however often it is read: the mixture
// sequential probability ratio test (mSPRT) of Johari, Pekelis and Walsh, "Always Valid Inference" (2017), on the
// difference of the two arms' means (conversion rate, or revenue per visit). The method, its constants and the
// false-winner and detection rates measured on simulated traffic are in docs/split-tests.md; the simulation test
// beside this file keeps them.
import { betaSample, normalSample, seedOf, seededRandom } from './seeded-random';

export type SplitTestMetric = 'cr' | 'epv';

export interface SplitTestArm {
  id: string;
  visits: number;
  conversions: number;
  /** Revenue in cents. */
  revenueCents: number;
  /** Sum of each conversion's revenue squared (cents²), for the revenue-per-visit variance. When unknown, the
   *  conversions are taken as paying the same amount each (the smallest variance their revenue allows). */
  revenueSquaresCents?: number;
}

export interface ArmResult {
  id: string;
  visits: number;
  conversions: number;
  revenueCents: number;
  /** Conversion rate (0–1) or revenue per visit in cents. */
  value: number;
  /** 95 % interval of `value`: Wilson's for a rate, the normal one for revenue per visit. */
  interval: [number, number];
  probabilityToBeBest: number;
}

export type SplitTestStatus = 'winner' | 'leading' | 'not enough data';

export interface SplitTestVerdict {
  metric: SplitTestMetric;
  arms: ArmResult[];
  status: SplitTestStatus;
  /** The winner, or the arm leading (the highest probability to be best); null without arms or conversions. */
  leaderId: string | null;
  /** Visits still needed, in all, for the sequential test to decide if the difference seen so far holds (with no
   *  difference yet, a 10 % relative one); null when there is nothing to estimate from (no conversions yet). */
  visitsNeeded: number | null;
}

/** Constants of the verdict, documented in docs/split-tests.md. */
export const SPLIT_TEST = {
  /** False-winner rate the sequential test guarantees across every look. */
  alpha: 0.05,
  /** Probability to be best a winner must also have. */
  winnerProbability: 0.95,
  /** Minimum sample before any verdict: every arm this many visits, and this many conversions across the arms. */
  minVisitsPerArm: 250,
  minConversions: 20,
  /** The mixture's spread, relative to the pooled mean: the size of effect the test is tuned to find fastest. */
  relativeEffectScale: 0.2,
  /** Relative difference assumed for the visits-needed estimate when the arms show none yet. */
  assumedRelativeLift: 0.1,
  /** Monte Carlo draws for the probability to be best. */
  draws: 10_000,
} as const;

const Z95 = 1.959963984540054;

interface ArmMoments {
  mean: number;
  /** Variance of one visit's value. */
  variance: number;
}

function momentsOf(arm: SplitTestArm, metric: SplitTestMetric): ArmMoments {
  const n = Math.max(arm.visits, 1);
  if (metric === 'cr') {
    // Smoothed so that an arm with 0 (or all) conversions still has a variance.
    const p = (arm.conversions + 1) / (arm.visits + 2);
    return { mean: arm.conversions / n, variance: p * (1 - p) };
  }
  const mean = arm.revenueCents / n;
  // Never below equal payouts' sum of squares, the least any split of that revenue over those conversions has
  // (revenue counted without its squares, such as a network's fill-ins, would otherwise shrink the spread).
  const equalPayouts = arm.conversions > 0 ? (arm.revenueCents * arm.revenueCents) / arm.conversions : 0;
  const squares = Math.max(arm.revenueSquaresCents ?? 0, equalPayouts);
  // Bessel-corrected, and never 0: one conversion's revenue is an estimate too.
  const variance = Math.max((squares - n * mean * mean) / Math.max(n - 1, 1), 1e-9);
  return { mean, variance };
}

function wilson(successes: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The mixture likelihood ratio Λ of the mSPRT for a difference `difference` whose estimate has variance `variance`,
 * with a normal mixing distribution of variance `tau2` centred on no difference. Under no difference, the
 * probability that Λ ever reaches 1/α, at any number of looks, is at most α.
 */
export function mixtureLikelihoodRatio(difference: number, variance: number, tau2: number): number {
  if (variance <= 0 || tau2 <= 0) return 1;
  const log = 0.5 * Math.log(variance / (variance + tau2)) + (tau2 * difference * difference) / (2 * variance * (variance + tau2));
  return Math.exp(Math.min(log, 700));
}

function mixtureVariance(moments: readonly ArmMoments[]): number {
  const pooled = moments.reduce((sum, m) => sum + m.mean, 0) / moments.length;
  const scale = SPLIT_TEST.relativeEffectScale * pooled;
  return scale * scale;
}

/** Whether `leader` beats `other` under the sequential test, at level `alpha`. */
function sequentiallyBetter(leader: { arm: SplitTestArm; m: ArmMoments }, other: { arm: SplitTestArm; m: ArmMoments }, tau2: number, alpha: number): boolean {
  const difference = leader.m.mean - other.m.mean;
  if (difference <= 0) return false;
  const variance = leader.m.variance / Math.max(leader.arm.visits, 1) + other.m.variance / Math.max(other.arm.visits, 1);
  return mixtureLikelihoodRatio(difference, variance, tau2) >= 1 / alpha;
}

/** Probability each arm has the highest true value: Beta posteriors (uniform prior) for a rate, normal ones around
 *  the sample mean for revenue per visit. Seeded by the counts, so equal data reads equal probabilities, unless a
 *  `random` source is given. */
export function probabilitiesToBeBest(
  arms: readonly SplitTestArm[],
  metric: SplitTestMetric,
  draws: number = SPLIT_TEST.draws,
  random: () => number = seededRandom(seedOf(arms.flatMap((a) => [a.visits, a.conversions, a.revenueCents, a.revenueSquaresCents ?? -1, metric === 'cr' ? 1 : 2]))),
): number[] {
  if (arms.length === 0) return [];
  if (arms.length === 1) return [1];
  const moments = arms.map((arm) => momentsOf(arm, metric));
  const wins = new Array<number>(arms.length).fill(0);
  for (let d = 0; d < draws; d++) {
    let best = -Infinity;
    let at = 0;
    for (let i = 0; i < arms.length; i++) {
      const arm = arms[i]!;
      const value =
        metric === 'cr'
          ? betaSample(random, 1 + arm.conversions, 1 + Math.max(arm.visits - arm.conversions, 0))
          : moments[i]!.mean + normalSample(random) * Math.sqrt(moments[i]!.variance / Math.max(arm.visits, 1));
      if (value > best) {
        best = value;
        at = i;
      }
    }
    wins[at]! += 1;
  }
  return wins.map((w) => w / draws);
}

/** Visits per arm at which the sequential test would decide a difference `difference` with per-visit variances. */
function visitsPerArmToDecide(difference: number, varianceSum: number, tau2: number, alpha: number): number {
  const decides = (n: number) => mixtureLikelihoodRatio(difference, varianceSum / n, tau2) >= 1 / alpha;
  let high = 16;
  while (!decides(high)) {
    high *= 2;
    if (high > 1e12) return Infinity;
  }
  let low = high / 2;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (decides(mid)) high = mid;
    else low = mid;
  }
  return high;
}

/** Whether one hourly look would declare a winner: the cheap test first, the Monte Carlo (`probabilities`) only when
 *  it passes. */
function winnerOf(arms: readonly SplitTestArm[], moments: readonly ArmMoments[], probabilities: () => number[]): number | null {
  if (arms.length < 2) return null;
  if (!hasMinimumSample(arms)) return null;
  let leader = 0;
  for (let i = 1; i < arms.length; i++) if (moments[i]!.mean > moments[leader]!.mean) leader = i;
  const tau2 = mixtureVariance(moments);
  // Bonferroni over the leader's comparisons: each at α / (arms − 1).
  const alpha = SPLIT_TEST.alpha / (arms.length - 1);
  for (let i = 0; i < arms.length; i++) {
    if (i === leader) continue;
    if (!sequentiallyBetter({ arm: arms[leader]!, m: moments[leader]! }, { arm: arms[i]!, m: moments[i]! }, tau2, alpha)) return null;
  }
  return probabilities()[leader]! >= SPLIT_TEST.winnerProbability ? leader : null;
}

/** The minimum sample before any verdict (and before the auto-optimiser moves a weight): every arm
 *  `minVisitsPerArm` visits, and `minConversions` conversions across the arms. */
export function hasMinimumSample(arms: readonly SplitTestArm[]): boolean {
  return arms.every((a) => a.visits >= SPLIT_TEST.minVisitsPerArm) && arms.reduce((sum, a) => sum + a.conversions, 0) >= SPLIT_TEST.minConversions;
}

/** Only whether a look declares a winner, and which: what the simulations call every simulated hour. */
export function declaredWinner(arms: readonly SplitTestArm[], metric: SplitTestMetric): string | null {
  const moments = arms.map((arm) => momentsOf(arm, metric));
  const at = winnerOf(arms, moments, () => probabilitiesToBeBest(arms, metric));
  return at === null ? null : arms[at]!.id;
}

export function judgeSplitTest(arms: readonly SplitTestArm[], metric: SplitTestMetric): SplitTestVerdict {
  const moments = arms.map((arm) => momentsOf(arm, metric));
  const probabilities = probabilitiesToBeBest(arms, metric);
  const results: ArmResult[] = arms.map((arm, i) => {
    const m = moments[i]!;
    const interval: [number, number] =
      metric === 'cr'
        ? wilson(arm.conversions, arm.visits)
        : arm.visits === 0
          ? [0, 0]
          : [Math.max(0, m.mean - Z95 * Math.sqrt(m.variance / arm.visits)), m.mean + Z95 * Math.sqrt(m.variance / arm.visits)];
    return {
      id: arm.id,
      visits: arm.visits,
      conversions: arm.conversions,
      revenueCents: arm.revenueCents,
      value: m.mean,
      interval,
      probabilityToBeBest: probabilities[i]!,
    };
  });
  const totalConversions = arms.reduce((sum, a) => sum + a.conversions, 0);
  let leader = -1;
  for (let i = 0; i < results.length; i++) if (leader < 0 || results[i]!.probabilityToBeBest > results[leader]!.probabilityToBeBest) leader = i;
  const leaderId = leader >= 0 && totalConversions > 0 ? arms[leader]!.id : null;

  const winner = winnerOf(arms, moments, () => probabilities);
  if (winner !== null) return { metric, arms: results, status: 'winner', leaderId: arms[winner]!.id, visitsNeeded: 0 };

  return {
    metric,
    arms: results,
    status: arms.length >= 2 && hasMinimumSample(arms) && leaderId !== null ? 'leading' : 'not enough data',
    leaderId,
    visitsNeeded: estimateVisitsNeeded(arms, moments, leader),
  };
}

/** The leader against the runner-up: visits per arm for the sequential test to decide the difference seen so far
 *  (or a 10 % relative one when there is none), at the least the minimum sample; minus the visits already there. */
function estimateVisitsNeeded(arms: readonly SplitTestArm[], moments: readonly ArmMoments[], leader: number): number | null {
  if (arms.length < 2 || leader < 0) return null;
  const pooled = moments.reduce((sum, m) => sum + m.mean, 0) / moments.length;
  if (pooled <= 0) return null;
  let runnerUp = -1;
  for (let i = 0; i < arms.length; i++) {
    if (i !== leader && (runnerUp < 0 || moments[i]!.mean > moments[runnerUp]!.mean)) runnerUp = i;
  }
  const observed = Math.abs(moments[leader]!.mean - moments[runnerUp]!.mean);
  const difference = Math.max(observed, SPLIT_TEST.assumedRelativeLift * pooled);
  const perArm = Math.max(
    SPLIT_TEST.minVisitsPerArm,
    visitsPerArmToDecide(difference, moments[leader]!.variance + moments[runnerUp]!.variance, mixtureVariance(moments), SPLIT_TEST.alpha / (arms.length - 1)),
  );
  if (!Number.isFinite(perArm)) return null;
  const needed = arms.reduce((sum, arm) => sum + Math.max(0, perArm - arm.visits), 0);
  return Math.ceil(needed);
}
