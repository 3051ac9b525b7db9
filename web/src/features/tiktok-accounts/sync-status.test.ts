import { describe, expect, test } from '@jest/globals';
import { lastSyncSummary, syncAge } from './sync-status';

const NOW = Date.parse('2026-11-25T03:00:00Z');

describe('sync status wording', () => {
  test('ages read in whole units, under a minute as just now', () => {
    expect(syncAge(null, NOW)).toBe('Never');
    expect(syncAge('2026-11-25T02:59:30Z', NOW)).toBe('just now');
    expect(syncAge('2026-11-25T02:48:00Z', NOW)).toBe('12 minutes ago');
    expect(syncAge('2026-11-24T23:00:00Z', NOW)).toBe('4 hours ago');
  });

  test('a run shows its age, rows and duration', () => {
    expect(lastSyncSummary({ lastSyncAt: null, lastSyncRows: null, lastSyncDurationMs: null }, NOW)).toBe('Never synced');
    expect(lastSyncSummary({ lastSyncAt: '2026-11-25T02:57:00Z', lastSyncRows: 1, lastSyncDurationMs: 1234 }, NOW)).toBe('3 minutes ago · 1 row · 1.2 s');
  });
});
