// The Click Log's filters as they live in the URL: campaign, dates, rows per page, the click id search and
// the page (with the snapshot and cursor that place it), so a reload keeps them and a link shows a teammate
// the same clicks. Bad values fall back.
import { CLICK_LOG_PAGE_SIZES, DEFAULT_CLICK_LOG_PAGE_SIZE, normalizeClickIdSearch } from '@tracker/schemas';
import { z } from 'zod';
import { parseDayRangeParams, toDayParam, type DayRange } from '../../ui/date-range-presets';
import { FIRST_PAGE, type PagePlace } from './page-place';

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
  page: z.coerce.number().int().min(2).max(1_000_000).optional().catch(undefined),
  asOf: z.string().max(200).optional().catch(undefined),
  after: z.string().max(200).optional().catch(undefined),
  before: z.string().max(200).optional().catch(undefined),
  last: z.literal('1').optional().catch(undefined),
  skip: z.coerce.number().int().min(1).max(100_000_000).optional().catch(undefined),
};

const viewSchema = z.object(VIEW_FIELDS);

export interface ClickLogView {
  campaign: string;
  /** The picked days, or null for the default: the last 7 days of the report time zone. */
  range: DayRange | null;
  pageSize: number;
  search: string | undefined;
  /** The page on screen: page 1, or a page of a snapshot placed by one cursor. */
  place: PagePlace;
}

export const DEFAULT_CLICK_LOG_VIEW: ClickLogView = { campaign: ALL_CAMPAIGNS, range: null, pageSize: DEFAULT_CLICK_LOG_PAGE_SIZE, search: undefined, place: FIRST_PAGE };

/** A page other than 1 needs its snapshot and exactly one way to find it; anything else is page 1. */
function placeFrom(url: z.infer<typeof viewSchema>): PagePlace {
  const { page, asOf, after, before, last, skip } = url;
  if (page === undefined || asOf === undefined) return FIRST_PAGE;
  const ways = [after, before, last].filter((w) => w !== undefined).length;
  if (ways !== 1) return FIRST_PAGE;
  if (last) return { page, asOf, last: true };
  return { page, asOf, ...(after !== undefined ? { after } : { before: before! }), ...(skip !== undefined ? { skip } : {}) };
}

export function parseClickLogView(search: URLSearchParams): ClickLogView {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(VIEW_FIELDS)) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  const url = viewSchema.parse(raw);
  return { campaign: url.campaign, range: parseDayRangeParams(url.start, url.end), pageSize: url.size, search: url.q, place: placeFrom(url) };
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
  const { place } = view;
  if (place.page > 1 && 'asOf' in place) {
    out.set('page', String(place.page));
    out.set('asOf', place.asOf);
    if (place.after !== undefined) out.set('after', place.after);
    if (place.before !== undefined) out.set('before', place.before);
    if (place.last) out.set('last', '1');
    if (place.skip) out.set('skip', String(place.skip));
  }
  return out;
}
