// The report a dashboard view asks for (GET /api/reports): the Stats screen's query, and the one a sign-in
// starts while the dashboard's code loads and renders, so the server works on the first number meanwhile.
import type { QueryClient } from '@tanstack/react-query';
import { ALL, parseDashboardView, type AudienceFilterValues, type DashboardView } from './dashboard-view';
import { STATS_STALE_MS, reportQueryKey, type ReportParams } from './queries';
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

/**
 * Starts the report the dashboard at `landing` ('/' and its query) will ask for first, under the same key, so
 * the dashboard finds it answered or on its way. Anything but the dashboard starts nothing.
 */
export function prefetchDashboardReport(queryClient: QueryClient, landing: string, timeZone: string): void {
  const url = new URL(landing, window.location.origin);
  if (url.pathname !== '/') return;
  const params = dashboardRowsParams(dashboardReportParams(parseDashboardView(url.searchParams), timeZone));
  void queryClient.prefetchQuery({ queryKey: reportQueryKey(params), staleTime: STATS_STALE_MS });
}
