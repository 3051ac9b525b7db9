import { describe, expect, it } from '@jest/globals';
import { bucketLabel, bucketStart, bucketTitle, toChartPoints } from './chart-series';

describe('chart series', () => {
  it('labels days and hours in the report time zone', () => {
    expect(bucketLabel('2025-03-05', 'UTC')).toBe('Mar 05');
    expect(bucketLabel('2025-12-31 14:00', 'America/New_York')).toBe('14:00');
    expect(bucketLabel('odd', 'UTC')).toBe('odd');
  });

  it("reads a bucket as that hour in the report's zone, whatever the browser's", () => {
    // 14:00 in Tokyo is 05:00 UTC: the same wall-clock text, a different moment per zone.
    expect(bucketStart('2025-12-31 14:00', 'Asia/Tokyo')?.at.getTime()).toBe(Date.UTC(2025, 11, 31, 5));
    expect(bucketStart('2025-12-31 14:00', 'America/New_York')?.at.getTime()).toBe(Date.UTC(2025, 11, 31, 19));
    expect(bucketStart('2025-03-05', 'Pacific/Auckland')?.at.getTime()).toBe(Date.UTC(2025, 2, 4, 11));
  });

  it('heads the tooltip with the whole date, and the zone for an hour', () => {
    expect(bucketTitle('2025-03-05', 'UTC')).toBe('Wed, Mar 05, 2025');
    expect(bucketTitle('2025-03-05 09:00', 'Europe/Berlin')).toBe('Wed, Mar 05, 2025 09:00 (Europe/Berlin)');
  });

  it('turns money strings into numbers', () => {
    expect(toChartPoints([{ bucket: '2025-03-05', visits: 3, conversions: 1, revenue: '12.50', spend: '2', profit: '10.5' }], 'UTC')).toEqual([
      { bucket: '2025-03-05', label: 'Mar 05', title: 'Wed, Mar 05, 2025', visits: 3, conversions: 1, revenue: 12.5, spend: 2, profit: 10.5 },
    ]);
  });
});
