import { describe, expect, it } from '@jest/globals';
import { bucketLabel, toChartPoints } from './chart-series';

describe('chart series', () => {
  it('labels days and hours from the bucket text', () => {
    expect(bucketLabel('2025-03-05')).toBe('Mar 05');
    expect(bucketLabel('2025-12-31 14:00')).toBe('14:00');
    expect(bucketLabel('odd')).toBe('odd');
  });

  it('turns money strings into numbers', () => {
    expect(toChartPoints([{ bucket: '2025-03-05', visits: 3, conversions: 1, revenue: '12.50', spend: '2', profit: '10.5' }])).toEqual([
      { bucket: '2025-03-05', label: 'Mar 05', visits: 3, conversions: 1, revenue: 12.5, spend: 2, profit: 10.5 },
    ]);
  });
});
