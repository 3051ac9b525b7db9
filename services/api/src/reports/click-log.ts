// GET /api/clicks: the Click Log. One keyset page of raw clicks under a snapshot (the newest click
// counted), newest first, with the exits and approved conversions of that page's clicks only, plus the
// cards' totals for the whole range (from rollups, except converted clicks, which need each click's
// conversions: raw conversion rows of the range). GET /api/clicks/summary answers the cards alone: the
// web asks for them once a range and for its pages without them (summary=false), since at millions of
// clicks the cards cost as much as a page (the exit count's set merge above all) and never change with it.
import { rawKeptFrom, readRawRetention, type Analytics, type Db } from '@tracker/core';
import {
  clickConversionRate,
  clickLogCursor,
  landerCtr,
  type ClickLogKey,
  type ClickLogQuery,
  type ClickLogResponse,
  type ClickLogSummary,
  type ClickLogSummaryQuery,
} from '@tracker/schemas';
import {
  chTimeFromIso,
  CLICK_RANGE,
  clickScope,
  countAroundSnapshot,
  findNewestClick,
  isoFromChTime,
  readClickPage,
  type ChKey,
  type ClickPageRow,
  type ClickScope,
  type PageSpec,
} from './click-keyset';
import { describeClicks } from './describe-clicks';
import { groupingSource } from './report-plan';
import { filterCondition, type ReportFilters } from './report-scope';
import { clickPartsSql, exitClicksSql } from './report-sql';
import { readReportTimezone } from './report-timezone';
import type { ViewerScope } from './viewer-scope';

const chKey = (key: ClickLogKey): ChKey => ({ clickedAt: chTimeFromIso(key.clickedAt), clickId: key.clickId });

/** Where the asked page lies within the snapshot; the last page (`lastPageSpec`) also needs the snapshot's size. */
function pageSpec(query: ClickLogQuery, asOf: ChKey): PageSpec {
  const { limit, skip } = query;
  const snapshot = { key: asOf, inclusive: true };
  if (query.after) return { order: 'newest', upper: { key: chKey(query.after), inclusive: false }, skip, limit };
  if (query.before) return { order: 'oldest', lower: { key: chKey(query.before), inclusive: false }, upper: snapshot, skip, limit };
  return { order: 'newest', upper: snapshot, skip, limit };
}

/** The last page holds what is left after the full pages before it, of the `upTo` clicks of the snapshot. */
function lastPageSize(limit: number, upTo: number): number {
  return upTo === 0 ? 0 : upTo - Math.floor((upTo - 1) / limit) * limit;
}

async function summariseRange(analytics: Analytics, scope: ClickScope): Promise<ClickLogSummary> {
  const filters: ReportFilters = {
    ...(scope.campaignId !== undefined ? { campaignId: scope.campaignId } : {}),
    ...(scope.viewerSparks !== undefined ? { viewerSparks: scope.viewerSparks } : {}),
  };
  const campaign = filters.campaignId !== undefined || filters.viewerSparks !== undefined ? ` AND ${filterCondition(filters)}` : '';
  const params = { ...scope };
  const [[counts], [exited], [converted]] = await Promise.all([
    analytics.query<{ clicks: number }>(
      `SELECT sum(visits) AS clicks
       FROM (${clickPartsSql(groupingSource('campaign'), filters, 'day')})
       WHERE passes = 1`,
      params,
    ),
    analytics.query<{ clicks: number }>(
      `SELECT sum(exit_clicks) AS clicks FROM (${exitClicksSql("''", filterCondition(filters))})`,
      params,
    ),
    analytics.query<{ clicks: number }>(
      `SELECT count() AS clicks FROM (
         SELECT click_id FROM conversions
         WHERE ${CLICK_RANGE}${campaign} AND attributed = 1
         GROUP BY click_id
         HAVING sumIf(sign, status = 'approved') > 0
       )`,
      params,
    ),
  ]);
  const totalClicks = Number(counts?.clicks ?? 0);
  const exitClicks = Number(exited?.clicks ?? 0);
  const convertedClicks = Number(converted?.clicks ?? 0);
  return {
    totalClicks,
    exitClicks,
    convertedClicks,
    conversionRate: clickConversionRate(convertedClicks, totalClicks),
    landerCtr: landerCtr(exitClicks, totalClicks),
  };
}

