// The Stats screen's server data (spec §7 "Reporting data", §9 polling): the grouped report, the media
// buyers for the filter, and the saved column preferences with their save mutation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { toastFailure } from '../../lib/failure-toast';
import { toast } from '../../ui/use-toast';
import type { ReportGroupBy } from './report-groupings';
import { UNATTRIBUTED_KEY, type Report } from './report-types';

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
}

export function useReport(params: ReportParams) {
  return useQuery<Report>({
    queryKey: ['/api/reports', params],
    refetchInterval: STATS_POLL_MS,
    staleTime: STATS_STALE_MS,
  });
}

/** The media buyers of the range, from the rows of the media-buyer grouping. */
export function useMediaBuyers(range: { startDate: string; endDate: string }) {
  return useQuery<Report, Error, string[]>({
    queryKey: ['/api/reports', { groupBy: 'mediabuyer', ...range }],
    refetchInterval: STATS_POLL_MS,
    staleTime: STATS_STALE_MS,
    select: (report) =>
      [...new Set(report.rows.filter((row) => row.key !== UNATTRIBUTED_KEY && row.label).map((row) => row.label))].sort((a, b) =>
        a.localeCompare(b, 'en', { sensitivity: 'base' }),
      ),
  });
}

export interface DashboardPreferences {
  visibleColumns: string[] | null;
  columnWidths: Record<string, number> | null;
}

export const PREFERENCES_KEY = ['/api/user/preferences'] as const;

export function usePreferences() {
  return useQuery<DashboardPreferences>({ queryKey: PREFERENCES_KEY });
}

export function useSaveVisibleColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visibleColumns: string[]) => apiJson<unknown>('POST', '/api/user/preferences', { visibleColumns }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
      toast({ title: 'Preferences saved', description: 'Column visibility has been updated' });
    },
    onError: (error) => toastFailure('Error', error),
  });
}
