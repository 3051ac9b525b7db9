// The report a dashboard view asks for: the Stats screen and the sign-in's early request build it alike.
import { describe, expect, test } from '@jest/globals';
import { parseDashboardView } from './dashboard-view';
import { dashboardReportParams, dashboardRowsParams, seriesApart, totalsFirst } from './report-params';

const NOON_UTC_28_NOV = Date.parse('2026-11-28T12:00:00Z');

describe('dashboardReportParams', () => {
  test("the default view: campaigns, today in the report time zone, no filters sent", () => {
    expect(dashboardReportParams(parseDashboardView(new URLSearchParams()), 'UTC', NOON_UTC_28_NOV)).toEqual({
      groupBy: 'campaign',
      startDate: '2026-11-28',
      endDate: '2026-11-28',
      offer: undefined,
      spark: undefined,
      mediaBuyer: undefined,
      campaignId: undefined,
    });
    // Noon in London is already the next day in Kiritimati (UTC+14).
    expect(dashboardReportParams(parseDashboardView(new URLSearchParams()), 'Pacific/Kiritimati', NOON_UTC_28_NOV)).toMatchObject({ startDate: '2026-11-29', endDate: '2026-11-29' });
  });

  test('a linked view: its grouping, days and filters; "all" is no filter', () => {
    const view = parseDashboardView(new URLSearchParams('tab=offer&var=placement&start=2026-11-01&end=2026-11-07&spark=spark-2&buyer=all&country=US&os=all&campaign=cmpA'));
    expect(dashboardReportParams(view, 'UTC', NOON_UTC_28_NOV)).toEqual({
      groupBy: 'placement',
      startDate: '2026-11-01',
      endDate: '2026-11-07',
      offer: undefined,
      spark: 'spark-2',
      mediaBuyer: undefined,
      campaignId: 'cmpA',
      country: 'US',
    });
  });
});

describe('dashboardRowsParams', () => {
  test('a one-day report asks for its rows alone (its hourly series comes apart); a longer one for both at once', () => {
    const today = dashboardReportParams(parseDashboardView(new URLSearchParams()), 'UTC', NOON_UTC_28_NOV);
    expect(seriesApart(today)).toBe(true);
    expect(dashboardRowsParams(today)).toEqual({ ...today, series: 'false' });
    const week = dashboardReportParams(parseDashboardView(new URLSearchParams('start=2026-11-01&end=2026-11-07')), 'UTC', NOON_UTC_28_NOV);
    expect(seriesApart(week)).toBe(false);
    expect(dashboardRowsParams(week)).toBe(week);
  });
});

describe('totalsFirst', () => {
  test('an unfiltered report asks for its totals alone first; any filter sends the rows first (their totals are the split spend)', () => {
    const view = (query: string) => dashboardReportParams(parseDashboardView(new URLSearchParams(query)), 'UTC', NOON_UTC_28_NOV);
    expect(totalsFirst(view(''))).toBe(true);
    expect(totalsFirst(view('tab=offer&start=2026-11-01&end=2026-11-07'))).toBe(true);
    for (const filter of ['offer=3', 'spark=spark-2', 'buyer=ana', 'campaign=cmpA', 'country=US', 'device=Mobile', 'os=none', 'browser=Chrome', 'rule=none']) {
      expect([filter, totalsFirst(view(filter))]).toEqual([filter, false]);
    }
  });
});
