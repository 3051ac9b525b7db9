import { describe, expect, test } from '@jest/globals';
import { tz } from '@date-fns/tz';
import { formatInZone } from './time-in-zone';

describe('times on the Rules page', () => {
  test('are shown in the report time zone, not the browser’s', () => {
    expect(formatInZone('2026-11-27T08:05:00.000Z', tz('America/Los_Angeles'))).toBe('Nov 27, 00:05');
    expect(formatInZone('2026-11-27T08:05:00.000Z', tz('Asia/Tokyo'))).toBe('Nov 27, 17:05');
    expect(formatInZone('2026-11-27T02:30:00.000Z', tz('America/New_York'))).toBe('Nov 26, 21:30');
  });
});
