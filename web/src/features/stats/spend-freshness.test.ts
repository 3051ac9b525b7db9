import { describe, expect, test } from '@jest/globals';
import type { SpendFreshness } from '@tracker/schemas';
import { freshnessNote, waitingNotes } from './spend-freshness';

const NOW = Date.parse('2026-11-25T03:00:00Z');

describe('the spend freshness note', () => {
  test('says how long ago the stalest account synced', () => {
    expect(freshnessNote({ currency: 'USD', waitingForRates: [], payoutsWaitingForRates: [], accounts: 2, syncedAt: '2026-11-25T02:56:10Z', failing: [] }, NOW)).toEqual({ text: 'Spend synced 3 min ago', warning: false });
    expect(freshnessNote({ currency: 'USD', waitingForRates: [], payoutsWaitingForRates: [], accounts: 1, syncedAt: '2026-11-25T02:59:30Z', failing: [] }, NOW).text).toBe('Spend synced just now');
    expect(freshnessNote({ currency: 'USD', waitingForRates: [], payoutsWaitingForRates: [], accounts: 1, syncedAt: '2026-11-24T21:00:00Z', failing: [] }, NOW).text).toBe('Spend synced 6 h ago');
  });

  test('warns when a sync failed, when none ran yet, and when no account is connected', () => {
    const failed = freshnessNote({ currency: 'USD', waitingForRates: [], payoutsWaitingForRates: [], accounts: 2, syncedAt: '2026-11-25T02:30:00Z', failing: [{ name: 'West', error: 'TikTok answered 40001: bad token' }] }, NOW);
    expect(failed).toEqual({ text: 'Spend sync failed (West) · last good sync 30 min ago', warning: true, detail: 'West: TikTok answered 40001: bad token' });
    expect(freshnessNote({ currency: 'USD', waitingForRates: [], payoutsWaitingForRates: [], accounts: 1, syncedAt: null, failing: [] }, NOW)).toEqual({ text: 'Spend not synced yet', warning: true });
    expect(freshnessNote({ currency: 'USD', waitingForRates: [], payoutsWaitingForRates: [], accounts: 0, syncedAt: null, failing: [] }, NOW).warning).toBe(true);
  });
});

describe('the spend waiting for a rate', () => {
  const base: SpendFreshness = { accounts: 2, syncedAt: '2026-11-25T02:56:10Z', failing: [], currency: 'USD', waitingForRates: [], payoutsWaitingForRates: [] };

  test('nothing waits: no warning', () => {
    expect(waitingNotes(base)).toEqual([]);
  });

  test('names the amount in its own currency, the pair and the day', () => {
    expect(waitingNotes({ ...base, waitingForRates: [{ currency: 'EUR', day: '2026-03-07', amount: '123.45', rows: 4 }] })).toEqual([
      'Spend of €123.45 waits for the EUR→USD rate of 2026-03-07; reports leave it out until then',
    ]);
    expect(waitingNotes({ ...base, currency: 'EUR', waitingForRates: [{ currency: 'JPY', day: '2026-03-09', amount: '1500.00', rows: 1 }] })).toEqual([
      'Spend of ¥1,500 waits for the JPY→EUR rate of 2026-03-09; reports leave it out until then',
    ]);
  });

  test('names three days and counts the rest', () => {
    const days = ['2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11'].map((day) => ({ currency: 'GBP', day, amount: '1.00', rows: 1 }));
    expect(waitingNotes({ ...base, waitingForRates: days })).toEqual([
      'Spend of £1.00 waits for the GBP→USD rate of 2026-03-05, £1.00 waits for the GBP→USD rate of 2026-03-06, £1.00 waits for the GBP→USD rate of 2026-03-09, and spend of 2 more days; reports leave it out until then',
    ]);
  });

  test('payouts waiting for a rate get their own warning, with the conversions counted', () => {
    const notes = waitingNotes({
      ...base,
      waitingForRates: [{ currency: 'EUR', day: '2026-03-09', amount: '50.00', rows: 1 }],
      payoutsWaitingForRates: [
        { currency: 'EUR', day: '2026-03-09', amount: '24.00', conversions: 2 },
        { currency: 'GBP', day: '2026-03-09', amount: '10.00', conversions: 1 },
      ],
    });
    expect(notes).toEqual([
      'Spend of €50.00 waits for the EUR→USD rate of 2026-03-09; reports leave it out until then',
      'Payouts of €24.00 wait for the EUR→USD rate of 2026-03-09, £10.00 wait for the GBP→USD rate of 2026-03-09 (3 conversions); reports leave them out until then',
    ]);
  });
});
