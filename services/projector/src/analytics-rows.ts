// The analytics rows of each event, column for column as the tables of migration 0001 define them (with
// the audience columns of 0005, derived here from the IP and user agent, and the click's flow rule of 0008).
import type { ClickFact } from '@tracker/core/click-rollups';
import type { ClickDimensions, ClickEvent, ExitEvent } from '@tracker/schemas';
import { deriveClickAudience } from '@tracker/core/click-audience';

export interface LogPosition {
  partition: number;
  offset: number;
}

/** The text of the last second chTime formatted: a unit's events come seconds apart, thousands a second. */
let lastSecond = Number.NaN;
let lastSecondText = '';

/** ClickHouse's DateTime64(3) text form, in UTC. */
export function chTime(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (second !== lastSecond || !Number.isFinite(second)) {
    // '2026-11-01T12:00:00.000Z' -> '2026-11-01 12:00:00'
    lastSecondText = new Date(second * 1000).toISOString().slice(0, 19).replace('T', ' ');
    lastSecond = second;
  }
  const ms = epochMs - second * 1000;
  return `${lastSecondText}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}`;
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
  rule: '',
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
  rule: d.rule,
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
  // Spelled out, not spread from dimensionValues: it runs for every click (the test compares the two forms).
  values(event, at) {
    const d = event.data;
    const a = deriveClickAudience(d.ip, d.userAgent);
    return [
      event.id, chTime(event.at), d.campaignId, d.landerId ?? 0, d.offerId ?? 0, d.sparkId, d.tiktokCampaignId, d.tiktokAdGroupId,
      d.tiktokCreativeId, d.placement, d.campaignName, d.adGroupName, d.creativeName, d.rule, a.country, a.device, a.os, a.browser,
      d.ttclid, d.ip, d.userAgent, d.referrer, d.bot, at.partition, at.offset,
    ];
  },
};

/** Where each column a rollup reads sits in a click row's values. */
const column = (name: keyof ClickFact) => CLICK_ROW.columns.indexOf(name);
const [AT, CAMPAIGN, SPARK, OFFER, LANDER, TT_CAMPAIGN, TT_AD_GROUP, TT_CREATIVE, PLACEMENT, CAMPAIGN_NAME, AD_GROUP_NAME, CREATIVE_NAME,
  COUNTRY, DEVICE, OS, BROWSER, RULE, BOT] = (
  ['clicked_at', 'campaign_id', 'spark_id', 'offer_id', 'lander_id', 'tiktok_campaign_id', 'tiktok_ad_group_id', 'tiktok_creative_id',
    'placement', 'campaign_name', 'ad_group_name', 'creative_name', 'country', 'device', 'os', 'browser', 'rule', 'bot'] as const
).map(column) as number[];

/** A click row's values (CLICK_ROW's order) as what it adds to the click rollups. Runs for every click, in the
 *  decoder thread: fixed positions, one object literal. */
export function clickFactOf(values: readonly unknown[]): ClickFact {
  return {
    clicked_at: values[AT!] as string,
    campaign_id: values[CAMPAIGN!] as string,
    spark_id: values[SPARK!] as string,
    offer_id: values[OFFER!] as number,
    lander_id: values[LANDER!] as number,
    tiktok_campaign_id: values[TT_CAMPAIGN!] as string,
    tiktok_ad_group_id: values[TT_AD_GROUP!] as string,
    tiktok_creative_id: values[TT_CREATIVE!] as string,
    placement: values[PLACEMENT!] as string,
    campaign_name: values[CAMPAIGN_NAME!] as string,
    ad_group_name: values[AD_GROUP_NAME!] as string,
    creative_name: values[CREATIVE_NAME!] as string,
    country: values[COUNTRY!] as string,
    device: values[DEVICE!] as string,
    os: values[OS!] as string,
    browser: values[BROWSER!] as string,
    rule: values[RULE!] as string,
    bot: values[BOT!] as string,
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

