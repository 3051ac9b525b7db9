// The analytics rows of each event, column for column as the tables of migration 0001 define them (with
// the audience columns of 0005, derived here from the IP and user agent).
import type { ClickFact } from '@tracker/core/click-rollups';
import type { ClickDimensions, ClickEvent, ExitEvent } from '@tracker/schemas';
import { deriveClickAudience } from './click-audience';

export interface LogPosition {
  partition: number;
  offset: number;
}

/** ClickHouse's DateTime64(3) text form, in UTC. */
export function chTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('T', ' ').replace('Z', '');
}

export function parseChTime(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

/** A click's dimensions plus its time: what exits and conversions copy into their rows. */
export interface ResolvedClick extends ClickDimensions {
  clickedAt: number;
  ttclid: string;
  ip: string;
  userAgent: string;
}

export const EMPTY_DIMENSIONS: ClickDimensions = {
  campaignId: '',
  landerId: null,
  offerId: null,
  sparkId: '',
  tiktokCampaignId: '',
  tiktokAdGroupId: '',
  tiktokCreativeId: '',
  placement: '',
  campaignName: '',
  adGroupName: '',
  creativeName: '',
};

/** A click's dimensions as the columns every fact table repeats them in (conversions copy them too). */
export const dimensionColumns = (d: ClickDimensions) => ({
  campaign_id: d.campaignId,
  lander_id: d.landerId ?? 0,
  offer_id: d.offerId ?? 0,
  spark_id: d.sparkId,
  tiktok_campaign_id: d.tiktokCampaignId,
  tiktok_ad_group_id: d.tiktokAdGroupId,
  tiktok_creative_id: d.tiktokCreativeId,
  placement: d.placement,
  campaign_name: d.campaignName,
  ad_group_name: d.adGroupName,
  creative_name: d.creativeName,
});
const DIMENSION_COLUMNS = Object.keys(dimensionColumns(EMPTY_DIMENSIONS));
const dimensionValues = (d: ClickDimensions) => Object.values(dimensionColumns(d));

/** The click and exit rows as the projector writes them: values in the order of their columns, one JSON array
 *  a row (JSONCompactEachRow), which the engine reads in about 80 % of the CPU of an object a row. */
export interface RowShape<T> {
  columns: readonly string[];
  values(event: T, at: LogPosition): unknown[];
}

const AUDIENCE_COLUMNS = ['country', 'device', 'os', 'browser'] as const;
function audienceValues(ip: string, userAgent: string) {
  const a = deriveClickAudience(ip, userAgent);
  return [a.country, a.device, a.os, a.browser];
}

export const CLICK_ROW: RowShape<ClickEvent> = {
  columns: ['click_id', 'clicked_at', ...DIMENSION_COLUMNS, ...AUDIENCE_COLUMNS, 'ttclid', 'ip', 'user_agent', 'referrer', 'bot', 'log_partition', 'log_offset'],
  values(event, at) {
    const d = event.data;
    return [
      event.id, chTime(event.at), ...dimensionValues(d), ...audienceValues(d.ip, d.userAgent),
      d.ttclid, d.ip, d.userAgent, d.referrer, d.bot, at.partition, at.offset,
    ];
  },
};

/** Where each column a rollup reads sits in a click row's values. */
const CLICK_FACT_AT = Object.fromEntries(CLICK_ROW.columns.map((column, i) => [column, i]));

/** A click row's values (CLICK_ROW's order) as what it adds to the click rollups. */
export function clickFactOf(values: readonly unknown[]): ClickFact {
  const v = (column: keyof ClickFact) => values[CLICK_FACT_AT[column]!];
  return {
    clicked_at: v('clicked_at') as string,
    campaign_id: v('campaign_id') as string,
    spark_id: v('spark_id') as string,
    offer_id: v('offer_id') as number,
    lander_id: v('lander_id') as number,
    tiktok_campaign_id: v('tiktok_campaign_id') as string,
    tiktok_ad_group_id: v('tiktok_ad_group_id') as string,
    tiktok_creative_id: v('tiktok_creative_id') as string,
    placement: v('placement') as string,
    campaign_name: v('campaign_name') as string,
    ad_group_name: v('ad_group_name') as string,
    creative_name: v('creative_name') as string,
    country: v('country') as string,
    device: v('device') as string,
    os: v('os') as string,
    browser: v('browser') as string,
    bot: v('bot') as string,
  };
}

export const EXIT_ROW: RowShape<ExitEvent> = {
  columns: ['event_id', 'click_id', 'exited_at', 'clicked_at', ...DIMENSION_COLUMNS, ...AUDIENCE_COLUMNS, 'ip', 'user_agent', 'log_partition', 'log_offset'],
  values(event, at) {
    const d = event.data;
    return [
      event.id, d.clickId, chTime(event.at), chTime(d.clickedAt), ...dimensionValues(d), ...audienceValues(d.ip, d.userAgent),
      d.ip, d.userAgent, at.partition, at.offset,
    ];
  },
};

/** A row as an object of its columns (what the tables hold, for tests and for reading). */
export function rowObject<T>(shape: RowShape<T>, event: T, at: LogPosition): Record<string, unknown> {
  const values = shape.values(event, at);
  return Object.fromEntries(shape.columns.map((column, i) => [column, values[i]]));
}

export const clickRow = (event: ClickEvent, at: LogPosition) => rowObject(CLICK_ROW, event, at);
export const exitRow = (event: ExitEvent, at: LogPosition) => rowObject(EXIT_ROW, event, at);

export function resolvedFromClickEvent(event: ClickEvent): ResolvedClick {
  const { ttclid, ip, userAgent, referrer: _r, bot: _b, ...dimensions } = event.data;
  return { ...dimensions, clickedAt: event.at, ttclid, ip, userAgent };
}

