// GET /api/tiktok/spend: ad spend rows per TikTok campaign and day (tiktok_spend) of the date range. A
// scoped viewer (viewer-scope.ts) sees the rows of the TikTok campaigns their clicks came from only.
import { and, asc, gte, inArray, lte, sql } from 'drizzle-orm';
import { schema, type Analytics, type Db } from '@tracker/core';
import type { DateRangeQuery, SpendRow } from '@tracker/schemas';
import { VIEWER_SPARKS_CONDITION, type ViewerScope } from './viewer-scope';

async function viewerTiktokCampaigns(analytics: Analytics, query: DateRangeQuery, viewer: ViewerScope): Promise<string[]> {
  const rows = await analytics.query<{ tt: string }>(
    `SELECT DISTINCT tiktok_campaign_id AS tt FROM report_clicks_daily
     WHERE day >= {startDate:Date} - 1 AND day <= {endDate:Date} + 1 AND ${VIEWER_SPARKS_CONDITION} AND tiktok_campaign_id != ''`,
    { startDate: query.startDate, endDate: query.endDate, viewerSparks: viewer.sparkIds },
  );
  return rows.map((r) => r.tt);
}

export async function listSpend(deps: { db: Db; analytics: Analytics }, query: DateRangeQuery, viewer: ViewerScope | null = null): Promise<SpendRow[]> {
  const t = schema.tiktokSpend;
  const campaigns = viewer ? await viewerTiktokCampaigns(deps.analytics, query, viewer) : null;
  const rows = await deps.db
    .select()
    .from(t)
    .where(
      and(
        gte(t.date, query.startDate),
        lte(t.date, query.endDate),
        campaigns === null ? undefined : campaigns.length > 0 ? inArray(t.tiktokCampaignId, campaigns) : sql`false`,
      ),
    )
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
