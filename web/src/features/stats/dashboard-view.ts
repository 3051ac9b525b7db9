// The dashboard's view as it lives in the URL, so a view survives a reload and can be
// bookmarked or sent to a teammate: one zod field per query key, a tolerant parse and a short serialize.
import { FILTER_VARIABLES, REPORT_COLUMNS, REPORT_GROUP_BY, REPORT_GROUPINGS, TRACKING_VARIABLE_IDS, type FilterVariable, type ReportColumnId } from '@tracker/schemas';
import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { parseDayRangeParams, toDayParam, type DayRange } from '../../ui/date-range-presets';
import { NO_VARIABLE } from './report-groupings';
import { DEFAULT_REPORT_SORTING } from './sort-report-rows';

/** The value of every "All ..." filter item (Radix Select refuses ''), in the view and in the Stats filters. */
export const ALL = 'all';
/** A filter value is an id or a name; anything longer is not one of ours. */
const filterValue = z.string().trim().min(1).max(200);
const SORT_IDS = ['name', ...REPORT_COLUMNS.map((c) => c.id)] as const;

const listOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((raw) => raw.split(',').filter((v): v is T => (values as readonly string[]).includes(v)))
    .transform((list) => [...new Set(list)]);

/**
 * One entry per URL key: its schema with `.catch` giving the default, so a bad value falls back on its own
 * and never costs the rest of the view. Adding a key is one line here plus its default below.
 */
const VIEW_FIELDS = {
  tab: z.enum(REPORT_GROUPINGS).catch('campaign'),
  var: z.enum([NO_VARIABLE, ...TRACKING_VARIABLE_IDS]).catch(NO_VARIABLE),
  offer: filterValue.catch(ALL),
  spark: filterValue.catch(ALL),
  buyer: filterValue.catch(ALL),
  // The audience filters and the flow rule, each under its own short key: ?country=US&os=iOS&rule=none.
  country: filterValue.catch(ALL),
  device: filterValue.catch(ALL),
  os: filterValue.catch(ALL),
  browser: filterValue.catch(ALL),
  rule: filterValue.catch(ALL),
  campaign: filterValue.optional().catch(undefined),
  start: z.string().optional().catch(undefined),
  end: z.string().optional().catch(undefined),
  sort: z
    .string()
    .transform((raw, ctx) => {
      const [id, dir] = raw.split('.');
      if (!(SORT_IDS as readonly string[]).includes(id ?? '') || (dir !== 'asc' && dir !== 'desc')) {
        ctx.addIssue({ code: 'custom', message: 'not a sort' });
        return z.NEVER;
      }
      return [{ id: id!, desc: dir === 'desc' }] as SortingState;
    })
    .catch(DEFAULT_REPORT_SORTING),
  // Only present when the view's columns differ from the viewer's saved ones (their preference stays the default).
  cols: listOf(REPORT_COLUMNS.map((c) => c.id) as [ReportColumnId, ...ReportColumnId[]])
    .transform((list) => (list.length ? list : undefined))
    .optional()
    .catch(undefined),
  // The drill-down's deeper grouping levels, second and third, in order.
  drill: listOf(REPORT_GROUP_BY as unknown as [string, ...string[]])
    .transform((list) => list.slice(0, 2))
    .catch([]),
  // The opened rows, each the keys of its path from the top (JSON: a key may hold any character).
  open: z
    .string()
    .max(20_000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.array(z.string().max(500)).min(1).max(2)).max(100))
    .transform((paths) => [...new Set(paths.map((path) => JSON.stringify(path)))])
    .catch([]),
};

const viewSchema = z.object(VIEW_FIELDS);
type UrlView = z.infer<typeof viewSchema>;

export interface DashboardView {
  tab: UrlView['tab'];
  variable: UrlView['var'];
  offer: string;
  spark: string;
  mediaBuyer: string;
  /** Country, device, OS and browser filters: a value as the server stores it, 'none', or ALL. */
  audience: AudienceFilterValues;
  /** The campaign chip's campaign id, or null. */
  campaignId: string | null;
  /** The picked days, or null for the default 'today' in the report time zone (which moves with it). */
  range: DayRange | null;
  sorting: SortingState;
  /** Visible columns when they differ from the viewer's saved preference, else null. */
  columns: ReportColumnId[] | null;
  drill: string[];
  /** The opened rows by id (drill.ts rowId), so a reload or a link opens the same rows. */
  expanded: string[];
}

/** The filters by a tracking variable: the audience's and the flow rule's (FILTER_VARIABLES). */
export type AudienceFilterValues = Record<FilterVariable, string>;

export const NO_AUDIENCE_FILTERS: AudienceFilterValues = { country: ALL, device: ALL, os: ALL, browser: ALL, rule: ALL };

export const DEFAULT_DASHBOARD_VIEW: DashboardView = {
  tab: 'campaign',
  variable: NO_VARIABLE,
  offer: ALL,
  spark: ALL,
  mediaBuyer: ALL,
  audience: NO_AUDIENCE_FILTERS,
  campaignId: null,
  range: null,
  sorting: DEFAULT_REPORT_SORTING,
  columns: null,
  drill: [],
  expanded: [],
};

/** The view a URL's query describes; every missing or bad value is its default. Never throws. */
export function parseDashboardView(search: URLSearchParams): DashboardView {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(VIEW_FIELDS)) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  const url = viewSchema.parse(raw);
  return {
    tab: url.tab,
    variable: url.var,
    offer: url.offer,
    spark: url.spark,
    mediaBuyer: url.buyer,
    audience: { country: url.country, device: url.device, os: url.os, browser: url.browser, rule: url.rule },
    campaignId: url.campaign ?? null,
    range: parseDayRangeParams(url.start, url.end),
    sorting: url.sort,
    columns: url.cols ?? null,
    drill: url.drill,
    expanded: url.open,
  };
}

/** The query for a view, defaults left out so links stay short; keys in a stable order. */
export function serializeDashboardView(view: DashboardView): URLSearchParams {
  const out = new URLSearchParams();
  const put = (key: keyof typeof VIEW_FIELDS, value: string, fallback: string) => {
    if (value !== fallback) out.set(key, value);
  };
  put('tab', view.tab, DEFAULT_DASHBOARD_VIEW.tab);
  put('var', view.variable, DEFAULT_DASHBOARD_VIEW.variable);
  put('offer', view.offer, ALL);
  put('spark', view.spark, ALL);
  put('buyer', view.mediaBuyer, ALL);
  for (const variable of FILTER_VARIABLES) put(variable, view.audience[variable], ALL);
  put('campaign', view.campaignId ?? '', '');
  if (view.range) {
    out.set('start', toDayParam(view.range.from));
    out.set('end', toDayParam(view.range.to));
  }
  const [sort] = view.sorting;
  const [defaultSort] = DEFAULT_REPORT_SORTING;
  if (sort && (sort.id !== defaultSort!.id || sort.desc !== defaultSort!.desc)) out.set('sort', `${sort.id}.${sort.desc ? 'desc' : 'asc'}`);
  if (view.columns?.length) out.set('cols', view.columns.join(','));
  if (view.drill.length) out.set('drill', view.drill.join(','));
  if (view.drill.length && view.expanded.length) out.set('open', JSON.stringify(view.expanded.map((id) => JSON.parse(id) as string[])));
  return out;
}
