// TikTok spend per ad and hour (or per ad and advertiser day), as the spend sync pulls it: recorded in the
// entity store's tiktok_ad_spend, mirrored into the analytics table ad_spend, and summed per campaign and
// day into the `spend` table (record-spend.ts) that reports and the spend list have always read. Both
// analytics tables hold the workspace currency: an account in another currency has each row converted at
// the rate of its advertiser day (fx-rates/spend-conversion.ts), the entity rows keep the original amount,
// currency, rate and rate day, and a row whose rate is not known yet waits (fx_pending) and counts 0 until
// reexpressSpend converts it. reexpressSpend also re-expresses stored rows when the workspace currency or a
// day's rate changes.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { moneyText, parseMoney, SPEND_AMOUNT } from '@tracker/schemas';
import type { Db } from '../db/entities';
import { tiktokAdSpend } from '../db/schema';
import { MoneyConverter, type SpendConversion } from '../fx-rates/spend-conversion';
import type { Analytics } from './analytics';
import { EVIDENCE_FROM_NEW_ROW, replaceAdvertiserSpend, type SpendInput } from './record-spend';

export interface AdSpendInput {
  /** The advertiser's calendar day the row belongs to, yyyy-MM-dd. */
  advertiserDay: string;
  /** The row's first instant (the advertiser-local hour, or the advertiser's midnight for a daily row), epoch ms. */
  startsAt: number;
  /** 1 for an hourly row, 24 for a daily one. */
  hours: 1 | 24;
  tiktokCampaignId: string;
  tiktokAdgroupId: string;
  tiktokAdId: string;
  campaignName?: string | null;
  adgroupName?: string | null;
  adName?: string | null;
  /** Decimal string, at most 2 decimals, not negative: in the row's currency (the account's). */
  spend: string;
  /** The currency `spend` is in, when not the pull's. */
  currency?: string;
  impressions?: number;
  clicks?: number;
  conversions?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const BATCH = 500;

const rowKey = (r: { advertiserDay: string; hours: number; startsAt: number; tiktokAdId: string }) =>
  `${r.advertiserDay}\u0000${r.hours}\u0000${r.startsAt}\u0000${r.tiktokAdId}`;

/** 'yyyy-MM-dd HH:mm:ss.SSS' in UTC, as ClickHouse's DateTime columns take it. */
const analyticsTime = (epochMs: number) => new Date(epochMs).toISOString().replace('T', ' ').replace('Z', '');

function checkRow(row: AdSpendInput): string {
  if (!DATE.test(row.advertiserDay)) throw new Error(`Ad spend day must be yyyy-MM-dd: ${JSON.stringify(row.advertiserDay)}`);
  if (!row.tiktokAdId || !row.tiktokCampaignId) throw new Error('Ad spend needs a TikTok ad id and campaign id');
  if (!Number.isInteger(row.startsAt) || (row.hours === 1 && row.startsAt % 900_000 !== 0)) throw new Error('An hourly row starts on a whole hour of its zone');
  return moneyText(parseMoney(row.spend, SPEND_AMOUNT));
}

/**
 * A sync's pull of whole advertiser days for one advertiser, at ad level: its rows replace what those days
 * held. Every row of those days stored before and missing from the pull (an ad that stopped spending, an
 * hour TikTok took back, the hourly rows of a day now pulled as one daily row) is recorded as zero. The
 * per-campaign sums of each day go to the campaign-day `spend` table the same way. Entity store first,
 * then the analytics mirror; both writes are idempotent, so a failed call is simply retried. Answers the
 * rows pulled.
 */
export async function replaceAdvertiserAdSpend(
  db: Db,
  analytics: Analytics,
  pull: {
    advertiserId: string;
    /** The account's currency (what TikTok reports spend in); the workspace currency when absent. */
    currency?: string;
    days: readonly string[];
    rows: readonly AdSpendInput[];
  },
  converter?: MoneyConverter,
): Promise<number> {
  const convert = converter ?? (await MoneyConverter.open(db));
  const currency = pull.currency ?? convert.workspace;
  const days = new Set(pull.days);
  const checked = pull.rows.map((r) => {
    if (!days.has(r.advertiserDay)) throw new Error(`Ad spend of ${r.advertiserDay} is outside the days pulled`);
    return { ...r, spend: checkRow(r) };
  });
  // One row per (day, hours, hour, ad): the last one given wins, as a later pull would.
  const latest = new Map(checked.map((r) => [rowKey(r), r]));
  const zeroes: typeof checked = [];
  for (let i = 0; i < pull.days.length; i += BATCH) {
    const before = await db
      .select()
      .from(tiktokAdSpend)
      .where(and(eq(tiktokAdSpend.advertiserId, pull.advertiserId), inArray(tiktokAdSpend.advertiserDay, pull.days.slice(i, i + BATCH))));
    for (const r of before) {
      const row = { ...r, startsAt: r.startsAt.getTime(), hours: r.hours as 1 | 24, spend: '0.00', currency: r.originalCurrency ?? currency, impressions: 0, clicks: 0, conversions: 0 };
      // Already-zero rows are written again too: a call that failed between the two stores left the mirror behind.
      if (!latest.has(rowKey(row))) zeroes.push(row);
    }
  }
  const syncedAt = new Date();
  const conversions = new Map<string, SpendConversion>();
  for (const r of [...zeroes, ...latest.values()]) conversions.set(rowKey(r), await convert.convert(r.spend, r.currency ?? currency, r.advertiserDay));
  const values = [...zeroes, ...latest.values()].map((r) => ({
    advertiserId: pull.advertiserId,
    advertiserDay: r.advertiserDay,
    startsAt: new Date(r.startsAt),
    hours: r.hours,
    tiktokCampaignId: r.tiktokCampaignId,
    tiktokAdgroupId: r.tiktokAdgroupId,
    tiktokAdId: r.tiktokAdId,
    campaignName: r.campaignName ?? null,
    adgroupName: r.adgroupName ?? null,
    adName: r.adName ?? null,
    ...conversions.get(rowKey(r))!,
    impressions: r.impressions ?? 0,
    clicks: r.clicks ?? 0,
    conversions: r.conversions ?? 0,
    syncedAt,
  }));
  for (let i = 0; i < values.length; i += BATCH) {
    await db
      .insert(tiktokAdSpend)
      .values(values.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [tiktokAdSpend.advertiserId, tiktokAdSpend.advertiserDay, tiktokAdSpend.hours, tiktokAdSpend.startsAt, tiktokAdSpend.tiktokAdId],
        set: {
          tiktokCampaignId: sql`excluded.tiktok_campaign_id`,
          tiktokAdgroupId: sql`excluded.tiktok_adgroup_id`,
          campaignName: sql`excluded.campaign_name`,
          adgroupName: sql`excluded.adgroup_name`,
          adName: sql`excluded.ad_name`,
          spend: sql`excluded.spend`,
          impressions: sql`excluded.impressions`,
          clicks: sql`excluded.clicks`,
          conversions: sql`excluded.conversions`,
          syncedAt: sql`excluded.synced_at`,
          ...EVIDENCE_FROM_NEW_ROW,
        },
      });
  }
  for (let i = 0; i < values.length; i += 50_000) {
    await analytics.insert(
      'ad_spend',
      values.slice(i, i + 50_000).map((v) => ({
        advertiser_id: v.advertiserId,
        starts_at: analyticsTime(v.startsAt.getTime()).slice(0, 19),
        hours: v.hours,
        advertiser_day: v.advertiserDay,
        tiktok_campaign_id: v.tiktokCampaignId,
        tiktok_adgroup_id: v.tiktokAdgroupId,
        tiktok_ad_id: v.tiktokAdId,
        campaign_name: v.campaignName ?? '',
        adgroup_name: v.adgroupName ?? '',
        ad_name: v.adName ?? '',
        spend: v.spend,
        impressions: v.impressions,
        clicks: v.clicks,
        conversions: v.conversions,
        synced_at: analyticsTime(syncedAt.getTime()),
      })),
    );
  }
  // The campaign-day sums: what the `spend` table holds for each pulled day, in the workspace currency (the
  // sum of the converted rows, so both tables agree to the cent), with the original sum and the day's rate.
  const sums = new Map<string, SpendInput & { cents: bigint; originalCents: bigint; evidence: Omit<SpendConversion, 'spend' | 'originalSpend'> }>();
  for (const r of latest.values()) {
    const key = `${r.advertiserDay}\u0000${r.tiktokCampaignId}`;
    const converted = conversions.get(rowKey(r))!;
    const { spend: _spend, originalSpend: _original, ...evidence } = converted;
    const sum =
      sums.get(key) ??
      sums
        .set(key, { date: r.advertiserDay, tiktokCampaignId: r.tiktokCampaignId, campaignName: r.campaignName ?? null, spend: '0', cents: 0n, originalCents: 0n, evidence, impressions: 0, clicks: 0, conversions: 0 })
        .get(key)!;
    sum.cents += parseMoney(converted.spend, SPEND_AMOUNT);
    sum.originalCents += parseMoney(converted.originalSpend, SPEND_AMOUNT);
    // The day's rate is one for all its rows; a row that waits makes the sum wait too (it leaves that row out).
    if (converted.fxPending) sum.evidence = { ...sum.evidence, fxPending: true };
    else if (converted.fxRate && !sum.evidence.fxRate) sum.evidence = { ...evidence, fxPending: sum.evidence.fxPending };
    sum.impressions! += r.impressions ?? 0;
    sum.clicks! += r.clicks ?? 0;
    sum.conversions! += r.conversions ?? 0;
  }
  await replaceAdvertiserSpend(db, analytics, {
    advertiserId: pull.advertiserId,
    dates: pull.days,
    rows: [...sums.values()].map(({ cents, originalCents, evidence, ...r }) => ({
      ...r,
      spend: moneyText(cents),
      conversion: { ...evidence, originalSpend: moneyText(originalCents) },
    })),
  });
  return checked.length;
}

