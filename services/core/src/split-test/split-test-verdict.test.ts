// The split-test verdict: its statistics on known counts, and on simulated traffic whose truth is known, the two
// rates docs/split-tests.md promises: equal arms read every hour for two weeks are crowned in at most 5 % of tests,
// and a real 20 % relative lift is found. The simulations are seeded: the rates are the same on every run.
import { describe, expect, it } from '@jest/globals';
import { simulateSplitTests } from './simulate-split-tests';
import { SPLIT_TEST, judgeSplitTest, mixtureLikelihoodRatio, probabilitiesToBeBest, type SplitTestArm } from './split-test-verdict';

const arm = (id: string, visits: number, conversions: number, revenueCents = conversions * 2500): SplitTestArm => ({ id, visits, conversions, revenueCents });

describe('judgeSplitTest on known counts', () => {
  it('gives each arm its rate, Wilson interval and a probability to be best that sums to 1', () => {
    const verdict = judgeSplitTest([arm('A', 1000, 40), arm('B', 1000, 60)], 'cr');
    const [a, b] = verdict.arms;
    expect(a!.value).toBeCloseTo(0.04, 10);
    // Wilson's 95 % interval for 40 of 1000 (by hand: 0.02951 … 0.05401).
    expect(a!.interval[0]).toBeCloseTo(0.02951, 4);
    expect(a!.interval[1]).toBeCloseTo(0.05401, 4);
    expect(a!.probabilityToBeBest + b!.probabilityToBeBest).toBeCloseTo(1, 10);
    // P(B > A) for Beta(61, 941) against Beta(41, 961) is about 0.98.
    expect(b!.probabilityToBeBest).toBeGreaterThan(0.96);
    expect(b!.probabilityToBeBest).toBeLessThan(0.995);
  });

  it('reads the same probabilities on every call for the same counts', () => {
    const arms = [arm('A', 800, 30), arm('B', 820, 35), arm('C', 790, 28)];
    expect(probabilitiesToBeBest(arms, 'cr')).toEqual(probabilitiesToBeBest(arms, 'cr'));
  });

  it('says "not enough data" below the minimum sample, with the visits still needed', () => {
    const verdict = judgeSplitTest([arm('A', 120, 3), arm('B', 130, 9)], 'cr');
    expect(verdict.status).toBe('not enough data');
    expect(verdict.leaderId).toBe('B');
    expect(verdict.visitsNeeded).toBeGreaterThanOrEqual(2 * SPLIT_TEST.minVisitsPerArm - 250);
  });

  it('has nothing to estimate from before the first conversion', () => {
    const verdict = judgeSplitTest([arm('A', 300, 0), arm('B', 300, 0)], 'cr');
    expect(verdict).toMatchObject({ status: 'not enough data', leaderId: null, visitsNeeded: null });
  });

  it('calls 98 % to be best "leading", not a winner, when the sequential test has not decided', () => {
    // A fixed-horizon test would call this (z ≈ 2.1); the always-valid one needs more.
    const verdict = judgeSplitTest([arm('A', 1000, 40), arm('B', 1000, 60)], 'cr');
    expect(verdict.status).toBe('leading');
    expect(verdict.leaderId).toBe('B');
    expect(verdict.visitsNeeded).toBeGreaterThan(0);
  });

  it('declares a winner on a large, clear difference, and the visits needed are then 0', () => {
    const verdict = judgeSplitTest([arm('A', 20_000, 800), arm('B', 20_000, 1000)], 'cr');
    expect(verdict).toMatchObject({ status: 'winner', leaderId: 'B', visitsNeeded: 0 });
  });

  it('with three arms, the leader must beat each of the others (Bonferroni), not just the weakest', () => {
    const close = judgeSplitTest([arm('A', 20_000, 800), arm('B', 20_000, 1000), arm('C', 20_000, 985)], 'cr');
    expect(close.status).not.toBe('winner');
    const clear = judgeSplitTest([arm('A', 20_000, 800), arm('B', 20_000, 1000), arm('C', 20_000, 790)], 'cr');
    expect(clear).toMatchObject({ status: 'winner', leaderId: 'B' });
  });

  it('judges revenue per visit, where more conversions at a smaller payout can lose', () => {
    const verdict = judgeSplitTest(
      [
        { id: 'cheap', visits: 30_000, conversions: 1500, revenueCents: 1500 * 1000, revenueSquaresCents: 1500 * 1000 * 1000 },
        { id: 'rich', visits: 30_000, conversions: 1200, revenueCents: 1200 * 2000, revenueSquaresCents: 1200 * 2000 * 2000 },
      ],
      'epv',
    );
    expect(verdict.arms[1]!.value).toBeCloseTo(80, 6); // cents a visit
    expect(verdict).toMatchObject({ status: 'winner', leaderId: 'rich' });
    expect(judgeSplitTest([arm('cheap', 30_000, 1500), arm('rich', 30_000, 1200)], 'cr').leaderId).toBe('cheap');
  });

  it('the mixture ratio stays below 1 with no difference, whatever the sample', () => {
    for (const variance of [1e-2, 1e-4, 1e-6]) expect(mixtureLikelihoodRatio(0, variance, 1e-4)).toBeLessThan(1);
  });
});

describe('the verdict on simulated traffic, read every hour for two weeks', () => {
  const base = { visitsPerHourPerArm: 100, hours: 14 * 24, runs: 300 };
  const payoutsCents = [1000, 1000, 1000, 2500, 2500, 6000];

  it.each(['cr', 'epv'] as const)('%s: equal arms are declared a winner in at most 5 %% of tests; the naive rule in most', (metric) => {
    const arms = [{ id: 'A', conversionRate: 0.04 }, { id: 'B', conversionRate: 0.04 }];
    const ours = simulateSplitTests({ ...base, metric, payoutsCents, arms, seed: 11 });
    const falseWinners = (ours.winners.A ?? 0) + (ours.winners.B ?? 0);
    expect(falseWinners / base.runs).toBeLessThanOrEqual(0.05);
    // Reading a 95 % probability to be best every hour would crown one of two equal arms most of the time.
    const naive = simulateSplitTests({ ...base, metric, payoutsCents, arms, seed: 11, rule: 'naive' });
    expect(((naive.winners.A ?? 0) + (naive.winners.B ?? 0)) / base.runs).toBeGreaterThan(0.4);
  });

  it.each([
    ['cr', 0.9],
    ['epv', 0.8],
  ] as const)('%s: a true 20 %% relative lift is found in at least %s of tests, and the worse arm never wins', (metric, power) => {
    const result = simulateSplitTests({ ...base, metric, payoutsCents, seed: 12, arms: [{ id: 'A', conversionRate: 0.04 }, { id: 'B', conversionRate: 0.048 }] });
    expect((result.winners.B ?? 0) / base.runs).toBeGreaterThanOrEqual(power);
    expect(result.winners.A ?? 0).toBe(0);
  });
});
