// The formulas of spec §9, as the API and the web app both use them (money itself: money.test.ts).
import { describe, expect, test } from '@jest/globals';
import { clickConversionRate, computeMetrics, landerCtr } from './report-metrics';

describe('metrics', () => {
  test('profit, roi, roas, cr, epv, epc, cpv, cpa', () => {
    expect(computeMetrics({ clicks: 200, exitClicks: 50, conversions: 5, revenueCents: 15000, spendCents: 10000 })).toEqual({
      profit: '50.00',
      roi: 50,
      roas: 1.5,
      cr: 2.5,
      // Industry meanings: earnings per visit, per click on the offer (lander exit), cost per conversion.
      epv: 0.75,
      epc: 3,
      cpv: 0.5,
      cpa: 20,
    });
  });
  test('no spend: roi, roas, cpv and cpa are null (no cost known); no visits: cr and epv are 0', () => {
    expect(computeMetrics({ clicks: 0, exitClicks: 0, conversions: 2, revenueCents: 300, spendCents: 0 })).toEqual({
      profit: '3.00',
      roi: null,
      roas: null,
      cr: 0,
      epv: 0,
      epc: 0,
      cpv: null,
      cpa: null,
    });
  });
  test('a loss; no conversions: cpa is null', () => {
    expect(computeMetrics({ clicks: 10, exitClicks: 4, conversions: 0, revenueCents: 0, spendCents: 250 })).toMatchObject({
      profit: '-2.50',
      roi: -100,
      cpa: null,
    });
  });
  test('Lander CTR and the Click Log conversion rate are fractions', () => {
    expect(landerCtr(25, 100)).toBe(0.25);
    expect(landerCtr(3, 0)).toBe(0);
    expect(clickConversionRate(1, 8)).toBe(0.125);
  });
});
