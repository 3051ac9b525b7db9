// Raw clicks in the Click Log's order (clicked_at, then click id, newest first) found by keyset: a page
// is addressed by a click's position, never by an offset, so clicks that arrive in between move nothing.
import type { Analytics, ClickRow, QueryParams } from '@tracker/core';
import { TRACKING_VARIABLES, type TrackingVariableColumn } from '@tracker/schemas';
import { VIEWER_SPARKS_CONDITION, type ViewerScope } from './viewer-scope';

/** The clicks of [startDate, endDate] in the report time zone. */
export const CLICK_RANGE =
  'clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})';

export interface ClickScope {
  tz: string;
  startDate: string;
  endDate: string;
  campaignId?: string;
  /** Hex digits (no dashes, lower case) a click id must hold somewhere: the Click Log's search. */
  search?: string;
  /** A scoped viewer's public spark ids (viewer-scope.ts): only their clicks show. */
  viewerSparks?: string[];
}

/** The scope of a Click Log or export query: its range and filters in the report time zone. */
export function clickScope(
  tz: string,
  query: { startDate: string; endDate: string; campaignId?: string | undefined; search?: string | undefined },
  viewer: ViewerScope | null = null,
): ClickScope {
  return {
    ...(viewer ? { viewerSparks: viewer.sparkIds } : {}),
    tz,
    startDate: query.startDate,
    endDate: query.endDate,
    ...(query.campaignId !== undefined ? { campaignId: query.campaignId } : {}),
    ...(query.search !== undefined ? { search: query.search } : {}),
  };
}

/** A position in ClickHouse terms: clicked_at as 'yyyy-MM-dd HH:mm:ss.SSS' (UTC). */
export interface ChKey {
  clickedAt: string;
  clickId: string;
}

/** A click of a page: the columns the Click Log shows, with `clicked_local`, clicked_at in the report time
 *  zone as 'yyyy-MM-dd HH:mm:ss' (for the CSV). */
export interface ClickPageRow
  extends Pick<ClickRow, 'click_id' | 'clicked_at' | 'campaign_id' | 'spark_id' | 'ip' | 'user_agent' | 'bot' | TrackingVariableColumn> {
  clicked_local: string;
}

/** ClickHouse's 'yyyy-MM-dd HH:mm:ss.SSS' (UTC) as ISO 8601, and back. */
export const isoFromChTime = (text: string) => `${text.replace(' ', 'T')}Z`;
export const chTimeFromIso = (iso: string) => iso.replace('T', ' ').replace('Z', '');

/** A local time as the CSV writes it; the format string is fixed, so it is no parameter. */
export const localTime = (column: string) => `formatDateTime(${column}, '%Y-%m-%d %H:%i:%S', {tz:String})`;

const CLICK_COLUMNS = `click_id, clicked_at, ${localTime('clicked_at')} AS clicked_local, campaign_id, spark_id,
  ${TRACKING_VARIABLES.map((v) => v.column).join(', ')}, ip, user_agent, bot`;

const TIME = 'DateTime64(3, \'UTC\')';

function scopeSql(scope: ClickScope): { where: string; params: QueryParams } {
  const campaign = scope.campaignId !== undefined ? ' AND campaign_id = {campaignId:String}' : '';
  // Ids are matched without their dashes, so a pasted fragment that spans one still finds its click;
  // anywhere in the id, because the table shows the tail and a lander URL or network shows it whole.
  const search = scope.search !== undefined ? " AND position(replaceAll(click_id, '-', ''), {search:String}) > 0" : '';
  const params: QueryParams = { tz: scope.tz, startDate: scope.startDate, endDate: scope.endDate };
  if (scope.campaignId !== undefined) params.campaignId = scope.campaignId;
  if (scope.search !== undefined) params.search = scope.search;
  const viewer = scope.viewerSparks !== undefined ? ` AND ${VIEWER_SPARKS_CONDITION}` : '';
  if (scope.viewerSparks !== undefined) params.viewerSparks = scope.viewerSparks;
  return { where: `${CLICK_RANGE}${campaign}${search}${viewer}`, params };
}

/** The newest click of the scope now, or null when it has none. */
export async function findNewestClick(analytics: Analytics, scope: ClickScope): Promise<ChKey | null> {
  const { where, params } = scopeSql(scope);
  // max() reads one column; only the clicks of that one millisecond are then read for their ids.
  const [row] = await analytics.query<{ clicked_at: string; click_id: string }>(
    `SELECT clicked_at, click_id FROM clicks
     WHERE ${where} AND clicked_at = (SELECT max(clicked_at) FROM clicks WHERE ${where})
     ORDER BY click_id DESC LIMIT 1`,
    params,
  );
  return row ? { clickedAt: row.clicked_at, clickId: row.click_id } : null;
}

