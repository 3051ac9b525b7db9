import { describe, expect, test } from '@jest/globals';
import { freshnessNote } from './spend-freshness';

const NOW = Date.parse('2026-11-25T03:00:00Z');

describe('the spend freshness note', () => {
  test('says how long ago the stalest account synced', () => {
    expect(freshnessNote({ accounts: 2, syncedAt: '2026-11-25T02:56:10Z', failing: [] }, NOW)).toEqual({ text: 'Spend synced 3 min ago', warning: false });
    expect(freshnessNote({ accounts: 1, syncedAt: '2026-11-25T02:59:30Z', failing: [] }, NOW).text).toBe('Spend synced just now');
    expect(freshnessNote({ accounts: 1, syncedAt: '2026-11-24T21:00:00Z', failing: [] }, NOW).text).toBe('Spend synced 6 h ago');
  });

  test('warns when a sync failed, when none ran yet, and when no account is connected', () => {
    const failed = freshnessNote({ accounts: 2, syncedAt: '2026-11-25T02:30:00Z', failing: [{ name: 'West', error: 'TikTok answered 40001: bad token' }] }, NOW);
    expect(failed).toEqual({ text: 'Spend sync failed (West) · last good sync 30 min ago', warning: true, detail: 'West: TikTok answered 40001: bad token' });
    expect(freshnessNote({ accounts: 1, syncedAt: null, failing: [] }, NOW)).toEqual({ text: 'Spend not synced yet', warning: true });
    expect(freshnessNote({ accounts: 0, syncedAt: null, failing: [] }, NOW).warning).toBe(true);
  });
});