/**
 * Converts again the stored spend that is not in the workspace currency at its day's rate: rows waiting for
 * a rate (after a rates fetch or a manual rate), rows in another workspace currency (the setting changed:
 * history is re-expressed at the stored rates), and, when `days` are given, every row of those days or
 * converted at a rate of those days (a manual rate entered or removed). Each (advertiser, day) is rewritten
 * from the originals as a pull of it would be, entity rows and analytics mirror alike. Answers how many
 * advertiser days were rewritten and how many rows still wait for a rate.
 */
export async function reexpressSpend(db: Db, analytics: Analytics, options: { days?: readonly string[] } = {}): Promise<{ advertiserDays: number; waiting: number }> {
  const convert = await MoneyConverter.open(db);
  const t = tiktokAdSpend;
  const changedDays = options.days && options.days.length > 0 ? [inArray(t.advertiserDay, [...options.days]), inArray(t.fxRateDay, [...options.days])] : [];
  const stale = await db
    .selectDistinct({ advertiserId: t.advertiserId, advertiserDay: t.advertiserDay })
    .from(t)
    .where(and(isNotNull(t.originalCurrency), or(eq(t.fxPending, true), sql`${t.spendCurrency} is distinct from ${convert.workspace}`, ...changedDays)))
    .orderBy(t.advertiserId, t.advertiserDay);
  const byAdvertiser = new Map<string, string[]>();
  for (const s of stale) (byAdvertiser.get(s.advertiserId) ?? byAdvertiser.set(s.advertiserId, []).get(s.advertiserId)!).push(s.advertiserDay);
  for (const [advertiserId, days] of byAdvertiser) {
    for (let i = 0; i < days.length; i += 31) {
      const chunk = days.slice(i, i + 31);
      const stored = await db.select().from(t).where(and(eq(t.advertiserId, advertiserId), inArray(t.advertiserDay, chunk)));
      await replaceAdvertiserAdSpend(
        db,
        analytics,
        {
          advertiserId,
          days: chunk,
          rows: stored.map((r) => ({
            advertiserDay: r.advertiserDay,
            startsAt: r.startsAt.getTime(),
            hours: r.hours as 1 | 24,
            tiktokCampaignId: r.tiktokCampaignId,
            tiktokAdgroupId: r.tiktokAdgroupId,
            tiktokAdId: r.tiktokAdId,
            campaignName: r.campaignName,
            adgroupName: r.adgroupName,
            adName: r.adName,
            // Rows recorded before conversion hold their original as `spend`, in the currency they were recorded in.
            spend: r.originalSpend ?? r.spend,
            currency: r.originalCurrency ?? r.spendCurrency ?? convert.workspace,
            impressions: r.impressions,
            clicks: r.clicks,
            conversions: r.conversions,
          })),
        },
        convert,
      );
    }
  }
  const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.fxPending, true));
  return { advertiserDays: stale.length, waiting: Number(left?.n ?? 0) };
}
