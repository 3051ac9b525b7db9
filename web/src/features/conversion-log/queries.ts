// The conversion log's server data: one keyset page of GET /api/conversions, the first
// page polled every 10 s so a postback sent while debugging an integration shows up by itself.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConversionLogResponse } from '@tracker/schemas';
import { toDayParam, type DayRange } from '../../ui/date-range-presets';

export const CONVERSION_LOG_POLL_MS = 10_000;
export const CONVERSION_LOG_PAGE_SIZE = 50;

export interface ConversionLogFilter {
  range: DayRange;
  /** A transaction id or click id, whole or in part. */
  search?: string;
  status?: 'approved' | 'pending' | 'rejected';
}

/** `after` is the cursor of the page before (older rows), undefined for the newest page. */
export function useConversionLog(filter: ConversionLogFilter, after: string | undefined) {
  return useQuery<ConversionLogResponse>({
    queryKey: [
      '/api/conversions',
      {
        startDate: toDayParam(filter.range.from),
        endDate: toDayParam(filter.range.to),
        search: filter.search,
        status: filter.status,
        limit: CONVERSION_LOG_PAGE_SIZE,
        after,
      },
    ],
    refetchInterval: after ? false : CONVERSION_LOG_POLL_MS,
    meta: { errorTitle: 'Failed to fetch conversions' },
    placeholderData: keepPreviousData,
  });
}
