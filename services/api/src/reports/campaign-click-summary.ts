// GET /api/clicks/by-campaign: spec §3 "Campaign click summary" per campaign, from the rollups.
import { inArray } from 'drizzle-orm';
import { schema, type Analytics, type Db } from '@tracker/core';
import { landerCtr, type CampaignClickSummary, type DateRangeQuery } from '@tracker/schemas';
import { groupingSource } from './report-plan';
import { filterCondition, type ReportFilters } from './report-scope';
import { clickPartsSql, exitClicksSql } from './report-sql';
import { readReportTimezone } from './report-timezone';
import type { ViewerScope } from './viewer-scope';

export async function summariseClicksByCampaign(
  deps: { db: Db; analytics: Analytics },
  query: DateRangeQuery,
  viewer: ViewerScope | null = null,
): Promise<CampaignClickSummary[]> {
  const filters: ReportFilters = viewer ? { viewerSparks: viewer.sparkIds } : {};
  const params = { tz: await readReportTimezone(deps.db), startDate: query.startDate, endDate: query.endDate, ...(viewer ? { viewerSparks: viewer.sparkIds } : {}) };
  const rows = await deps.analytics.query<{ campaign_id: string; clicks: number; exit_clicks: number }>(
    `SELECT campaign_id, c.clicks AS clicks, e.exit_clicks AS exit_clicks
     FROM (
       SELECT key AS campaign_id, sum(visits) AS clicks
       FROM (${clickPartsSql(groupingSource('campaign'), filters, 'day')})
       WHERE passes = 1
       GROUP BY campaign_id
     ) AS c
     LEFT JOIN (
       SELECT key AS campaign_id, exit_clicks FROM (${exitClicksSql('toString(campaign_id)', filterCondition(filters))})
     ) AS e USING (campaign_id)
     ORDER BY clicks DESC, campaign_id`,
    params,
  );
  const names =
    rows.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await deps.db
              .select({ id: schema.campaigns.id, name: schema.campaigns.name })
              .from(schema.campaigns)
              .where(inArray(schema.campaigns.id, rows.map((r) => r.campaign_id)))
          ).map((c) => [c.id, c.name]),
        );
  return rows.map((r) => ({
    campaignId: r.campaign_id,
    campaignName: names.get(r.campaign_id) ?? r.campaign_id,
    totalClicks: Number(r.clicks),
    exitClicks: Number(r.exit_clicks),
    ctr: landerCtr(Number(r.exit_clicks), Number(r.clicks)),
  }));
}
