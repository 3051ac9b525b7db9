// The Stats screen's server data (spec §7 "Reporting data", §9 polling): the grouped report, the media
// buyers for the filter, and the saved column preferences (visibility, widths) with their save mutations.
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { toast } from '../../ui/use-toast';
import { childParams, rowId } from './drill';
import type { AudienceValuesResponse, ReportSeriesResponse, ReportTotalsResponse, SpendRow, UserPreferences } from '@tracker/schemas';
import type { ReportGroupBy } from './report-groupings';
import { EMPTY_GROUP_KEY, NO_CLICK_KEY, NONE_FILTER, type Report } from './report-types';

/** Spec §9: stats are refetched every 30 s and stay fresh for 25 s. */
export const STATS_POLL_MS = 30_000;
export const STATS_STALE_MS = 25_000;

export interface ReportParams {
  groupBy: ReportGroupBy;
  startDate: string;
  endDate: string;
  offer?: string;
  /** A spark's public sparkId, or 'none' for clicks without a spark. */
  spark?: string;
  mediaBuyer?: string;
  campaignId?: string;
  /** Audience filters: a stored value, or 'none'. */
  country?: string;
  device?: string;
  os?: string;
  browser?: string;
  /** The flow rule that routed the clicks: a rule's name, or 'none' for the default path. */
  rule?: string;
  /** 'false': rows and totals only (the dashboard's one-day report, whose series comes apart: useReportSeries). */
  series?: 'false';
}

export const reportQueryKey = (params: ReportParams) => ['/api/reports', params] as const;

/** `enabled`: the dashboard holds its rows back until the totals alone have answered (useReportTotals). */
export function useReport(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery<Report>({
    queryKey: reportQueryKey(params),
    enabled: options.enabled ?? true,
    refetchInterval: STATS_POLL_MS,
    staleTime: STATS_STALE_MS,
    meta: { errorTitle: 'Failed to fetch stats' },
  });
}

/** A report's query without `series` (its rows' flag), for what is asked of the whole report: its series, its totals. */
function wholeReport(params: ReportParams): Omit<ReportParams, 'series'> {
  const { series: _rowsOnly, ...report } = params;
  return report;
}

export const reportTotalsQueryKey = (params: ReportParams) => ['/api/reports/totals', wholeReport(params)] as const;

/**
 * A report's totals alone (GET /api/reports/totals): the summary cards' figures, before the rows (null for a filtered
 * report, whose totals only its rows add up). Not polled: once the rows answer, their totals are the cards'. A failure
 * says nothing: the rows follow and say it if they fail too.
 */
export function useReportTotals(params: ReportParams, options: { enabled: boolean }) {
  return useQuery<ReportTotalsResponse>({
    queryKey: reportTotalsQueryKey(params),
    enabled: options.enabled,
    staleTime: STATS_STALE_MS,
  });
}

/** A report's series alone (GET /api/reports/series), polled with the report; `enabled` lets it wait for the rows. */
export function useReportSeries(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery<ReportSeriesResponse>({
    queryKey: ['/api/reports/series', wholeReport(params)],
    enabled: options.enabled ?? true,
    refetchInterval: STATS_POLL_MS,
    staleTime: STATS_STALE_MS,
    meta: { errorTitle: 'Failed to fetch the chart' },
  });
}

/** The TikTok spend rows of the range (GET /api/tiktok/spend) with their conversion evidence, for the Cost
 *  tooltip of a report grouped by TikTok campaign; polled with the report. */
export function useSpendRows(range: { startDate: string; endDate: string }, enabled: boolean) {
  return useQuery<SpendRow[]>({
    queryKey: ['/api/tiktok/spend', range],
    enabled,
    refetchInterval: STATS_POLL_MS,
    staleTime: STATS_STALE_MS,
    meta: { errorTitle: 'Failed to fetch spend' },
  });
}

/** The children of each opened row (drill.ts), polled with the report; keyed by the row's id. */
export function useDrillChildren(params: ReportParams, levels: readonly ReportGroupBy[], paths: readonly string[][]) {
  return useQueries({
    queries: paths.map((path) => ({
      queryKey: ['/api/reports', childParams(params, levels, path)],
      refetchInterval: STATS_POLL_MS,
      staleTime: STATS_STALE_MS,
      meta: { errorTitle: 'Failed to fetch stats' },
    })),
    combine: (results) => {
      const children = new Map<string, Report>();
      const loading = new Set<string>();
      results.forEach((result, i) => {
        const id = rowId(paths[i]!);
        if (result.data) children.set(id, result.data as Report);
        else if (result.isPending) loading.add(id);
      });
      return { children, loading };
    },
  });
}

/** The countries, devices, OSs and browsers of the range's clicks, for the audience filters' selects. */
export function useAudienceValues(range: { startDate: string; endDate: string }, options: { enabled?: boolean } = {}) {
  return useQuery<AudienceValuesResponse>({
    queryKey: ['/api/reports/audience', range],
    enabled: options.enabled ?? true,
    refetchInterval: STATS_POLL_MS,
    staleTime: STATS_STALE_MS,
  });
}

/** A media buyer the filter can select: the server's filter value and the name shown. */
export interface MediaBuyerOption {
  value: string;
  label: string;
}

/**
 * The media buyers of the range, from the rows of the media-buyer grouping. Clicks without one form
 * the 'Unknown' row, which the server filters by 'none' (NONE_FILTER), not by its label.
 */
export function useMediaBuyers(range: { startDate: string; endDate: string }, options: { enabled?: boolean } = {}) {
  return useQuery<Report, Error, MediaBuyerOption[]>({
    enabled: options.enabled ?? true,
    // Rows only: the filter needs no chart, and the dashboard's first load then runs two queries fewer.
    queryKey: ['/api/reports', { groupBy: 'mediabuyer', ...range, series: 'false' }],
    refetchInterval: STATS_POLL_MS,
    staleTime: STATS_STALE_MS,
    select: (report) => mediaBuyerOptions(report),
  });
}

export function mediaBuyerOptions(report: Report): MediaBuyerOption[] {
  const named = report.rows
    .filter((row) => row.key !== NO_CLICK_KEY && row.key !== EMPTY_GROUP_KEY)
    .map((row) => ({ value: row.key, label: row.label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }));
  const unknown = report.rows.find((row) => row.key === EMPTY_GROUP_KEY);
  return unknown ? [...named, { value: NONE_FILTER, label: unknown.label }] : named;
}

export const PREFERENCES_KEY = ['/api/user/preferences'] as const;

export function usePreferences() {
  return useQuery<UserPreferences>({ queryKey: PREFERENCES_KEY });
}

/** A save of the Columns popover: the visible set, and on 'Reset to Default' the widths too. */
export interface ColumnsChange {
  visibleColumns: string[];
  columnWidths?: Record<string, number>;
}

export function useSaveVisibleColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ColumnsChange) => apiJson<UserPreferences>('POST', '/api/user/preferences', change),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
      toast({ title: 'Preferences saved', description: 'Column visibility has been updated' });
    },
    meta: { errorTitle: 'Error' },
  });
}

/**
 * Saves the widths the user dragged, every column's at once (a column left out goes back to its default).
 * No toast: a drag is its own feedback, and a toast per drag would be noise.
 */
export function useSaveColumnWidths() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columnWidths: Record<string, number>) => apiJson<UserPreferences>('POST', '/api/user/preferences', { columnWidths }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
    meta: { errorTitle: 'Error' },
  });
}
