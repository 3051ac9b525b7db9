import { describe, expect, test } from '@jest/globals';
import { sortingAfterHeaderClick } from './data-table-sorting';

describe('sortingAfterHeaderClick', () => {
  test('a new column sorts descending first, replacing the previous one', () => {
    expect(sortingAfterHeaderClick([], 'clicks')).toEqual([{ id: 'clicks', desc: true }]);
    expect(sortingAfterHeaderClick([{ id: 'revenue', desc: false }], 'clicks')).toEqual([{ id: 'clicks', desc: true }]);
  });

  test('a sorted column flips, and two clicks applied in a row come back ascending then descending', () => {
    const once = sortingAfterHeaderClick([], 'clicks');
    const twice = sortingAfterHeaderClick(once, 'clicks');
    expect(twice).toEqual([{ id: 'clicks', desc: false }]);
    expect(sortingAfterHeaderClick(twice, 'clicks')).toEqual([{ id: 'clicks', desc: true }]);
  });
});
