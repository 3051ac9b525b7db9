// GET /api/tiktok/spend: ad spend rows per TikTok campaign and day (tiktok_spend) of the date range.
import { and, asc, gte, lte } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { DateRangeQuery, SpendRow } from '@tracker/schemas';

export async function listSpend(db: Db, query: DateRangeQuery): Promise<SpendRow[]> {
  const t = schema.tiktokSpend;
  const rows = await db
    .select()
    .from(t)
    .where(and(gte(t.date, query.startDate), lte(t.date, query.endDate)))
    .orderBy(asc(t.date), asc(t.tiktokCampaignId));
  return rows.map((r) => ({
    date: r.date,
    tiktokCampaignId: r.tiktokCampaignId,
    campaignName: r.campaignName ?? '',
    spend: r.spend,
    impressions: r.impressions,
    clicks: r.clicks,
    conversions: r.conversions,
  }));
}
