import { describe, expect, it } from '@jest/globals';
import { offerRangeParams, offerTotals } from './offer-performance';

describe('offer performance', () => {
  // The sum itself is the money type's (schemas/src/money.test.ts): in cents, never through a float.
  it('adds revenue in cents', () => {
    const row = (offerId: string, revenue: string) => ({ source: 'tracker', offerId, offerName: offerId, visits: 1, clicks: 1, conversions: 1, revenue, cost: '0.00', pendingConversions: 0, pendingPayout: '0.00', epv: 0, epc: 0 }) as const;
    expect(offerTotals([row('1', '0.10'), row('2', '0.20')]).revenue).toBe('0.30');
    expect(offerTotals([]).revenue).toBe('0.00');
    expect(offerTotals([row('1', '92233720368547758.07'), row('2', '0.01')]).revenue).toBe('92233720368547758.08');
  });

  it('totals revenue, clicks and conversions', () => {
    expect(
      offerTotals([
        { source: 'tracker', offerId: '1', offerName: 'A', visits: 20, clicks: 10, conversions: 2, revenue: '20.10', cost: '5.05', pendingConversions: 1, pendingPayout: '3.00', epv: 1.005, epc: 2.01 },
        { source: 'tracker', offerId: '2', offerName: 'B', visits: 8, clicks: 5, conversions: 0, revenue: '0.00', cost: '0.95', pendingConversions: 0, pendingPayout: '0.00', epv: 0, epc: 0 },
      ]),
    ).toEqual({ revenue: '20.10', clicks: 15, conversions: 2, cost: '6.00', pendingConversions: 1, pendingPayout: '3.00' });
  });

  it('does not add the network rows to the tracker rows they repeat', () => {
    const none = { pendingConversions: 0, pendingPayout: '0.00' };
    const cake = { source: 'cake', offerId: '9001', offerName: 'Network A', visits: null, clicks: 11, conversions: 2, revenue: '20.10', cost: null, ...none, epv: null, epc: 1.827 } as const;
    const tracker = { source: 'tracker', offerId: '1', offerName: 'A', visits: 20, clicks: 10, conversions: 2, revenue: '20.10', cost: '4.00', ...none, epv: 1.005, epc: 2.01 } as const;
    expect(offerTotals([cake, tracker])).toEqual({ revenue: '20.10', clicks: 10, conversions: 2, cost: '4.00', ...none });
    expect(offerTotals([cake])).toEqual({ revenue: '20.10', clicks: 11, conversions: 2, cost: '0.00', ...none });
  });

  it('asks for the last N days, today included', () => {
    expect(offerRangeParams(30, new Date(2025, 2, 12, 9))).toEqual({ startDate: '2025-02-11', endDate: '2025-03-12' });
    expect(offerRangeParams(7, new Date(2025, 2, 12, 9))).toEqual({ startDate: '2025-03-06', endDate: '2025-03-12' });
    expect(offerRangeParams(1, new Date(2025, 2, 12, 9))).toEqual({ startDate: '2025-03-12', endDate: '2025-03-12' });
  });
});
