// Finds the clicks that conversions belong to in the analytics store's click_index (one query per
// batch), keeping those it found: a click often converts more than once (pending, then approved).
import { LRUCache } from 'lru-cache';
import type { Analytics, ClickIndexRow } from '@tracker/core';
import { parseChTime, type ResolvedClick } from './analytics-rows';

export class ClickResolver {
  private readonly recent = new LRUCache<string, ResolvedClick>({ max: 20_000 });

  constructor(private readonly analytics: Analytics) {}

  async resolve(clickIds: Iterable<string>): Promise<Map<string, ResolvedClick>> {
    const found = new Map<string, ResolvedClick>();
    const missing: string[] = [];
    for (const id of new Set(clickIds)) {
      const cached = this.recent.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await this.analytics.query<ClickIndexRow>(
        'SELECT * FROM click_index WHERE click_id IN {ids:Array(String)}',
        { ids: missing },
      );
      for (const row of rows) {
        const click: ResolvedClick = {
          clickedAt: parseChTime(row.clicked_at),
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
          ttclid: row.ttclid,
          ip: row.ip,
          userAgent: row.user_agent,
        };
        found.set(row.click_id, click);
        this.recent.set(row.click_id, click);
      }
    }
    return found;
  }
}
