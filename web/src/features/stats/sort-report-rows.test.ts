import { describe, expect, it } from '@jest/globals';
import { reportRow } from '../../testing/report-fixtures';
import { DEFAULT_REPORT_SORT, nextReportSort, sortReportRows } from './sort-report-rows';

const rows = [
  reportRow('beta', { revenue: '9.50', clicks: 300 }),
  reportRow('Alpha', { revenue: '120.00', clicks: 10 }),
  reportRow('gamma', { revenue: '10.25', clicks: 25 }),
  reportRow('Delta', { revenue: '-3', clicks: 25 }),
];

const labels = (list: { label: string }[]) => list.map((r) => r.label);

describe('report sorting', () => {
  it('sorts by revenue descending by default, comparing amounts not strings', () => {
    expect(DEFAULT_REPORT_SORT).toEqual({ key: 'revenue', direction: 'desc' });
    expect(labels(sortReportRows(rows, DEFAULT_REPORT_SORT))).toEqual(['Alpha', 'gamma', 'beta', 'Delta']);
  });

  it('flips the active column and sorts a new column descending', () => {
    const flipped = nextReportSort(DEFAULT_REPORT_SORT, 'revenue');
    expect(flipped).toEqual({ key: 'revenue', direction: 'asc' });
    expect(nextReportSort(flipped, 'revenue')).toEqual({ key: 'revenue', direction: 'desc' });
    expect(nextReportSort(flipped, 'clicks')).toEqual({ key: 'clicks', direction: 'desc' });
  });

  it('sorts names case-insensitively', () => {
    expect(labels(sortReportRows(rows, { key: 'name', direction: 'asc' }))).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
    expect(labels(sortReportRows(rows, { key: 'name', direction: 'desc' }))).toEqual(['gamma', 'Delta', 'beta', 'Alpha']);
  });

  it('breaks ties by name and leaves the input alone', () => {
    const copy = [...rows];
    expect(labels(sortReportRows(rows, { key: 'clicks', direction: 'desc' }))).toEqual(['beta', 'Delta', 'gamma', 'Alpha']);
    expect(rows).toEqual(copy);
  });

  it('treats a column a row lacks as 0', () => {
    const withLinks = [reportRow('a', { linkClicks: 4 }), reportRow('b')];
    expect(labels(sortReportRows(withLinks, { key: 'linkClicks', direction: 'asc' }))).toEqual(['b', 'a']);
  });
});