async function readPage(deps: { db: Db; analytics: Analytics }, scope: ClickScope, query: ClickLogQuery) {
  const { analytics } = deps;
  let asOf: ChKey | null;
  let clicks: Promise<ClickPageRow[]> | undefined;
  if (query.asOf) {
    asOf = chKey(query.asOf);
  } else if (!query.after && !query.before && !query.last && query.skip === 0) {
    // The first page without a snapshot: read from the top of the range, its first row is the newest click, and so
    // the snapshot. A look for the newest click first would read the whole range's times once more.
    const rows = await readClickPage(analytics, scope, { order: 'newest', skip: 0, limit: query.limit });
    asOf = rows[0] ? { clickedAt: rows[0].clicked_at, clickId: rows[0].click_id } : null;
    clicks = Promise.resolve(rows);
  } else {
    asOf = await findNewestClick(analytics, scope);
  }
  if (!asOf) return { asOf: null, rows: [], total: 0, newer: 0 };
  const snapshot = asOf;
  // The counts around the snapshot and the page's rows are read side by side. The last page's size needs the count: its
  // rows are the oldest `limit` clicks, read beside the count, of which it keeps the oldest as many as it holds.
  const counted = countAroundSnapshot(analytics, scope, snapshot);
  clicks ??= query.last
    ? Promise.all([counted, readClickPage(analytics, scope, { order: 'oldest', upper: { key: snapshot, inclusive: true }, skip: 0, limit: query.limit })]).then(
        ([counts, oldest]) => oldest.slice(Math.max(0, oldest.length - lastPageSize(query.limit, counts.upTo))),
      )
    : readClickPage(analytics, scope, pageSpec(query, snapshot));
  const [counts, described] = await Promise.all([counted, clicks.then((rows) => describeClicks(deps, rows, scope.tz))]);
  return {
    asOf: clickLogCursor({ clickedAt: isoFromChTime(snapshot.clickedAt), clickId: snapshot.clickId }),
    rows: described.map((d) => d.row),
    total: counts.upTo,
    // Without a snapshot sent, the one taken now has nothing newer by definition.
    newer: query.asOf ? counts.after : 0,
  };
}

export async function listClicks(deps: { db: Db; analytics: Analytics }, query: ClickLogQuery, viewer: ViewerScope | null = null): Promise<ClickLogResponse> {
  const tz = await readReportTimezone(deps.db);
  const scope = clickScope(tz, query, viewer);
  // The cards count the range and campaign from rollups, which hold no click ids: a search narrows
  // the rows (and their total) only, so the cards stay the range's figures while a click is looked up.
  const { search: _search, ...rangeScope } = scope;
  const [page, summary, retentionDays] = await Promise.all([
    readPage(deps, scope, query),
    query.summary ? summariseRange(deps.analytics, rangeScope) : null,
    readRawRetention(deps.analytics),
  ]);
  const rawRetention = retentionDays === null ? null : { days: retentionDays, keptFrom: rawKeptFrom(retentionDays)! };
  return { rows: page.rows, total: page.total, asOf: page.asOf, newer: page.newer, summary, timezone: tz, rawRetention };
}

/** GET /api/clicks/summary: the cards of GET /api/clicks, for the range and campaign (and a scoped viewer's sparks). */
export async function summariseClicks(deps: { db: Db; analytics: Analytics }, query: ClickLogSummaryQuery, viewer: ViewerScope | null = null): Promise<ClickLogSummary> {
  return summariseRange(deps.analytics, clickScope(await readReportTimezone(deps.db), query, viewer));
}
