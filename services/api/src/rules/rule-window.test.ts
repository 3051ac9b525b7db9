// Rule windows in the report time zone: midnights of zones west and east of UTC, a half-hour zone, a
// daylight-saving change inside a window, and the last hour rounded down to a quarter.
import { describe, expect, test } from '@jest/globals';
import { windowSpan } from './rule-window';

const at = Date.parse('2026-11-20T15:07:00Z');
const iso = (span: { start: number; end: number; open: boolean }) => [new Date(span.start).toISOString(), new Date(span.end).toISOString(), span.open];

describe('windowSpan', () => {
  test('today and yesterday start at the zone’s midnight', () => {
    expect(iso(windowSpan('today', at, 'America/Los_Angeles', true))).toEqual(['2026-11-20T08:00:00.000Z', '2026-11-20T15:07:00.000Z', true]);
    expect(iso(windowSpan('yesterday', at, 'America/Los_Angeles', true))).toEqual(['2026-11-19T08:00:00.000Z', '2026-11-20T08:00:00.000Z', false]);
    expect(iso(windowSpan('today', at, 'Asia/Kolkata', true))).toEqual(['2026-11-19T18:30:00.000Z', '2026-11-20T15:07:00.000Z', true]);
    expect(iso(windowSpan('today', at, 'UTC', false))).toEqual(['2026-11-20T00:00:00.000Z', '2026-11-20T15:07:00.000Z', false]);
  });

  test('the last days include today and cross a daylight-saving change at the right offset', () => {
    // Los Angeles left daylight time on 2026-11-01: 31 October began at 07:00 UTC, 2 November at 08:00 UTC.
    const after = Date.parse('2026-11-02T20:00:00Z');
    expect(iso(windowSpan('last_3_days', after, 'America/Los_Angeles', true))[0]).toBe('2026-10-31T07:00:00.000Z');
    expect(iso(windowSpan('last_7_days', at, 'UTC', true))[0]).toBe('2026-11-14T00:00:00.000Z');
  });

  test('the last hour starts on a quarter hour', () => {
    expect(iso(windowSpan('last_hour', at, 'Asia/Kolkata', true))).toEqual(['2026-11-20T14:00:00.000Z', '2026-11-20T15:07:00.000Z', true]);
  });
});
