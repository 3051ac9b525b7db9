// Ad spend per TikTok campaign and day: upserted into the entity store's tiktok_spend (the record)
// and mirrored into the analytics store's `spend` table, where reports allocate it (DESIGN.md §4).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { moneyText, parseMoney, SPEND_AMOUNT } from '@tracker/schemas';
import type { Db } from '../db/entities';
import { tiktokSpend } from '../db/schema';
import type { SpendEvidence } from '../fx-rates/spend-conversion';
import type { Analytics } from './analytics';

export interface SpendInput {
  /** The advertiser's calendar day, yyyy-MM-dd. */
  date: string;
  tiktokCampaignId: string;
  campaignName?: string | null;
  /** Decimal string, at most 2 decimals, not negative (schemas/money SPEND_AMOUNT). */
  spend: string;
  impressions?: number;
  clicks?: number;
  conversions?: number;
  /** The TikTok advertiser the row was pulled for (replaceAdvertiserSpend sets it). */
  advertiserId?: string | null;
  /** Evidence of the conversion into the workspace currency (record-ad-spend.ts; docs/currencies.md). */
  conversion?: SpendEvidence;
}

/** An upsert's evidence columns, taken from the new row (tiktok_spend and tiktok_ad_spend name them alike). */
export const EVIDENCE_FROM_NEW_ROW = {
  originalSpend: sql`excluded.original_spend`,
  originalCurrency: sql`excluded.original_currency`,
  spendCurrency: sql`excluded.spend_currency`,
  fxRate: sql`excluded.fx_rate`,
  fxRateDay: sql`excluded.fx_rate_day`,
  fxPending: sql`excluded.fx_pending`,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const BATCH = 500;

/** The row's spend as its canonical text ('12.5' → '12.50'); throws the money type's error otherwise. */
function checkRow(row: SpendInput): string {
  if (!DATE.test(row.date) || Number.isNaN(Date.parse(`${row.date}T00:00:00Z`))) {
    throw new Error(`Spend date must be yyyy-MM-dd: ${JSON.stringify(row.date)}`);
  }
  if (!row.tiktokCampaignId) throw new Error('Spend needs a TikTok campaign id');
  return moneyText(parseMoney(row.spend, SPEND_AMOUNT));
}

/** Records each row as the spend of its (date, TikTok campaign): a row replaces what that day and
 *  campaign had before, it is never added to it (a day's spend changes between pulls; FACTS.md).
 *  Entity store first, then the analytics mirror; both writes are idempotent, so a failed call is
 *  simply retried. */
export async function recordSpend(db: Db, analytics: Analytics, rows: readonly SpendInput[]): Promise<void> {
  if (rows.length === 0) return;
  // Every row is checked before anything is written: a bad row writes nothing.
  const checked = rows.map((r) => ({ ...r, spend: checkRow(r) }));
  // One row per (date, campaign): the last one given wins, as a later pull would.
  const latest = new Map(checked.map((r) => [`${r.date}\u0000${r.tiktokCampaignId}`, r]));
  const syncedAt = new Date();
  const values = [...latest.values()].map((r) => ({
    date: r.date,
    tiktokCampaignId: r.tiktokCampaignId,
    campaignName: r.campaignName ?? null,
    spend: r.spend,
    impressions: r.impressions ?? 0,
    clicks: r.clicks ?? 0,
    conversions: r.conversions ?? 0,
    syncedAt,
    advertiserId: r.advertiserId ?? null,
    originalSpend: r.conversion?.originalSpend ?? null,
    originalCurrency: r.conversion?.originalCurrency ?? null,
    spendCurrency: r.conversion?.spendCurrency ?? null,
    fxRate: r.conversion?.fxRate ?? null,
    fxRateDay: r.conversion?.fxRateDay ?? null,
    fxPending: r.conversion?.fxPending ?? false,
  }));
  for (let i = 0; i < values.length; i += BATCH) {
    await db
      .insert(tiktokSpend)
      .values(values.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [tiktokSpend.date, tiktokSpend.tiktokCampaignId],
        set: {
          campaignName: sql`excluded.campaign_name`,
          spend: sql`excluded.spend`,
          impressions: sql`excluded.impressions`,
          clicks: sql`excluded.clicks`,
          conversions: sql`excluded.conversions`,
          syncedAt: sql`excluded.synced_at`,
          advertiserId: sql`excluded.advertiser_id`,
          ...EVIDENCE_FROM_NEW_ROW,
        },
      });
  }
  const syncedAtText = syncedAt.toISOString().replace('T', ' ').replace('Z', '');
  for (let i = 0; i < values.length; i += 50_000) {
    await analytics.insert(
      'spend',
      values.slice(i, i + 50_000).map((v) => ({
        date: v.date,
        tiktok_campaign_id: v.tiktokCampaignId,
        campaign_name: v.campaignName ?? '',
        spend: v.spend,
        impressions: v.impressions,
        clicks: v.clicks,
        conversions: v.conversions,
        synced_at: syncedAtText,
      })),
    );
  }
}

/** A sync's pull of whole days for one advertiser: its rows are recorded, and that advertiser's rows of
 *  those days that the pull no longer has (a campaign that stopped spending, a figure TikTok took back)
 *  are recorded as zero, so each day holds exactly the new figures. Answers the rows recorded. */
export async function replaceAdvertiserSpend(
  db: Db,
  analytics: Analytics,
  pull: { advertiserId: string; dates: readonly string[]; rows: readonly SpendInput[] },
): Promise<number> {
  const rows = pull.rows.map((r) => ({ ...r, advertiserId: pull.advertiserId }));
  const pulled = new Set(rows.map((r) => `${r.date}\u0000${r.tiktokCampaignId}`));
  const zeroes: SpendInput[] = [];
  for (let i = 0; i < pull.dates.length; i += BATCH) {
    const before = await db
      .select({ date: tiktokSpend.date, tiktokCampaignId: tiktokSpend.tiktokCampaignId, campaignName: tiktokSpend.campaignName })
      .from(tiktokSpend)
      .where(and(eq(tiktokSpend.advertiserId, pull.advertiserId), inArray(tiktokSpend.date, pull.dates.slice(i, i + BATCH))));
    for (const r of before) {
      if (!pulled.has(`${r.date}\u0000${r.tiktokCampaignId}`)) zeroes.push({ ...r, spend: '0', advertiserId: pull.advertiserId });
    }
  }
  await recordSpend(db, analytics, [...zeroes, ...rows]);
  return rows.length;
}
