// Test support for the reports property test: spend that arrives the way production gets it,
// by the spend sync job pulling a local fake of TikTok's reporting API at ad level. Two advertisers far
// from UTC (Los Angeles, across its DST change, and Shanghai) with seeded figures per ad and local hour;
// the sync runs with the clock pinned so "today" differs between them, and `expectedSpend` says, to the
// cent, what the world's spend is afterwards: today and yesterday by the hour, older days by the day. The
// Shanghai account pays in euros: its rows are converted into the workspace's dollars at the ECB rate of their
// own day (Friday's for the weekend; today's not out yet at NOW, so today's spend waits until it is).
import { createLogger, encryptSecret, reexpressSpend, saveEcbRates, schema, type Analytics, type Db } from '@tracker/core';
import { registerProcessors } from '@tracker/workers';
import type { JobContext, JobProcessor } from '@tracker/core';
import { TIKTOK_SPEND_SYNC_JOB, type SpendSyncJob } from '@tracker/schemas';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeTiktokReporting, type FakeTiktokReporting } from '../fakes/tiktok-reporting-server';
import { Random } from './random-event-stream';

/** 03:00 UTC on 10 March: the 9th in Los Angeles, the 10th in Shanghai. */
const NOW = Date.parse('2026-03-10T03:00:00Z');
const ADVERTISERS = [
  { advertiserId: '9100', accessToken: 'prop-la-token', name: 'Property LA', timezone: 'America/Los_Angeles', currency: 'USD', campaigns: ['tt-1', 'tt-2', 'tt-9'] },
  { advertiserId: '9200', accessToken: 'prop-sh-token', name: 'Property SH', timezone: 'Asia/Shanghai', currency: 'EUR', campaigns: ['tt-3', 'tt-4'] },
];
/** Dollars per euro as the ECB publishes them (Thursday 5th to Monday 9th; the 7th and 8th are a weekend), and
 *  Tuesday the 10th's, published after NOW (publishLateRate). */
export const USD_PER_EUR: Readonly<Record<string, string>> = { '2026-03-05': '1.0832', '2026-03-06': '1.0795', '2026-03-09': '1.08615' };
export const LATE_RATE = { day: '2026-03-10', usdPerEur: '1.0907' };
/** Today and the 3 days before, in each advertiser's zone at NOW. */
const PULLED_DAYS: Record<string, string[]> = {
  '9100': ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'],
  '9200': ['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'],
};
/** Of those, the ones pulled by the hour: today and yesterday. */
const HOURLY_DAYS: Record<string, string[]> = { '9100': ['2026-03-08', '2026-03-09'], '9200': ['2026-03-09', '2026-03-10'] };
/** Local hours spent in (2 AM is skipped on 8 March in Los Angeles). */
const HOURS = [0, 1, 3, 7, 12, 16, 20, 23];
const SECRETS_KEY = Buffer.alloc(32, 9);

export interface SyncedSpend {
  /** Runs the spend sync job once over every account. */
  sync(): Promise<void>;
  /** Changes the figures TikTok reports: one row's spend moves, one row disappears. */
  changeADay(): void;
  /** The ECB publishes Tuesday the 10th's rate: the euro spend of that day that waited is converted. */
  publishLateRate(): Promise<void>;
  /** The world's spend after the last sync, from what it held before: every pulled day replaces its (day, campaign), by the
   *  hour for today and yesterday, and a row an earlier sync wrote that TikTok no longer reports is gone. Call it after each sync. */
  expectedSpend(before: WorldSpend): WorldSpend;
  close(): Promise<void>;
}

const cents = (text: string) => Math.round(Number(text) * 100);

/** Euro cents in dollar cents at `usdPerEur` (decimal text), rounded half away from zero: exact, in integers. */
export function toUsdCents(euroCents: number, usdPerEur: string): number {
  const [whole, fraction = ''] = usdPerEur.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const product = BigInt(euroCents) * BigInt(whole! + fraction);
  return Number(product / scale + (2n * (product % scale) >= scale ? 1n : 0n));
}

/** The dollars per euro a day converts at: its own publication, the Friday's on a weekend; undefined while unpublished. */
export function usdPerEurOn(published: Readonly<Record<string, string>>, date: string): string | undefined {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return published[weekday === 6 ? shift(date, -1) : weekday === 0 ? shift(date, -2) : date];
}

