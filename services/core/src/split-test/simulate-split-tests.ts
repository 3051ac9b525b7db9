// Simulated split tests whose truth is known: arms with given conversion rates and payouts receive visits hour by
// hour, a buyer reads the verdict after every hour, and the first 'winner' ends the test. The false-winner rate (two
// equal arms) and the detection rate (a real lift) of docs/split-tests.md are measured with this.
import { seededRandom } from './seeded-random';
import { SPLIT_TEST, declaredWinner, type SplitTestArm, type SplitTestMetric } from './split-test-verdict';

export interface SimulatedArm {
  id: string;
  conversionRate: number;
}

export interface SimulationOptions {
  arms: readonly SimulatedArm[];
  metric: SplitTestMetric;
  visitsPerHourPerArm: number;
  hours: number;
  runs: number;
  seed: number;
  /** Payouts in cents a conversion draws from, equally likely. */
  payoutsCents?: readonly number[];
  /** 'verdict' (ours), or 'naive': a winner whenever the leader's probability to be best reaches 95 % after the
   *  minimum sample, the rule that peeking breaks (kept for the comparison in docs/split-tests.md; two arms only). */
  rule?: 'verdict' | 'naive';
}

export interface SimulationResult {
  runs: number;
  /** Runs in which some look declared a winner, by the arm declared. */
  winners: Record<string, number>;
  /** Hours to the first winner, median over the runs that had one (null when none had). */
  medianHoursToWinner: number | null;
}

/** Φ, the standard normal distribution function (Abramowitz and Stegun 7.1.26 through erf). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The naive rule on two arms: the normal approximation of the probability that the leader is best, read alone. */
function naiveWinner(arms: readonly SplitTestArm[], metric: SplitTestMetric): string | null {
  const [a, b] = arms as [SplitTestArm, SplitTestArm];
  if (a.visits < SPLIT_TEST.minVisitsPerArm || b.visits < SPLIT_TEST.minVisitsPerArm || a.conversions + b.conversions < SPLIT_TEST.minConversions) return null;
  const stats = (arm: SplitTestArm) => {
    if (metric === 'cr') {
      const p = arm.conversions / arm.visits;
      return { mean: p, variance: (p * (1 - p)) / arm.visits };
    }
    const mean = arm.revenueCents / arm.visits;
    return { mean, variance: (arm.revenueSquaresCents! / arm.visits - mean * mean) / arm.visits };
  };
  const sa = stats(a);
  const sb = stats(b);
  const sd = Math.sqrt(sa.variance + sb.variance);
  if (sd === 0) return null;
  const probabilityBBest = normalCdf((sb.mean - sa.mean) / sd);
  if (probabilityBBest >= SPLIT_TEST.winnerProbability) return b.id;
  if (1 - probabilityBBest >= SPLIT_TEST.winnerProbability) return a.id;
  return null;
}

/** Binomial(n, p) by inverting its distribution function: a few steps for the small n·p of an hour's visits. */
function binomialSample(random: () => number, n: number, p: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return n;
  let u = random();
  let k = 0;
  let probability = Math.pow(1 - p, n);
  const ratio = p / (1 - p);
  while (u > probability && k < n) {
    u -= probability;
    probability *= (ratio * (n - k)) / (k + 1);
    k += 1;
  }
  return k;
}

export function simulateSplitTests(options: SimulationOptions): SimulationResult {
  const random = seededRandom(options.seed);
  const payouts = options.payoutsCents ?? [2500];
  const winners: Record<string, number> = {};
  const hoursToWinner: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    const arms: SplitTestArm[] = options.arms.map((a) => ({ id: a.id, visits: 0, conversions: 0, revenueCents: 0, revenueSquaresCents: 0 }));
    for (let hour = 1; hour <= options.hours; hour++) {
      for (let i = 0; i < arms.length; i++) {
        const arm = arms[i]!;
        const rate = options.arms[i]!.conversionRate;
        const converted = binomialSample(random, options.visitsPerHourPerArm, rate);
        for (let c = 0; c < converted; c++) {
          const payout = payouts[Math.floor(random() * payouts.length)]!;
          arm.revenueCents += payout;
          arm.revenueSquaresCents! += payout * payout;
        }
        arm.conversions += converted;
        arm.visits += options.visitsPerHourPerArm;
      }
      const winner = options.rule === 'naive' ? naiveWinner(arms, options.metric) : declaredWinner(arms, options.metric);
      if (winner !== null) {
        winners[winner] = (winners[winner] ?? 0) + 1;
        hoursToWinner.push(hour);
        break;
      }
    }
  }
  hoursToWinner.sort((a, b) => a - b);
  return { runs: options.runs, winners, medianHoursToWinner: hoursToWinner.length ? hoursToWinner[Math.floor(hoursToWinner.length / 2)]! : null };
}
