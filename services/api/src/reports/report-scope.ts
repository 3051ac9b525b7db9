// What one report reads: its date range in the report time zone and its filters, as the SQL condition
// every report table answers and the parameters it binds (report-plan.ts decides the rest).
import type { QueryParams } from '@tracker/core';
import type { CakeFillIns } from './cake-fill-ins';
import { FILTER_VARIABLES, NO_CLICK_KEY, NONE_FILTER } from '@tracker/schemas';
import type { MediaBuyers } from './media-buyers';
import { VIEWER_SPARKS_CONDITION } from './viewer-scope';

export interface ReportFilters {
  offer?: number;
  /** A public spark id, or 'none'. */
  spark?: string;
  /** A username, or 'none'. */
  mediaBuyer?: string;
  campaignId?: string;
  /** A scoped viewer's public spark ids (viewer-scope.ts): only their clicks pass. */
  viewerSparks?: string[];
  /** Audience filters: a value as stored, or 'none' for clicks without one. */
  country?: string;
  device?: string;
  os?: string;
  browser?: string;
  /** A flow rule's name, or 'none' for the default path's clicks. */
  rule?: string;
}

export interface ReportScope {
  timezone: string;
  startDate: string;
  endDate: string;
  filters: ReportFilters;
  buyers: MediaBuyers;
  /** CAKE conversions no postback covers (cake-fill-ins.ts); absent or empty = none. */
  cake?: CakeFillIns;
}

export type Granularity = 'day' | 'hour';

/** A click's media buyer: the first user (by username) assigned to its spark, '' when none. */
export const MEDIA_BUYER_OF_SPARK = "transform(spark_id, {sparkIds:Array(String)}, {buyers:Array(String)}, '')";

/**
 * A fact no click of ours carries: a conversion whose click id we never saw. Every click carries the
 * campaign of its /r/{campaignId} link (click-redirect.ts answers an unknown campaign without recording
 * a click), so a fact without a campaign has no click; the rollups keep no `attributed` column, and
 * campaign_id is on every report table.
 */
export const NO_CLICK_CONDITION = "campaign_id = ''";

/** A level's key, with the facts no click carries on the 'No click' row (NO_CLICK_KEY) instead of ''. */
export function keyOrNoClick(key: string): string {
  return `if(${NO_CLICK_CONDITION}, '${NO_CLICK_KEY}', ${key})`;
}

export function hasFilters(filters: ReportFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined);
}

/**
 * The filter conditions, ANDed; '1' without filters. Every rollup table has these columns. Every filter
 * is on a dimension of the click, so a filtered report leaves out the facts no click carries.
 */
export function filterCondition(filters: ReportFilters): string {
  if (!hasFilters(filters)) return '1';
  const conditions: string[] = [`NOT (${NO_CLICK_CONDITION})`];
  if (filters.offer !== undefined) conditions.push('offer_id = {offer:UInt32}');
  if (filters.spark !== undefined) conditions.push('spark_id = {spark:String}');
  if (filters.mediaBuyer !== undefined) conditions.push(`${MEDIA_BUYER_OF_SPARK} = {mediaBuyer:String}`);
  if (filters.campaignId !== undefined) conditions.push('campaign_id = {campaignId:String}');
  if (filters.viewerSparks !== undefined) conditions.push(VIEWER_SPARKS_CONDITION);
  conditions.push(...variableConditions(filters));
  return conditions.join(' AND ');
}

export function scopeParams(scope: ReportScope): QueryParams {
  const { filters } = scope;
  const params: QueryParams = {
    tz: scope.timezone,
    startDate: scope.startDate,
    endDate: scope.endDate,
    sparkIds: scope.buyers.sparkIds,
    buyers: scope.buyers.usernames,
  };
  if (filters.offer !== undefined) params.offer = filters.offer;
  if (filters.spark !== undefined) params.spark = filters.spark === NONE_FILTER ? '' : filters.spark;
  if (filters.mediaBuyer !== undefined) params.mediaBuyer = filters.mediaBuyer === NONE_FILTER ? '' : filters.mediaBuyer;
  if (filters.campaignId !== undefined) params.campaignId = filters.campaignId;
  if (filters.viewerSparks !== undefined) params.viewerSparks = filters.viewerSparks;
  if (scope.cake && scope.cake.clickIds.length > 0) {
    params.cakeClickIds = scope.cake.clickIds;
    params.cakeConversions = scope.cake.conversions;
    params.cakeRevenueCents = scope.cake.revenueCents;
  }
  Object.assign(params, variableParams(filters));
  return params;
}

/**
 * Audience and rule filters over the columns of the same name: only the sources report-plan.ts picks for them
 * (variable rollups with the value aliased, or raw facts) have those columns, never the flat rollups.
 */
function variableConditions(filters: ReportFilters): string[] {
  return FILTER_VARIABLES.filter((v) => filters[v] !== undefined).map((v) => `${v} = {${v}:String}`);
}

function variableParams(filters: ReportFilters): QueryParams {
  const params: QueryParams = {};
  for (const v of FILTER_VARIABLES) {
    const value = filters[v];
    if (value !== undefined) params[v] = value === NONE_FILTER ? '' : value;
  }
  return params;
}

