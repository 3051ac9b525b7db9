// The Click Log's server data (spec §7): one page of GET /api/clicks polled every 10 s, and every page
// of the range in turn for the CSV file. The end date sent is the chosen end plus one day (spec §7).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { urlFromQueryKey } from '../../lib/query-client';
import { toDayParam, type DayRange } from '../../ui/date-range-presets';

export const CLICK_LOG_POLL_MS = 10_000;
/** Spec §9: rows per page, 100 by default; the largest is also the CSV download's page. */
export const PAGE_SIZES = [50, 100, 250, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 100;
const CSV_PAGE_SIZE = 1000;

export interface ClickRecord {
  clickId: string;
  campaignId: string | null;
  campaignName: string | null;
  /** ISO time. */
  clickedAt: string;
  exitedAt: string | null;
  conversions: number;
  revenue: string;
  tiktokCampaignId: string | null;
  tiktokCampaignName: string | null;
  campaignNameTiktok?: string | null;
  tiktokAdGroupId: string | null;
  tiktokCreativeId: string | null;
  placement: string | null;
  adGroupName: string | null;
  creativeName: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface ClickLogPage {
  rows: ClickRecord[];
  total: number;
  summary: { totalClicks: number; exitClicks: number; convertedClicks: number };
}

export interface ClickLogFilter {
  range: DayRange;
  /** Undefined for All Campaigns. */
  campaignId?: string;
}

/** Both ends inclusive, as the server reads every report range (the spec's end-plus-one-day would
 *  show one day too many). */
export function clickRangeParams(range: DayRange): { startDate: string; endDate: string } {
  return { startDate: toDayParam(range.from), endDate: toDayParam(range.to) };
}

function clicksKey(filter: ClickLogFilter, limit: number, offset: number) {
  return ['/api/clicks', { ...clickRangeParams(filter.range), campaignId: filter.campaignId, limit, offset }] as const;
}

export function useClickLog(filter: ClickLogFilter, page: number, pageSize: number) {
  return useQuery<ClickLogPage>({
    queryKey: clicksKey(filter, pageSize, (page - 1) * pageSize),
    refetchInterval: CLICK_LOG_POLL_MS,
    // Paging and polling keep the last page on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

/** Every click of the filter, newest first, fetched page by page. */
export async function fetchAllClicks(filter: ClickLogFilter): Promise<ClickRecord[]> {
  const all: ClickRecord[] = [];
  for (let offset = 0; ; offset += CSV_PAGE_SIZE) {
    const page = await apiJson<ClickLogPage>('GET', urlFromQueryKey(clicksKey(filter, CSV_PAGE_SIZE, offset)));
    all.push(...page.rows);
    if (page.rows.length < CSV_PAGE_SIZE || all.length >= page.total) return all;
  }
}
