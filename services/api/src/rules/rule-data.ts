// What a rule measures, per campaign, ad group or ad of its accounts: TikTok spend from `ad_spend` (read
// with FINAL; a row's spend spread evenly over the quarter hours of [starts_at, starts_at + hours)) and our
// visits, approved conversions and revenue from the raw clicks and conversions by the click's TikTok id
// (tiktok_campaign_id, tiktok_ad_group_id, tiktok_creative_id = the ad id), dated by the click as reports
// date them. Loaded once per span in quarter-hour buckets, so a live run and every hour of a replay sum
// the same buckets. The objects judged are those the accounts' spend rows name over the last weeks.
import type { Analytics } from '@tracker/core';
import type { RuleLevel, RuleMetricValues } from '@tracker/schemas';
import { QUARTER_MS, type WindowSpan } from './rule-window';

export interface ObjectBucket {
  /** Spend in cents, fractional where a row is spread over several quarters. */
  spendCents: number;
  visits: number;
  conversions: number;
  revenueCents: number;
}

export interface RuleObject {
  id: string;
  name: string;
  advertiserId: string;
  /** Quarter-hour start (UTC ms) → what happened in it. */
  buckets: Map<number, ObjectBucket>;
}

const SPEND_COLUMN: Record<RuleLevel, { id: string; name: string }> = {
  campaign: { id: 'tiktok_campaign_id', name: 'campaign_name' },
  adgroup: { id: 'tiktok_adgroup_id', name: 'adgroup_name' },
  ad: { id: 'tiktok_ad_id', name: 'ad_name' },
};
const CLICK_COLUMN: Record<RuleLevel, string> = { campaign: 'tiktok_campaign_id', adgroup: 'tiktok_ad_group_id', ad: 'tiktok_creative_id' };
/** How far back the accounts' spend rows are read to know their objects (the longest replay and then some). */
const KNOWN_OBJECTS_DAYS = 40;

const toSeconds = (ms: number) => Math.floor(ms / 1000);
const utc = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

function bucketOf(object: RuleObject, at: number): ObjectBucket {
  let b = object.buckets.get(at);
  if (!b) object.buckets.set(at, (b = { spendCents: 0, visits: 0, conversions: 0, revenueCents: 0 }));
  return b;
}

export interface RuleScope {
  level: RuleLevel;
  accountIds: readonly string[];
  campaignIds: readonly string[];
}

