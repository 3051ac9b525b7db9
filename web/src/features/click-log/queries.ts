// The Click Log's server data (spec §7): one keyset page of GET /api/clicks and the range's cards (GET
// /api/clicks/summary), each polled every 10 s, and the address of the server's CSV of the whole range (GET
// /api/clicks/export.csv). Pages are asked without their cards (summary=false): the cards are the range's, the same
// for every page, and at millions of clicks they cost the server as much as a page, so paging asks for rows only.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClickLogResponse, ClickLogSummary } from '@tracker/schemas';
import { urlFromQueryKey } from '../../lib/query-client';
import { toDayParam, type DayRange } from '../../ui/date-range-presets';
import type { PagePlace } from './page-place';

export const CLICK_LOG_POLL_MS = 10_000;

export interface ClickLogFilter {
  range: DayRange;
  /** Undefined for All Campaigns. */
  campaignId?: string;
  /** Hex digits a click id must hold (normalizeClickIdSearch's), or undefined for every click. */
  search?: string;
}

/** Both ends inclusive, as the server reads every report range (the spec's end-plus-one-day would
 *  show one day too many). */
export function clickRangeParams(range: DayRange): { startDate: string; endDate: string } {
  return { startDate: toDayParam(range.from), endDate: toDayParam(range.to) };
}

function filterParams(filter: ClickLogFilter) {
  return { ...clickRangeParams(filter.range), campaignId: filter.campaignId, search: filter.search };
}

export function clickLogKey(filter: ClickLogFilter, pageSize: number, place: PagePlace) {
  const { page: _page, ...position } = place;
  return ['/api/clicks', { ...filterParams(filter), limit: pageSize, ...position, summary: false }] as const;
}

/** The cards count the range and campaign; a search narrows the rows only, so it is not part of their key. */
export function clickLogSummaryKey(filter: ClickLogFilter) {
  return ['/api/clicks/summary', { ...clickRangeParams(filter.range), campaignId: filter.campaignId }] as const;
}

/** Page 1 carries no snapshot, so each poll brings the newest clicks; any other page keeps the
 *  snapshot it was reached with, so polling refreshes its exits and conversions but never moves it. */
export function useClickLog(filter: ClickLogFilter, pageSize: number, place: PagePlace) {
  return useQuery<ClickLogResponse>({
    queryKey: clickLogKey(filter, pageSize, place),
    refetchInterval: CLICK_LOG_POLL_MS,
    meta: { errorTitle: 'Failed to fetch clicks' },
    // Paging and polling keep the last page on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useClickLogSummary(filter: ClickLogFilter) {
  return useQuery<ClickLogSummary>({
    queryKey: clickLogSummaryKey(filter),
    refetchInterval: CLICK_LOG_POLL_MS,
    meta: { errorTitle: 'Failed to fetch the click totals' },
    // A new range keeps the last cards on screen until its own come, as the table keeps its last page.
    placeholderData: keepPreviousData,
  });
}

/** click-log-{date}.csv of the filter, written by the server as the browser saves it. */
export function clickLogCsvUrl(filter: ClickLogFilter): string {
  return urlFromQueryKey(['/api/clicks/export.csv', filterParams(filter)]);
}
