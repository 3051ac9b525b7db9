// GET /api/tiktok/spend: ad spend rows per TikTok campaign and day (tiktok_spend) of the date range, with the
// evidence of their conversion into the workspace currency (original amount, rate, its day and whether an
// admin's manual rate was used). A scoped viewer (viewer-scope.ts) sees the rows of the TikTok campaigns their
// clicks came from only.
import { and, asc, gte, inArray, lte, sql } from 'drizzle-orm';
import { eurRateOn, schema, type Analytics, type Db } from '@tracker/core';
import { isCurrencyCode, rateText, type DateRangeQuery, type SpendRow } from '@tracker/schemas';
import { VIEWER_SPARKS_CONDITION, type ViewerScope } from './viewer-scope';

/** Whether the rate a row was converted at is an admin's: either currency's EUR rate read for the row's day
 *  (as the conversion read it) is a manual one. Each (currency, day) is read once per answer. */
function rateSourceReader(db: Db) {
  const seen = new Map<string, Promise<boolean>>();
  const manual = (currency: string, day: string) => {
    const key = `${currency} ${day}`;
    let found = seen.get(key);
    if (!found) {
      found = isCurrencyCode(currency) ? eurRateOn(db, currency, day).then((r) => r?.source === 'manual') : Promise.resolve(false);
      seen.set(key, found);
    }
    return found;
  };
  return async (row: { date: string; originalCurrency: string; spendCurrency: string }): Promise<'ecb' | 'manual'> =>
    (await manual(row.originalCurrency, row.date)) || (await manual(row.spendCurrency, row.date)) ? 'manual' : 'ecb';
}

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
  const sourceOf = rateSourceReader(deps.db);
  return Promise.all(
    rows.map(async (r) => ({
      date: r.date,
      tiktokCampaignId: r.tiktokCampaignId,
      campaignName: r.campaignName ?? '',
      spend: r.spend,
      impressions: r.impressions,
      clicks: r.clicks,
      conversions: r.conversions,
      originalSpend: r.originalSpend,
      originalCurrency: r.originalCurrency,
      spendCurrency: r.spendCurrency,
      fxRate: r.fxRate === null ? null : rateText(r.fxRate),
      fxRateDay: r.fxRateDay,
      fxRateSource:
        r.fxRate !== null && r.originalCurrency !== null && r.spendCurrency !== null
          ? await sourceOf({ date: r.date, originalCurrency: r.originalCurrency, spendCurrency: r.spendCurrency })
          : null,
      fxPending: r.fxPending,
    })),
  );
}
