import { describe, expect, it } from '@jest/globals';
import { bucketLabel, bucketStart, bucketTitle, chartShape, toChartPoints, type ChartPoint } from './chart-series';

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

  const hour = (h: number, values: Partial<ChartPoint> = {}): ChartPoint => ({
    bucket: `2025-03-05 ${String(h).padStart(2, '0')}:00`,
    label: `${String(h).padStart(2, '0')}:00`,
    title: '',
    visits: 0,
    conversions: 0,
    revenue: 0,
    spend: 0,
    profit: 0,
    ...values,
  });
  const day = (active: Record<number, Partial<ChartPoint>>) => Array.from({ length: 24 }, (_, h) => hour(h, active[h]));

  it('draws a single hour with data as points, not a spike, and keeps the axes at zero', () => {
    const shape = chartShape(day({ 14: { visits: 3, conversions: 1, revenue: 40, profit: 40 } }));
    expect(shape).toEqual({ sparse: true, moneyMin: 0, countMin: 0 });
  });

  it('a one-bucket series is a point too', () => {
    expect(chartShape([hour(0, { visits: 1 })]).sparse).toBe(true);
  });

  it('a busy day is drawn as plain lines', () => {
    const busy = Object.fromEntries(Array.from({ length: 12 }, (_, h) => [h, { visits: h + 1, revenue: h }]));
    expect(chartShape(day(busy)).sparse).toBe(false);
  });

  it('goes below zero only for a real loss', () => {
    expect(chartShape(day({ 3: { spend: 25, profit: -25 } })).moneyMin).toBe(-25);
    expect(chartShape([]).moneyMin).toBe(0);
  });
});
