// The report a dashboard view asks for (GET /api/reports): the Stats screen's query, and the one a sign-in
// starts while the dashboard's code loads and renders, so the server works on the first number meanwhile.
import type { QueryClient } from '@tanstack/react-query';
import { ALL, parseDashboardView, type AudienceFilterValues, type DashboardView } from './dashboard-view';
import { STATS_STALE_MS, reportQueryKey, reportTotalsQueryKey, type ReportParams } from './queries';
import { reportGroupBy } from './report-groupings';
import { rangeParams, statsRange } from './report-time-zone';

/** The audience filters the report sends: those not on 'All'. */
function audienceParams(audience: AudienceFilterValues): Partial<AudienceFilterValues> {
  return Object.fromEntries(Object.entries(audience).filter(([, value]) => value !== ALL));
}

/** The report of `view` in the report time zone; its default range is today there. */
export function dashboardReportParams(view: DashboardView, timeZone: string, now: number = Date.now()): ReportParams {
  const only = (value: string) => (value === ALL ? undefined : value);
  return {
    groupBy: reportGroupBy(view.tab, view.variable),
    ...rangeParams(statsRange(view.range, timeZone, now)),
    offer: only(view.offer),
    spark: only(view.spark),
    mediaBuyer: only(view.mediaBuyer),
    campaignId: view.campaignId ?? undefined,
    ...audienceParams(view.audience),
  };
}

/**
 * The dashboard's report request: on a one-day range it asks for rows and totals only, and for the hourly series
 * apart once they answered (useReportSeries). The two hourly queries cost the server about as much as the rest of
 * the report: the figures a buyer signs in for come that much sooner, the chart a moment later. Over several days
 * the series is a by-product of the rows' query, so one request answers both.
 */
export function dashboardRowsParams(params: ReportParams): ReportParams {
  return seriesApart(params) ? { ...params, series: 'false' } : params;
}

/** Whether the dashboard asks for the series of `params` apart from its rows (dashboardRowsParams). */
export const seriesApart = (params: ReportParams): boolean => params.startDate === params.endDate;

const FILTERS = ['offer', 'spark', 'mediaBuyer', 'campaignId', 'country', 'device', 'os', 'browser', 'rule'] as const satisfies ReadonlyArray<keyof ReportParams>;

/**
 * Whether the dashboard asks for the totals of `params` alone before its rows (GET /api/reports/totals): when no filter
 * is set. The cards then show in about half the server's time (on a one-day report, 43 ms against 99 on a small
 * store: the rows' statement splits each campaign's spend over its units, the totals need no split), and the rows
 * follow. Filtered, the totals are the rows' split spend added up: the server would answer null, so the rows go first.
 */
export const totalsFirst = (params: ReportParams): boolean => FILTERS.every((name) => params[name] === undefined);

/**
 * Starts the report the dashboard at `landing` ('/' and its query) will ask for first, under the same key, so
 * the dashboard finds it answered or on its way. Anything but the dashboard starts nothing.
 */
export function prefetchDashboardReport(queryClient: QueryClient, landing: string, timeZone: string): void {
  const url = new URL(landing, window.location.origin);
  if (url.pathname !== '/') return;
  const report = dashboardReportParams(parseDashboardView(url.searchParams), timeZone);
  const rows = () => queryClient.prefetchQuery({ queryKey: reportQueryKey(dashboardRowsParams(report)), staleTime: STATS_STALE_MS });
  // Its totals first when it has no filter, then its rows (as the dashboard asks for them: totalsFirst).
  if (totalsFirst(report)) void queryClient.prefetchQuery({ queryKey: reportTotalsQueryKey(report), staleTime: STATS_STALE_MS }).then(rows);
  else void rows();
}