/** Clicks of the scope up to and including `asOf`, and after it. */
export async function countAroundSnapshot(analytics: Analytics, scope: ClickScope, asOf: ChKey): Promise<{ upTo: number; after: number }> {
  const { where, params } = scopeSql(scope);
  const bound = { ...params, at: asOf.clickedAt, id: asOf.clickId };
  // Split at the snapshot's millisecond so only that millisecond's clicks need their ids read.
  const [[times], [ties]] = await Promise.all([
    analytics.query<{ before: number; after: number }>(
      `SELECT countIf(clicked_at < {at:${TIME}}) AS before, countIf(clicked_at > {at:${TIME}}) AS after FROM clicks WHERE ${where}`,
      bound,
    ),
    analytics.query<{ before: number; after: number }>(
      `SELECT countIf(click_id <= {id:String}) AS before, countIf(click_id > {id:String}) AS after
       FROM clicks WHERE ${where} AND clicked_at = {at:${TIME}}`,
      bound,
    ),
  ]);
  return {
    upTo: Number(times?.before ?? 0) + Number(ties?.before ?? 0),
    after: Number(times?.after ?? 0) + Number(ties?.after ?? 0),
  };
}

/** A side of a page's span: a position and whether a click at exactly that position belongs to it. */
interface Bound {
  key: ChKey;
  inclusive: boolean;
}

export interface PageSpec {
  /** Newest-first pages walk downward from `upper`; oldest-first ones upward from `lower`. */
  order: 'newest' | 'oldest';
  upper?: Bound;
  lower?: Bound;
  skip: number;
  limit: number;
}

/** The day of clicks next to where a page starts: before its upper bound (or the range's end) for a newest-first
 *  page, after its lower bound (or the range's start) for an oldest-first one. */
function nearStart(spec: PageSpec): string {
  if (spec.order === 'newest') {
    const from = spec.upper ? `{upperAt:${TIME}}` : 'toDateTime({endDate:Date} + 1, {tz:String})';
    return `clicked_at >= ${from} - INTERVAL 1 DAY`;
  }
  const from = spec.lower ? `{lowerAt:${TIME}}` : 'toDateTime({startDate:Date}, {tz:String})';
  return `clicked_at <= ${from} + INTERVAL 1 DAY`;
}

/**
 * The `limit` clicks after skipping `skip`, in `order` within (lower, upper), returned newest first.
 * Sorting every column of a long range is what makes deep pages slow, so the page is found in two
 * steps: the time of the (skip + limit)-th click strictly inside the bounds' times (one column read),
 * then the full rows of the short stretch up to that time, in exact keyset order.
 */
export async function readClickPage(analytics: Analytics, scope: ClickScope, spec: PageSpec): Promise<ClickPageRow[]> {
  if (spec.limit <= 0) return [];
  const { where, params } = scopeSql(scope);
  const bound: QueryParams = { ...params };
  const strictTimes: string[] = [];
  const keyset: string[] = [];
  if (spec.upper) {
    bound.upperAt = spec.upper.key.clickedAt;
    bound.upperId = spec.upper.key.clickId;
    strictTimes.push(`clicked_at < {upperAt:${TIME}}`);
    keyset.push(
      `clicked_at <= {upperAt:${TIME}} AND (clicked_at < {upperAt:${TIME}} OR click_id ${spec.upper.inclusive ? '<=' : '<'} {upperId:String})`,
    );
  }
  if (spec.lower) {
    bound.lowerAt = spec.lower.key.clickedAt;
    bound.lowerId = spec.lower.key.clickId;
    strictTimes.push(`clicked_at > {lowerAt:${TIME}}`);
    keyset.push(
      `clicked_at >= {lowerAt:${TIME}} AND (clicked_at > {lowerAt:${TIME}} OR click_id ${spec.lower.inclusive ? '>=' : '>'} {lowerId:String})`,
    );
  }
  const direction = spec.order === 'newest' ? 'DESC' : 'ASC';
  // The clicks strictly between the bounds' times all belong to the page's span, so the stretch up to
  // the (skip + limit)-th of them holds the whole page, whatever clicks share a bound's millisecond.
  const edgeSql = (within: string[]) =>
    `SELECT clicked_at FROM clicks WHERE ${[where, ...strictTimes, ...within].join(' AND ')}
     ORDER BY clicked_at ${direction} LIMIT 1 OFFSET {edgeOffset:UInt64}`;
  const edgeParams = { ...bound, edgeOffset: spec.skip + spec.limit - 1 };
  // Looked for first within a day of where the page starts (the table is ordered by day, so that reads one or two days'
  // clicks instead of the range's): every click there comes before every click beyond it, so an edge found there is
  // the range's. Only a page reaching further (a quiet day, a long jump) reads the whole range. A one-day range is
  // that day already: a first look would only read it twice when the page reaches past its clicks.
  let [edge] = scope.startDate < scope.endDate ? await analytics.query<{ clicked_at: string }>(edgeSql([nearStart(spec)]), edgeParams) : [];
  if (!edge) [edge] = await analytics.query<{ clicked_at: string }>(edgeSql([]), edgeParams);
  const stretch: string[] = [];
  if (edge) {
    bound.edgeAt = edge.clicked_at;
    stretch.push(spec.order === 'newest' ? `clicked_at >= {edgeAt:${TIME}}` : `clicked_at <= {edgeAt:${TIME}}`);
  }
  const rows = await analytics.query<ClickPageRow>(
    `SELECT ${CLICK_COLUMNS} FROM clicks WHERE ${[where, ...stretch, ...keyset].join(' AND ')}
     ORDER BY clicked_at ${direction}, click_id ${direction}
     LIMIT {limit:UInt32} OFFSET {skip:UInt64}`,
    { ...bound, limit: spec.limit, skip: spec.skip },
  );
  return spec.order === 'newest' ? rows : rows.reverse();
}
