// GET /api/clicks: the Click Log. One page of raw clicks, newest first, with the exits and approved
// conversions of that page's clicks only, plus the cards' totals for the whole range (from rollups,
// except converted clicks, which need each click's conversions: raw conversion rows of the range).
import { inArray } from 'drizzle-orm';
import { schema, type Analytics, type Db } from '@tracker/core';
import {
  centsFromMoney,
  clickConversionRate,
  landerCtr,
  moneyFromCents,
  type ClickLogQuery,
  type ClickLogResponse,
  type ClickLogRow,
} from '@tracker/schemas';
import { clickPartsSql, exitClicksSql, filterCondition, groupingSource } from './report-scope';
import { readReportTimezone } from './report-timezone';

export const CLICK_RANGE =
  'clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})';

interface ClickRow {
  click_id: string;
  clicked_at: string;
  campaign_id: string;
  spark_id: string;
  tiktok_campaign_id: string;
  tiktok_ad_group_id: string;
  tiktok_creative_id: string;
  placement: string;
  campaign_name: string;
  ad_group_name: string;
  creative_name: string;
  ip: string;
  user_agent: string;
  bot: string;
}

/** ClickHouse's 'yyyy-MM-dd HH:mm:ss.SSS' (UTC) as ISO 8601. */
export const isoFromChTime = (text: string) => `${text.replace(' ', 'T')}Z`;

const CLICK_COLUMNS = `click_id, clicked_at, campaign_id, spark_id, tiktok_campaign_id, tiktok_ad_group_id, tiktok_creative_id,
  placement, campaign_name, ad_group_name, creative_name, ip, user_agent, bot`;

/**
 * One page of clicks, newest first (ties by click id). Sorting millions of rows with every column is
 * what makes deep pages slow, so the page is found by its times alone: the times of the page, then how
 * many clicks lie after its newest time, then the full rows of that short stretch of time.
 */
async function pageOfClicks(
  analytics: Analytics,
  params: { tz: string; startDate: string; endDate: string; campaignId?: string; limit: number; offset: number },
  campaign: string,
): Promise<ClickRow[]> {
  const times = await analytics.query<{ clicked_at: string }>(
    `SELECT clicked_at FROM clicks WHERE ${CLICK_RANGE}${campaign}
     ORDER BY clicked_at DESC LIMIT {limit:UInt32} OFFSET {offset:UInt64}`,
    params,
  );
  if (times.length === 0) return [];
  const newest = times[0]!.clicked_at;
  const oldest = times[times.length - 1]!.clicked_at;
  const [{ n: newer }] = (await analytics.query<{ n: number }>(
    `SELECT count() AS n FROM clicks WHERE ${CLICK_RANGE}${campaign} AND clicked_at > {newest:DateTime64(3, 'UTC')}`,
    { ...params, newest },
  )) as [{ n: number }];
  return analytics.query<ClickRow>(
    `SELECT ${CLICK_COLUMNS} FROM clicks
     WHERE ${CLICK_RANGE}${campaign} AND clicked_at >= {oldest:DateTime64(3, 'UTC')} AND clicked_at <= {newest:DateTime64(3, 'UTC')}
     ORDER BY clicked_at DESC, click_id DESC
     LIMIT {limit:UInt32} OFFSET {skip:UInt64}`,
    { ...params, oldest, newest, skip: params.offset - Number(newer) },
  );
}