/** Every object of the scope with its buckets from `from` to `to` (null: up to whatever is stored). */
export async function loadRuleObjects(analytics: Analytics, scope: RuleScope, from: number, to: number | null, now: number): Promise<Map<string, RuleObject>> {
  const { id, name } = SPEND_COLUMN[scope.level];
  const campaignFilter = scope.campaignIds.length > 0 ? 'AND tiktok_campaign_id IN {campaigns:Array(String)}' : '';
  const params = {
    accounts: [...scope.accountIds],
    campaigns: [...scope.campaignIds],
    from: toSeconds(from),
    to: toSeconds(to ?? now + 366 * 86_400_000),
    known: toSeconds(Math.min(from, now) - KNOWN_OBJECTS_DAYS * 86_400_000),
  };
  const known = await analytics.query<{ object: string; advertiser: string; name: string }>(
    `SELECT ${id} AS object, any(advertiser_id) AS advertiser, argMax(${name}, starts_at) AS name
     FROM ad_spend FINAL
     WHERE advertiser_id IN {accounts:Array(String)} AND starts_at >= toDateTime({known:Int64}, 'UTC') AND ${id} != '' ${campaignFilter}
     GROUP BY object`,
    params,
  );
  const objects = new Map<string, RuleObject>();
  for (const row of known) objects.set(row.object, { id: row.object, name: row.name || row.object, advertiserId: row.advertiser, buckets: new Map() });
  if (objects.size === 0) return objects;
  const ids = [...objects.keys()];

  const spend = await analytics.query<{ object: string; starts_at: string; hours: number; spend: string }>(
    `SELECT ${id} AS object, starts_at, hours, toString(spend) AS spend
     FROM ad_spend FINAL
     WHERE advertiser_id IN {accounts:Array(String)} AND ${id} IN {ids:Array(String)} ${campaignFilter}
       AND starts_at < toDateTime({to:Int64}, 'UTC') AND starts_at + toIntervalHour(hours) > toDateTime({from:Int64}, 'UTC')`,
    { ...params, ids },
  );
  for (const row of spend) {
    const object = objects.get(row.object);
    if (!object) continue;
    const start = utc(row.starts_at);
    const quarters = Math.max(1, row.hours * 4);
    const share = cents(row.spend) / quarters;
    for (let q = 0; q < quarters; q++) {
      const at = start + q * QUARTER_MS;
      if (at >= from && (to === null || at < to)) bucketOf(object, at).spendCents += share;
    }
  }

  const column = CLICK_COLUMN[scope.level];
  const range = `clicked_at >= toDateTime64({from:Int64}, 3, 'UTC') AND clicked_at < toDateTime64({to:Int64}, 3, 'UTC') AND ${column} IN {ids:Array(String)}`;
  const visits = await analytics.query<{ object: string; bucket: string; visits: number }>(
    `SELECT ${column} AS object, toString(toStartOfFifteenMinutes(clicked_at)) AS bucket, count() AS visits
     FROM clicks FINAL WHERE ${range} GROUP BY object, bucket`,
    { ...params, ids },
  );
  for (const row of visits) {
    const object = objects.get(row.object);
    if (object) bucketOf(object, utc(row.bucket)).visits += Number(row.visits);
  }
  // Signed revision rows: sums over sign are exact without FINAL (as the reports read them).
  const conversions = await analytics.query<{ object: string; bucket: string; conversions: number; revenue: string }>(
    `SELECT ${column} AS object, toString(toStartOfFifteenMinutes(clicked_at)) AS bucket,
            sumIf(toInt64(sign), status = 'approved') AS conversions, toString(toDecimal64(sumIf(sign * payout, status = 'approved'), 2)) AS revenue
     FROM conversions WHERE ${range} GROUP BY object, bucket`,
    { ...params, ids },
  );
  for (const row of conversions) {
    const object = objects.get(row.object);
    if (!object) continue;
    const b = bucketOf(object, utc(row.bucket));
    b.conversions += Number(row.conversions);
    b.revenueCents += cents(row.revenue);
  }
  return objects;
}

export interface Totals {
  spendCents: number;
  visits: number;
  conversions: number;
  revenueCents: number;
}

/** The object's sums over a window (an open window takes every bucket from its start). */
export function sumWindow(object: RuleObject, span: WindowSpan): Totals {
  const totals: Totals = { spendCents: 0, visits: 0, conversions: 0, revenueCents: 0 };
  for (const [at, b] of object.buckets) {
    if (at < span.start || (!span.open && at >= span.end)) continue;
    totals.spendCents += b.spendCents;
    totals.visits += b.visits;
    totals.conversions += b.conversions;
    totals.revenueCents += b.revenueCents;
  }
  totals.spendCents = Math.round(totals.spendCents);
  return totals;
}

const money = (centsValue: number) => (Math.round(centsValue) / 100).toFixed(2);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The metrics as RULE_METRICS defines them: cr and roi in percent, epv = revenue / visits, cpa = spend / conversions. */
export function metricValues(t: Totals): RuleMetricValues {
  const profit = t.revenueCents - t.spendCents;
  return {
    spend: money(t.spendCents),
    revenue: money(t.revenueCents),
    profit: money(profit),
    roi: t.spendCents > 0 ? round((profit / t.spendCents) * 100, 2) : null,
    cpa: t.conversions > 0 ? money(t.spendCents / t.conversions) : null,
    conversions: t.conversions,
    visits: t.visits,
    cr: t.visits > 0 ? round((t.conversions / t.visits) * 100, 2) : null,
    epv: t.visits > 0 ? (t.revenueCents / 100 / t.visits).toFixed(4) : null,
  };
}
