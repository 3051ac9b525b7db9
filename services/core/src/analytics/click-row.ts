// The clicks table's row as a query reads it back (analytics migrations 0001, 0005 and 0008), click_index's row, a
// part of it, and that row as the dimensions an exit or a conversion copies: one reading for every reader.
import type { ClickDimensions } from '@tracker/schemas';
import type { AudienceColumn, TrackingVariableColumn } from '@tracker/schemas/tracking-variables';

/** Times in ClickHouse's text form ('yyyy-MM-dd HH:mm:ss.SSS', UTC); a lander or offer id of 0 is none. */
export interface ClickRow extends Record<TrackingVariableColumn, string> {
  click_id: string;
  clicked_at: string;
  campaign_id: string;
  lander_id: number;
  offer_id: number;
  spark_id: string;
  ttclid: string;
  ip: string;
  user_agent: string;
  referrer: string;
  /** Why the click looks automated, '' for a person. */
  bot: string;
  log_partition: number;
  log_offset: number;
}

/** What exits and conversions copy from their click. The audience columns are left out: they are derived
 *  again from `ip` and `user_agent`, as the click's own were. */
export type ClickIndexRow = Omit<ClickRow, AudienceColumn | 'referrer' | 'bot' | 'log_partition' | 'log_offset'>;

/** A click_index row as the dimensions an exit or a conversion copies from its click, with the click's time
 *  in epoch ms. */
export function clickDimensionsOf(row: Omit<ClickIndexRow, 'click_id' | 'ttclid' | 'ip' | 'user_agent'>): ClickDimensions & { clickedAt: number } {
  return {
    clickedAt: Date.parse(`${row.clicked_at.replace(' ', 'T')}Z`),
    campaignId: row.campaign_id,
    landerId: row.lander_id || null,
    offerId: row.offer_id || null,
    sparkId: row.spark_id,
    tiktokCampaignId: row.tiktok_campaign_id,
    tiktokAdGroupId: row.tiktok_ad_group_id,
    tiktokCreativeId: row.tiktok_creative_id,
    placement: row.placement,
    campaignName: row.campaign_name,
    adGroupName: row.ad_group_name,
    creativeName: row.creative_name,
    rule: row.rule,
  };
}