export async function listClicks(deps: { db: Db; analytics: Analytics }, query: ClickLogQuery): Promise<ClickLogResponse> {
  const { db, analytics } = deps;
  const tz = await readReportTimezone(db);
  const campaign = query.campaignId !== undefined ? ' AND campaign_id = {campaignId:String}' : '';
  const params = {
    tz,
    startDate: query.startDate,
    endDate: query.endDate,
    ...(query.campaignId !== undefined ? { campaignId: query.campaignId } : {}),
  };

  const [page, [counts], [exited], [converted]] = await Promise.all([
    pageOfClicks(analytics, { ...params, limit: query.limit, offset: query.offset }, campaign),
    analytics.query<{ clicks: number }>(
      `SELECT sum(visits) AS clicks
       FROM (${clickPartsSql(groupingSource('campaign'), { campaignId: query.campaignId }, 'day')})
       WHERE passes = 1`,
      params,
    ),
    analytics.query<{ clicks: number }>(
      `SELECT sum(exit_clicks) AS clicks FROM (${exitClicksSql("''", filterCondition({ campaignId: query.campaignId }))})`,
      params,
    ),
    analytics.query<{ clicks: number }>(
      `SELECT count() AS clicks FROM (
         SELECT click_id FROM conversions
         WHERE ${CLICK_RANGE}${campaign} AND attributed = 1
         GROUP BY click_id
         HAVING sumIf(sign, status = 'approved') > 0
       )`,
      params,
    ),
  ]);

  const ids = page.map((r) => r.click_id);
  const from = page[page.length - 1]?.clicked_at ?? '';
  const to = page[0]?.clicked_at ?? '';
  const [exits, conversions] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          analytics.query<{ click_id: string; first_exit: string }>(
            `SELECT click_id, min(exited_at) AS first_exit FROM exits
             WHERE exited_at >= {from:DateTime64(3, 'UTC')} AND click_id IN {ids:Array(String)}
             GROUP BY click_id`,
            { ids, from },
          ),
          analytics.query<{ click_id: string; conversions: number; revenue: string }>(
            `SELECT click_id, sumIf(sign, status = 'approved') AS conversions,
                    sumIf(sign * payout, status = 'approved') AS revenue
             FROM conversions
             WHERE clicked_at >= {from:DateTime64(3, 'UTC')} AND clicked_at <= {to:DateTime64(3, 'UTC')}
               AND click_id IN {ids:Array(String)} AND attributed = 1
             GROUP BY click_id`,
            { ids, from, to },
          ),
        ]);
  const names =
    page.length === 0
      ? []
      : await db
          .select({ id: schema.campaigns.id, name: schema.campaigns.name })
          .from(schema.campaigns)
          .where(inArray(schema.campaigns.id, [...new Set(page.map((r) => r.campaign_id))]));
  const exitOf = new Map(exits.map((e) => [e.click_id, e.first_exit]));
  const conversionsOf = new Map(conversions.map((c) => [c.click_id, c]));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));

  const rows: ClickLogRow[] = page.map((r) => {
    const exitedAt = exitOf.get(r.click_id);
    const conversion = conversionsOf.get(r.click_id);
    return {
      clickId: r.click_id,
      campaignId: r.campaign_id,
      campaignName: nameOf.get(r.campaign_id) ?? r.campaign_id,
      clickedAt: isoFromChTime(r.clicked_at),
      exitedAt: exitedAt ? isoFromChTime(exitedAt) : null,
      conversions: Number(conversion?.conversions ?? 0),
      revenue: moneyFromCents(conversion ? centsFromMoney(conversion.revenue) : 0),
      tiktokCampaignId: r.tiktok_campaign_id,
      tiktokCampaignName: r.campaign_name,
      tiktokAdGroupId: r.tiktok_ad_group_id,
      adGroupName: r.ad_group_name,
      tiktokCreativeId: r.tiktok_creative_id,
      creativeName: r.creative_name,
      placement: r.placement,
      sparkId: r.spark_id,
      ipAddress: r.ip,
      userAgent: r.user_agent,
      bot: r.bot,
    };
  });

  const totalClicks = Number(counts?.clicks ?? 0);
  const exitClicks = Number(exited?.clicks ?? 0);
  const convertedClicks = Number(converted?.clicks ?? 0);
  return {
    rows,
    total: totalClicks,
    summary: {
      totalClicks,
      exitClicks,
      convertedClicks,
      conversionRate: clickConversionRate(convertedClicks, totalClicks),
      landerCtr: landerCtr(exitClicks, totalClicks),
    },
  };
}
