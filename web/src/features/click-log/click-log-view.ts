// The Click Log's filters as they live in the URL: campaign, dates, rows per page and the
// click id search, so a reload keeps them and a link shows a teammate the same clicks. Bad values fall back.
import { CLICK_LOG_PAGE_SIZES, DEFAULT_CLICK_LOG_PAGE_SIZE, normalizeClickIdSearch } from '@tracker/schemas';
import { z } from 'zod';
import { parseDayRangeParams, toDayParam, type DayRange } from '../../ui/date-range-presets';

export const ALL_CAMPAIGNS = 'all';

const VIEW_FIELDS = {
  campaign: z.string().trim().min(1).max(200).catch(ALL_CAMPAIGNS),
  start: z.string().optional().catch(undefined),
  end: z.string().optional().catch(undefined),
  size: z.coerce
    .number()
    .refine((n) => (CLICK_LOG_PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_CLICK_LOG_PAGE_SIZE),
  // The digits searched for, as the search box reads them; text that cannot be part of an id is dropped.
  q: z
    .string()
    .transform((text) => normalizeClickIdSearch(text) ?? undefined)
    .optional()
    .catch(undefined),
};

const viewSchema = z.object(VIEW_FIELDS);

export interface ClickLogView {
  campaign: string;
  /** The picked days, or null for the default: the last 7 days of the report time zone. */
  range: DayRange | null;
  pageSize: number;
  search: string | undefined;
}

export const DEFAULT_CLICK_LOG_VIEW: ClickLogView = { campaign: ALL_CAMPAIGNS, range: null, pageSize: DEFAULT_CLICK_LOG_PAGE_SIZE, search: undefined };

export function parseClickLogView(search: URLSearchParams): ClickLogView {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(VIEW_FIELDS)) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  const url = viewSchema.parse(raw);
  return { campaign: url.campaign, range: parseDayRangeParams(url.start, url.end), pageSize: url.size, search: url.q };
}

/** The query for a view, defaults left out. */
export function serializeClickLogView(view: ClickLogView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.campaign !== ALL_CAMPAIGNS) out.set('campaign', view.campaign);
  if (view.range) {
    out.set('start', toDayParam(view.range.from));
    out.set('end', toDayParam(view.range.to));
  }
  if (view.pageSize !== DEFAULT_CLICK_LOG_PAGE_SIZE) out.set('size', String(view.pageSize));
  if (view.search) out.set('q', view.search);
  return out;
}
