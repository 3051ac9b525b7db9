// A stretch of raw clicks as Click Log rows: each click's first exit and its conversions by status (read for
// those clicks only) and its campaign's name. Shared by the paged table and the streamed CSV.
import { inArray } from 'drizzle-orm';
import { schema, type Analytics, type Db } from '@tracker/core';
import { centsFromMoney, moneyFromCents, type ClickLogRow } from '@tracker/schemas';
import { isoFromChTime, localTime, type ClickPageRow } from './click-keyset';

export interface DescribedClick {
  row: ClickLogRow;
  /** Clicked and first exit times in the report time zone, 'yyyy-MM-dd HH:mm:ss'. */
  clickedLocal: string;
  exitedLocal: string | null;
}

/** Campaign names by id, kept across calls by a caller that describes many stretches (the CSV). */
export type CampaignNames = Map<string, string>;

async function readCampaignNames(db: Db, ids: string[], known: CampaignNames): Promise<CampaignNames> {
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const found = await db
      .select({ id: schema.campaigns.id, name: schema.campaigns.name })
      .from(schema.campaigns)
      .where(inArray(schema.campaigns.id, missing));
    for (const c of found) known.set(c.id, c.name);
    // A deleted campaign shows as its id; remembering that spares asking again.
    for (const id of missing) if (!known.has(id)) known.set(id, id);
  }
  return known;
}

/** `clicks` newest first, as they came from readClickPage; answers in the same order. */
export async function describeClicks(
  deps: { db: Db; analytics: Analytics },
  clicks: ClickPageRow[],
  tz: string,
  names: CampaignNames = new Map(),
): Promise<DescribedClick[]> {
  if (clicks.length === 0) return [];
  const ids = clicks.map((r) => r.click_id);
  const from = clicks[clicks.length - 1]!.clicked_at;
  const to = clicks[0]!.clicked_at;
  const [exits, conversions] = await Promise.all([
    deps.analytics.query<{ click_id: string; first_exit: string; first_exit_local: string }>(
      `SELECT click_id, min(exited_at) AS first_exit, ${localTime('min(exited_at)')} AS first_exit_local FROM exits
       WHERE exited_at >= {from:DateTime64(3, 'UTC')} AND click_id IN {ids:Array(String)}
       GROUP BY click_id`,
      { ids, from, tz },
    ),
    deps.analytics.query<{ click_id: string; conversions: number; revenue: string; pending: number; pending_payout: string; rejected: number }>(
      `SELECT click_id, sumIf(sign, status = 'approved') AS conversions,
              sumIf(sign * payout, status = 'approved') AS revenue,
              sumIf(sign, status = 'pending') AS pending,
              sumIf(sign * payout, status = 'pending') AS pending_payout,
              sumIf(sign, status = 'rejected') AS rejected
       FROM conversions
       WHERE clicked_at >= {from:DateTime64(3, 'UTC')} AND clicked_at <= {to:DateTime64(3, 'UTC')}
         AND click_id IN {ids:Array(String)} AND attributed = 1
       GROUP BY click_id`,
      { ids, from, to },
    ),
    readCampaignNames(deps.db, [...new Set(clicks.map((r) => r.campaign_id))], names),
  ]);
  const exitOf = new Map(exits.map((e) => [e.click_id, e]));
  const conversionsOf = new Map(conversions.map((c) => [c.click_id, c]));

  return clicks.map((r) => {
    const exit = exitOf.get(r.click_id);
    const conversion = conversionsOf.get(r.click_id);
    return {
      clickedLocal: r.clicked_local,
      exitedLocal: exit?.first_exit_local ?? null,
      row: {
        clickId: r.click_id,
        campaignId: r.campaign_id,
        campaignName: names.get(r.campaign_id) ?? r.campaign_id,
        clickedAt: isoFromChTime(r.clicked_at),
        exitedAt: exit ? isoFromChTime(exit.first_exit) : null,
        conversions: Number(conversion?.conversions ?? 0),
        revenue: moneyFromCents(conversion ? centsFromMoney(conversion.revenue) : 0),
        pendingConversions: Number(conversion?.pending ?? 0),
        pendingPayout: moneyFromCents(conversion ? centsFromMoney(conversion.pending_payout) : 0),
        rejectedConversions: Number(conversion?.rejected ?? 0),
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
        country: r.country,
        device: r.device,
        os: r.os,
        browser: r.browser,
        rule: r.rule,
      },
    };
  });
}
