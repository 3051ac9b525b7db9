import { describe, expect, it } from '@jest/globals';
import { CLICK_LOG_COLUMNS, DEFAULT_HIDDEN_COLUMNS } from './click-log-columns';
import { columnVisibility, COLUMN_PREFS_KEY, DEFAULT_COLUMN_PREFS, hiddenColumns, readColumnPrefs } from './column-prefs';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === COLUMN_PREFS_KEY ? value : null) });

describe('readColumnPrefs', () => {
  it('hides the optional columns until the buyer chooses', () => {
    expect(readColumnPrefs(storage(null))).toEqual(DEFAULT_COLUMN_PREFS);
    expect(DEFAULT_COLUMN_PREFS.hidden).toEqual(['country', 'device', 'os', 'browser', 'rule', 'spark', 'userAgent', 'bot']);
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

describe('the choice as TanStack visibility', () => {
  it('names every column, and a box ticked in the Columns menu comes back as the hidden list', () => {
    const visibility = columnVisibility(DEFAULT_HIDDEN_COLUMNS);
    expect(Object.keys(visibility)).toHaveLength(CLICK_LOG_COLUMNS.length);
    expect(visibility.status).toBe(true);
    expect(visibility.country).toBe(false);
    expect(hiddenColumns(visibility)).toEqual(DEFAULT_HIDDEN_COLUMNS);
    expect(hiddenColumns({ ...visibility, country: true, placement: false })).toEqual(['placement', ...DEFAULT_HIDDEN_COLUMNS.filter((id) => id !== 'country')]);
  });
});
