import { describe, expect, it } from '@jest/globals';
import { rangeParams, statsCsvFilename, statsRange } from './report-time-zone';

// 2026-03-05 23:30 in New York is 2026-03-06 04:30 UTC and 2026-03-06 17:30 in Auckland.
const NOW = Date.UTC(2026, 2, 6, 4, 30);

describe('the Stats screen in the report time zone', () => {
  it("defaults to today in the report time zone, not the browser's", () => {
    expect(rangeParams(statsRange(null, 'America/New_York', NOW))).toEqual({ startDate: '2026-03-05', endDate: '2026-03-05' });
    expect(rangeParams(statsRange(null, 'UTC', NOW))).toEqual({ startDate: '2026-03-06', endDate: '2026-03-06' });
    expect(rangeParams(statsRange(null, 'Pacific/Auckland', Date.UTC(2026, 2, 5, 12)))).toEqual({ startDate: '2026-03-06', endDate: '2026-03-06' });
  });

  it('keeps a picked range as the calendar days picked', () => {
    const picked = { from: new Date(2026, 1, 1), to: new Date(2026, 1, 28) };
    expect(rangeParams(statsRange(picked, 'Asia/Tokyo', NOW))).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });

  it('dates the CSV file by the report time zone', () => {
    expect(statsCsvFilename('America/New_York', NOW)).toBe('stats-2026-03-05.csv');
    expect(statsCsvFilename('Asia/Tokyo', NOW)).toBe('stats-2026-03-06.csv');
  });
});
