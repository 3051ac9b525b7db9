// The auto-optimiser's weights: whole percents summing to 100 with every arm in rotation at or above the floor, a
// clearly better arm gaining, arms at weight 0 left alone, nothing moved without the minimum sample or for less than
// a point, and the same answer for the same seed.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { optimizeWeights, type WeightedArm } from './optimize-weights';
import { seededRandom } from './seeded-random';
import { SPLIT_TEST } from './split-test-verdict';

const arm = (id: string, weight: number, visits: number, conversions: number, revenueCents = conversions * 2500): WeightedArm => ({ id, weight, visits, conversions, revenueCents });

describe('optimizeWeights', () => {
  it('moves a 50/50 split toward the clearly better arm, down to the floor for the worse one', () => {
    const decision = optimizeWeights([arm('Quiz', 50, 1000, 10), arm('Story', 50, 1000, 60)], { metric: 'cr' });
    expect(decision).toMatchObject({ status: 'changed', weights: [10, 90] });
    expect(decision.probabilities![1]).toBeGreaterThan(0.999);
  });

  it('gives close arms shares near their probability to be best, above a floor of the path’s choosing', () => {
    const decision = optimizeWeights([arm('A', 34, 2000, 80), arm('B', 33, 2000, 90), arm('C', 33, 2000, 70)], { metric: 'cr', floorPercent: 20 });
    expect(decision.status).toBe('changed');
    // 20 % each, and the other 40 % by probability to be best, rounded to whole percents.
    const exact = (decision.probabilities as number[]).map((p) => 20 + 40 * p);
    decision.weights.forEach((w, i) => expect(Math.abs(w - exact[i]!)).toBeLessThan(1));
    expect(decision.weights[1]).toBeGreaterThan(decision.weights[0]!);
    expect(Math.min(...decision.weights)).toBeGreaterThanOrEqual(20);
  });

  it('weighs by revenue per visit when asked: the arm that converts less but pays more gains', () => {
    const arms = [arm('Cheap', 50, 2000, 100, 100 * 1000), arm('Rich', 50, 2000, 60, 60 * 5000)];
    expect(optimizeWeights(arms, { metric: 'cr' }).weights).toEqual([90, 10]);
    expect(optimizeWeights(arms, { metric: 'epv' }).weights).toEqual([10, 90]);
  });

  it('keeps arms a person set to weight 0 at 0, and weighs only the others', () => {
    const decision = optimizeWeights([arm('Off', 0, 0, 0), arm('A', 60, 1000, 10), arm('B', 40, 1000, 60)], { metric: 'cr' });
    expect(decision).toMatchObject({ status: 'changed', weights: [0, 10, 90] });
    expect(decision.probabilities![0]).toBeNull();
    // A paused arm with data (it ran before) takes no share either.
    const paused = optimizeWeights([arm('Was best', 0, 5000, 900), arm('A', 50, 1000, 10), arm('B', 50, 1000, 60)], { metric: 'cr' });
    expect(paused.weights).toEqual([0, 10, 90]);
  });

  it('moves nothing below the split test’s minimum sample: an arm short of visits, or too few conversions', () => {
    const shortArm = optimizeWeights([arm('A', 50, SPLIT_TEST.minVisitsPerArm - 1, 0), arm('B', 50, 5000, 200)], { metric: 'cr' });
    expect(shortArm).toEqual({ status: 'not enough data', weights: [50, 50], probabilities: null });
    const fewConversions = optimizeWeights([arm('A', 50, 5000, 0), arm('B', 50, 5000, SPLIT_TEST.minConversions - 1)], { metric: 'cr' });
    expect(fewConversions.status).toBe('not enough data');
    expect(optimizeWeights([arm('A', 50, 0, 0), arm('B', 50, 0, 0)], { metric: 'epv' }).status).toBe('not enough data');
  });

  it('moves nothing with one arm in rotation', () => {
    expect(optimizeWeights([arm('A', 100, 5000, 100), arm('B', 0, 5000, 300)], { metric: 'cr' }).status).toBe('too few arms');
  });

  it('moves nothing when no weight would change by a whole point, on the weights’ own scale', () => {
    const first = optimizeWeights([arm('A', 50, 1000, 10), arm('B', 50, 1000, 60)], { metric: 'cr' });
    const again = optimizeWeights([arm('A', first.weights[0]!, 1000, 10), arm('B', first.weights[1]!, 1000, 60)], { metric: 'cr' });
    expect(again.status).toBe('under a point');
    expect(again.weights).toEqual(first.weights);
    // 1 and 9 are 10 % and 90 %: the same split, on another scale.
    expect(optimizeWeights([arm('A', 1, 1000, 10), arm('B', 9, 1000, 60)], { metric: 'cr' }).status).toBe('under a point');
  });

  it('shrinks a floor the arms cannot all have to the most they can', () => {
    const arms = Array.from({ length: 12 }, (_, i) => arm(`A${i}`, 8, 1000, i === 0 ? 200 : 10));
    const decision = optimizeWeights(arms, { metric: 'cr' });
    expect(decision.weights.reduce((s, w) => s + w, 0)).toBe(100);
    expect(Math.min(...decision.weights)).toBeGreaterThanOrEqual(8);
    expect(decision.weights[0]).toBe(100 - 11 * 8);
  });

  it('answers the same for the same seed, and the seed is what varies the draws', () => {
    const arms = [arm('A', 34, 800, 30), arm('B', 33, 820, 33), arm('C', 33, 790, 31)];
    const once = optimizeWeights(arms, { metric: 'cr', floorPercent: 5, random: seededRandom(7) });
    expect(optimizeWeights(arms, { metric: 'cr', floorPercent: 5, random: seededRandom(7) })).toEqual(once);
    const others = [1, 2, 3, 4, 5].map((seed) => optimizeWeights(arms, { metric: 'cr', floorPercent: 5, random: seededRandom(seed) }).probabilities);
    expect(new Set(others.map((p) => JSON.stringify(p))).size).toBeGreaterThan(1);
  });

  it('always sums to 100 with every arm in rotation at or above the floor, and weight-0 arms at 0', () => {
    const armsArb = fc.array(
      fc.record({ weight: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })), visits: fc.integer({ min: 250, max: 50_000 }), rate: fc.double({ min: 0, max: 0.3, noNaN: true }) }),
      { minLength: 2, maxLength: 8 },
    );
    fc.assert(
      fc.property(armsArb, fc.integer({ min: 0, max: 50 }), fc.constantFrom('cr' as const, 'epv' as const), (raw, floor, metric) => {
        fc.pre(raw.filter((a) => a.weight > 0).length >= 2);
        const arms = raw.map((a, i) => {
          const conversions = Math.max(20, Math.round(a.visits * a.rate));
          return arm(`a${i}`, a.weight, a.visits, conversions, conversions * (1000 + 300 * i));
        });
        const decision = optimizeWeights(arms, { metric, floorPercent: floor });
        const inRotation = arms.flatMap((a, i) => (a.weight > 0 ? [i] : []));
        const effectiveFloor = Math.min(floor, Math.floor(100 / inRotation.length));
        arms.forEach((a, i) => {
          if (a.weight === 0) expect(decision.weights[i]).toBe(0);
        });
        if (decision.status !== 'changed') return;
        expect(inRotation.reduce((s, i) => s + decision.weights[i]!, 0)).toBe(100);
        for (const i of inRotation) {
          expect(Number.isInteger(decision.weights[i])).toBe(true);
          expect(decision.weights[i]).toBeGreaterThanOrEqual(effectiveFloor);
        }
      }),
      { numRuns: 60 },
    );
  });
});
