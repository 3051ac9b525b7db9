import { describe, expect, test } from '@jest/globals';
import type { SpendRow } from '@tracker/schemas';
import { convertedCostNotes } from './converted-cost';

const row = (date: string, campaign: string, over: Partial<SpendRow> = {}): SpendRow => ({
  date,
  tiktokCampaignId: campaign,
  campaignName: campaign,
  spend: '54.12',
  impressions: 0,
  clicks: 0,
  conversions: 0,
  originalSpend: '50.00',
  originalCurrency: 'EUR',
  spendCurrency: 'USD',
  fxRate: '1.0823',
  fxRateDay: '2026-04-10',
  fxRateSource: 'ecb',
  fxPending: false,
  ...over,
});

describe('the Cost tooltip of a TikTok campaign', () => {
  test('names each converted day, newest first, with its original amount and rate; unconverted campaigns have none', () => {
    const notes = convertedCostNotes([
      row('2026-04-11', 'tt-eur'),
      row('2026-04-13', 'tt-eur', { spend: '55.00', fxRate: '1.1', fxRateDay: '2026-04-13', fxRateSource: 'manual' }),
      row('2026-04-14', 'tt-eur', { spend: '0.00', fxRate: null, fxRateDay: null, fxRateSource: null, fxPending: true }),
      row('2026-04-11', 'tt-usd', { originalCurrency: 'USD', fxRate: null, fxRateDay: null, fxRateSource: null }),
    ]);
    expect(notes.get('tt-eur')).toEqual([
      '2026-04-14: €50.00 waits for the EUR→USD rate',
      '2026-04-13: €50.00 at 1.1 USD/EUR (manual, 2026-04-13)',
      '2026-04-11: €50.00 at 1.0823 USD/EUR (ECB, 2026-04-10)',
    ]);
    expect(notes.has('tt-usd')).toBe(false);
  });

  test('a long range names the newest 7 days and counts the rest', () => {
    const days = Array.from({ length: 10 }, (_, i) => row(`2026-04-${String(i + 1).padStart(2, '0')}`, 'tt-eur'));
    const lines = convertedCostNotes(days).get('tt-eur')!;
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^2026-04-10: /);
    expect(lines[7]).toBe('and 3 more days');
  });
});
