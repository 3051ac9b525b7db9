// The analytics rows of each event, column for column as the tables of migration 0001 define them (with
// the audience columns of 0005, derived here from the IP and user agent).
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

export function clickRow(event: ClickEvent, at: LogPosition) {
  const d = event.data;
  return {
    click_id: event.id,
    clicked_at: chTime(event.at),
    ...dimensionColumns(d),
    ...deriveClickAudience(d.ip, d.userAgent),
    ttclid: d.ttclid,
    ip: d.ip,
    user_agent: d.userAgent,
    referrer: d.referrer,
    bot: d.bot,
    log_partition: at.partition,
    log_offset: at.offset,
  };
}

export function exitRow(event: ExitEvent, at: LogPosition) {
  const d = event.data;
  return {
    event_id: event.id,
    click_id: d.clickId,
    exited_at: chTime(event.at),
    clicked_at: chTime(d.clickedAt),
    ...dimensionColumns(d),
    ...deriveClickAudience(d.ip, d.userAgent),
    ip: d.ip,
    user_agent: d.userAgent,
    log_partition: at.partition,
    log_offset: at.offset,
  };
}

export function resolvedFromClickEvent(event: ClickEvent): ResolvedClick {
  const { ttclid, ip, userAgent, referrer: _r, bot: _b, ...dimensions } = event.data;
  return { ...dimensions, clickedAt: event.at, ttclid, ip, userAgent };
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