export interface WorldSpend {
  spend: Map<string, number>;
  hourlySpend: Map<string, Array<{ at: number; cents: number }>>;
  adSpend: Map<string, Array<{ at: number | null; adGroupId: string; adId: string; cents: number }>>;
}

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The UTC instant a local hour of the zone starts, found by walking the hours around the date (independent of the sync's arithmetic). */
function localHourStart(date: string, hour: number, timezone: string): number {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' });
  const want = `${date}, ${String(hour).padStart(2, '0')}`;
  for (let at = Date.parse(`${date}T00:00:00Z`) - 86_400_000; at < Date.parse(`${date}T00:00:00Z`) + 2 * 86_400_000; at += 3_600_000) {
    if (format.format(at) === want) return at;
  }
  throw new Error(`${date} ${hour}:00 does not exist in ${timezone}`);
}

export async function startSyncedSpend(stores: { db: Db; analytics: Analytics }, seed: number): Promise<SyncedSpend> {
  const fake: FakeTiktokReporting = await startFakeTiktokReporting({ maxPageSize: 3 });
  const r = new Random(seed ^ 0x5e17);
  /** advertiser → (date|hour|ad → campaign and spend text), what the fake reports now. */
  const reported = new Map<string, Map<string, { tt: string; adgroupId: string; spend: string }>>();
  for (const a of ADVERTISERS) {
    fake.addAdvertiser(a);
    const rows = new Map<string, { tt: string; adgroupId: string; spend: string }>();
    // The 5th to the 11th: some of it outside what the sync pulls, which must stay as it was.
    for (let day = 5; day <= 11; day++) {
      for (const tt of a.campaigns) {
        if (!r.chance(0.75)) continue;
        const date = `2026-03-${String(day).padStart(2, '0')}`;
        // One to four ad hours, from the ads the clicks carry (random-event-stream.ts: 'tt-1-ag2-cr3') and ones
        // no click carries (ad group 3, creative 4): those have spend without visits of their own.
        for (let n = r.int(1, 4); n > 0; n--) {
          const hour = HOURS[r.int(0, HOURS.length - 1)]!;
          const adgroupId = `${tt}-ag${r.int(1, 3)}`;
          const adId = `${adgroupId}-cr${r.int(1, 4)}`;
          const spend = `${r.int(0, 40)}.${String(r.int(0, 99)).padStart(2, '0')}`;
          rows.set(`${date}|${hour}|${adId}`, { tt, adgroupId, spend });
          fake.setSpend(a.advertiserId, { date, hour, adId, adgroupId, campaignId: tt, campaignName: `Campaign ${tt}`, spend });
        }
      }
    }
    // The euro account always spends today (the 10th in Shanghai), whose rate is not out at NOW: that spend waits.
    if (a.currency !== 'USD' && ![...rows.keys()].some((k) => k.startsWith('2026-03-10|'))) {
      const [tt] = a.campaigns;
      rows.set('2026-03-10|3|' + `${tt}-ag1-cr1`, { tt: tt!, adgroupId: `${tt}-ag1`, spend: '12.34' });
      fake.setSpend(a.advertiserId, { date: '2026-03-10', hour: 3, adId: `${tt}-ag1-cr1`, adgroupId: `${tt}-ag1`, campaignId: tt!, campaignName: `Campaign ${tt}`, spend: '12.34' });
    }
    reported.set(a.advertiserId, rows);
  }
  await stores.db
    .insert(schema.tiktokAccounts)
    .values(ADVERTISERS.map((a) => ({ advertiserId: a.advertiserId, name: a.name, accessToken: encryptSecret(SECRETS_KEY, a.accessToken), timezone: a.timezone, currency: a.currency })));
  await saveEcbRates(stores.db, Object.entries(USD_PER_EUR).map(([day, usd]) => ({ day, rates: { USD: usd } })));
  const published = { ...USD_PER_EUR };
  /** The dollars of a row of euro cents on an advertiser day: the day's rate, the Friday's on a weekend; null
   *  (the row waits, counting 0) while the day's rate is not out. */
  const inDollars = (currency: string, date: string, amount: number): number => {
    if (currency === 'USD') return amount;
    const rate = usdPerEurOn(published, date);
    return rate === undefined ? 0 : toUsdCents(amount, rate);
  };

  // The production processor, taken from the registration the workers do.
  let processor: JobProcessor<SpendSyncJob, unknown> | undefined;
  registerProcessors(
    {
      register: (name: string, p: JobProcessor<SpendSyncJob, unknown>) => {
        if (name === TIKTOK_SPEND_SYNC_JOB) processor = p;
      },
    } as never,
    { db: stores.db, analytics: stores.analytics, secretsKey: SECRETS_KEY, tiktokApiUrl: fake.url, outgoing: LOCAL_FAKES_OUTGOING, logger: createLogger('silent'), now: () => NOW, tiktokBackoffMs: 5 },
  );
  /** Every (date|campaign) a sync wrote: only those may a later pull take back (rows recorded otherwise stay). */
  const written = new Set<string>();
  let run = 0;
  const hasSpend = (advertiserId: string, date: string, tt: string) =>
    [...reported.get(advertiserId)!].some(([k, row]) => k.startsWith(`${date}|`) && row.tt === tt);
  const job = (): JobContext<SpendSyncJob> => ({ id: `sync-${++run}`, name: TIKTOK_SPEND_SYNC_JOB, data: {}, attempt: 1, updateProgress: async () => {} });

  return {
    async sync() {
      const result = (await processor!(job())) as { accounts: Array<{ error: string | null }> };
      const errors = result.accounts.map((a) => a.error).filter((e) => e !== null);
      if (errors.length > 0) throw new Error(`spend sync failed: ${errors.join('; ')}`);
      for (const a of ADVERTISERS) {
        for (const { tt } of reported.get(a.advertiserId)!.values()) for (const date of PULLED_DAYS[a.advertiserId]!) if (hasSpend(a.advertiserId, date, tt)) written.add(`${date}|${tt}`);
      }
    },
    changeADay() {
      // Within both pulls: the 8th (by the hour in Los Angeles, by the day in Shanghai). One ad hour's figure
      // moves, and one campaign TikTok no longer reports.
      for (const a of ADVERTISERS) {
        const rows = reported.get(a.advertiserId)!;
        const onTheEighth = [...rows.keys()].filter((k) => k.startsWith('2026-03-08|')).sort();
        const moved = onTheEighth[0];
        if (moved) {
          const [, hour, adId] = moved.split('|') as [string, string, string];
          const spend = `${r.int(41, 99)}.${String(r.int(0, 99)).padStart(2, '0')}`;
          const { tt, adgroupId } = rows.get(moved)!;
          rows.set(moved, { tt, adgroupId, spend });
          fake.setSpend(a.advertiserId, { date: '2026-03-08', hour: Number(hour), adId, adgroupId, campaignId: tt, campaignName: 'Changed', spend });
        }
        const gone = onTheEighth.map((k) => rows.get(k)!.tt).find((tt) => tt !== (moved && rows.get(moved)!.tt));
        if (gone) {
          for (const k of onTheEighth) if (rows.get(k)!.tt === gone) rows.delete(k);
          fake.removeSpend(a.advertiserId, '2026-03-08', gone);
        }
      }
    },
    async publishLateRate() {
      await saveEcbRates(stores.db, [{ day: LATE_RATE.day, rates: { USD: LATE_RATE.usdPerEur } }]);
      published[LATE_RATE.day] = LATE_RATE.usdPerEur;
      await reexpressSpend(stores.db, stores.analytics);
    },
    expectedSpend(before) {
      const spend = new Map(before.spend);
      const hourlySpend = new Map(before.hourlySpend);
      const adSpend = new Map(before.adSpend);
      for (const a of ADVERTISERS) {
        const rows = reported.get(a.advertiserId)!;
        for (const date of PULLED_DAYS[a.advertiserId]!) {
          const hourly = HOURLY_DAYS[a.advertiserId]!.includes(date);
          for (const tt of a.campaigns) {
            const key = `${date}|${tt}`;
            // A pulled day holds exactly what TikTok reports: a row an earlier sync wrote and TikTok no longer has counts nothing.
            if (written.has(key)) spend.delete(key);
            hourlySpend.delete(key);
            adSpend.delete(key);
            const hours = new Map<number, number>();
            /** Per ad: its hours (hourly days), or its day's sum (daily ones, hour -1). */
            const ads = new Map<string, { adGroupId: string; adId: string; hour: number; cents: number }>();
            for (const [k, row] of rows) {
              const [d, hour, adId] = k.split('|') as [string, string, string];
              if (d !== date || row.tt !== tt) continue;
              hours.set(Number(hour), (hours.get(Number(hour)) ?? 0) + cents(row.spend));
              const at = hourly ? Number(hour) : -1;
              const ad = ads.get(`${adId}|${at}`) ?? ads.set(`${adId}|${at}`, { adGroupId: row.adgroupId, adId, hour: at, cents: 0 }).get(`${adId}|${at}`)!;
              ad.cents += cents(row.spend);
            }
            if (hours.size === 0) continue;
            // Each stored ad row is converted on its own; the hours and the day are sums of converted rows.
            for (const ad of ads.values()) ad.cents = inDollars(a.currency, date, ad.cents);
            if (hourly) for (const hour of hours.keys()) hours.set(hour, [...ads.values()].filter((ad) => ad.hour === hour).reduce((x, ad) => x + ad.cents, 0));
            spend.set(key, [...ads.values()].reduce((x, ad) => x + ad.cents, 0));
            if (hourly) hourlySpend.set(key, [...hours].map(([hour, c]) => ({ at: localHourStart(date, hour, a.timezone), cents: c })));
            adSpend.set(
              key,
              [...ads.values()].map((ad) => ({ at: ad.hour < 0 ? null : localHourStart(date, ad.hour, a.timezone), adGroupId: ad.adGroupId, adId: ad.adId, cents: ad.cents })),
            );
          }
        }
      }
      return { spend, hourlySpend, adSpend };
    },
    close: () => fake.close(),
  };
}
