import { describe, expect, it } from '@jest/globals';
import { COLUMN_PREFS_KEY, DEFAULT_COLUMN_PREFS, readColumnPrefs } from './column-prefs';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === COLUMN_PREFS_KEY ? value : null) });

describe('readColumnPrefs', () => {
  it('hides the optional columns until the buyer chooses', () => {
    expect(readColumnPrefs(storage(null))).toEqual(DEFAULT_COLUMN_PREFS);
    expect(DEFAULT_COLUMN_PREFS.hidden).toEqual(['country', 'device', 'os', 'browser', 'spark', 'userAgent', 'bot']);
  });

  it('reads a saved choice, dropping columns that no longer exist', () => {
    const saved = JSON.stringify({ hidden: ['placement', 'city'], widths: { clickedAt: 240, city: 90 } });
    expect(readColumnPrefs(storage(saved))).toEqual({ hidden: ['placement'], widths: { clickedAt: 240 } });
  });

  it('falls back to the defaults for text it cannot read', () => {
    expect(readColumnPrefs(storage('{not json'))).toEqual(DEFAULT_COLUMN_PREFS);
    expect(readColumnPrefs(storage(JSON.stringify({ hidden: 'all', widths: {} })))).toEqual(DEFAULT_COLUMN_PREFS);
    expect(readColumnPrefs(undefined)).toEqual(DEFAULT_COLUMN_PREFS);
  });
});
