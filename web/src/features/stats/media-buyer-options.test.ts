import { describe, expect, it } from '@jest/globals';
import { mediaBuyerOptions } from './queries';
import { reportRow } from '../../testing/report-fixtures';
import type { Report } from './report-types';

const report = (rows: Report['rows']): Report => ({
  groupBy: 'mediabuyer',
  startDate: '2026-11-01',
  endDate: '2026-11-07',
  timezone: 'UTC',
  granularity: 'day',
  rows,
  totals: reportRow('Total', { key: '__total__' }),
  series: [],
  inexactSpendDays: [],
});

describe('media buyer filter options', () => {
  it('lists buyers by name and filters the Unknown row by none, not by its label', () => {
    const options = mediaBuyerOptions(
      report([
        reportRow('zoe'),
        reportRow('Unknown', { key: '' }),
        reportRow('No click', { key: '__no_click__' }),
        reportRow('Adam'),
      ]),
    );
    expect(options).toEqual([
      { value: 'Adam', label: 'Adam' },
      { value: 'zoe', label: 'zoe' },
      { value: 'none', label: 'Unknown' },
    ]);
  });

  it('offers no Unknown item when every click has a buyer', () => {
    expect(mediaBuyerOptions(report([reportRow('ana')]))).toEqual([{ value: 'ana', label: 'ana' }]);
  });
});
