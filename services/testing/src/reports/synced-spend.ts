// Test support for the reports property test: spend that arrives the way production gets it,
// by the spend sync job pulling a local fake of TikTok's reporting API. Two advertisers far from UTC
// (Los Angeles and Shanghai) with seeded figures; the sync runs with the clock pinned so "today" differs
// between them, and `expectedSpend` says, to the cent, what the analytics store must hold afterwards.
import { createLogger, encryptSecret, schema, type Analytics, type Db } from '@tracker/core';
import { registerProcessors } from '@tracker/workers';
import type { JobContext, JobProcessor } from '@tracker/core';
import { TIKTOK_SPEND_SYNC_JOB, type SpendSyncJob } from '@tracker/schemas';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeTiktokReporting, type FakeTiktokReporting } from '../fakes/tiktok-reporting-server';
import { Random } from './random-event-stream';

/** 03:00 UTC on 10 March: the 9th in Los Angeles, the 10th in Shanghai. */
const NOW = Date.parse('2026-03-10T03:00:00Z');
const ADVERTISERS = [
  { advertiserId: '9100', accessToken: 'prop-la-token', name: 'Property LA', timezone: 'America/Los_Angeles', campaigns: ['tt-1', 'tt-2', 'tt-9'] },
  { advertiserId: '9200', accessToken: 'prop-sh-token', name: 'Property SH', timezone: 'Asia/Shanghai', campaigns: ['tt-3', 'tt-4'] },
];
/** Today and the 3 days before, in each advertiser's zone at NOW. */
const PULLED_DAYS: Record<string, string[]> = {
  '9100': ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'],
  '9200': ['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'],
};
const SECRETS_KEY = Buffer.alloc(32, 9);

export interface SyncedSpend {
  /** Runs the spend sync job once over every account. */
  sync(): Promise<void>;
  /** Changes the figures TikTok reports: one row's spend moves, one row disappears. */
  changeADay(): void;
  /** The world's spend after the last sync, from what it held before: every pulled row replaces its (day, campaign), and a
   *  row an earlier sync wrote that TikTok no longer reports is gone. Call it after each sync. */
  expectedSpend(before: ReadonlyMap<string, number>): Map<string, number>;
  close(): Promise<void>;
}

const cents = (text: string) => Math.round(Number(text) * 100);

export async function startSyncedSpend(stores: { db: Db; analytics: Analytics }, seed: number): Promise<SyncedSpend> {
  const fake: FakeTiktokReporting = await startFakeTiktokReporting({ maxPageSize: 3 });
  const r = new Random(seed ^ 0x5e17);
  /** advertiser → (date|campaign → spend text), what the fake reports now. */
  const reported = new Map<string, Map<string, string>>();
  for (const a of ADVERTISERS) {
    fake.addAdvertiser(a);
    const rows = new Map<string, string>();
    // The 5th to the 11th: some of it outside what the sync pulls, which must stay as it was.
    for (let day = 5; day <= 11; day++) {
      for (const tt of a.campaigns) {
        if (!r.chance(0.75)) continue;
        const date = `2026-03-${String(day).padStart(2, '0')}`;
        const spend = `${r.int(0, 90)}.${String(r.int(0, 99)).padStart(2, '0')}`;
        rows.set(`${date}|${tt}`, spend);
        fake.setSpend(a.advertiserId, { date, campaignId: tt, campaignName: `Campaign ${tt}`, spend });
      }
    }
    reported.set(a.advertiserId, rows);
  }
  await stores.db
    .insert(schema.tiktokAccounts)
    .values(ADVERTISERS.map((a) => ({ advertiserId: a.advertiserId, name: a.name, accessToken: encryptSecret(SECRETS_KEY, a.accessToken), timezone: a.timezone, currency: 'USD' })));

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
  const job = (): JobContext<SpendSyncJob> => ({ id: `sync-${++run}`, name: TIKTOK_SPEND_SYNC_JOB, data: {}, attempt: 1, updateProgress: async () => {} });

  return {
    async sync() {
      const result = (await processor!(job())) as { accounts: Array<{ error: string | null }> };
      const errors = result.accounts.map((a) => a.error).filter((e) => e !== null);
      if (errors.length > 0) throw new Error(`spend sync failed: ${errors.join('; ')}`);
      for (const a of ADVERTISERS) {
        for (const key of reported.get(a.advertiserId)!.keys()) if (PULLED_DAYS[a.advertiserId]!.includes(key.split('|')[0]!)) written.add(key);
      }
    },
    changeADay() {
      // Within both pulls: the 8th. One figure moves, and one campaign TikTok no longer reports.
      for (const a of ADVERTISERS) {
        const rows = reported.get(a.advertiserId)!;
        const onTheEighth = [...rows.keys()].filter((k) => k.startsWith('2026-03-08|')).sort();
        const [moved, gone] = onTheEighth;
        if (moved) {
          const spend = `${r.int(91, 99)}.${String(r.int(0, 99)).padStart(2, '0')}`;
          rows.set(moved, spend);
          fake.setSpend(a.advertiserId, { date: '2026-03-08', campaignId: moved.split('|')[1]!, campaignName: 'Changed', spend });
        }
        if (gone) {
          rows.delete(gone);
          fake.removeSpend(a.advertiserId, '2026-03-08', gone.split('|')[1]!);
        }
      }
    },
    expectedSpend(before) {
      const spend = new Map(before);
      for (const a of ADVERTISERS) {
        const pulled = new Set(PULLED_DAYS[a.advertiserId]);
        const rows = reported.get(a.advertiserId)!;
        // A pulled day holds exactly what TikTok reports: a row an earlier sync wrote and TikTok no longer has counts nothing.
        for (const key of written) {
          const [date, tt] = key.split('|') as [string, string];
          if (pulled.has(date) && a.campaigns.includes(tt) && !rows.has(key)) spend.delete(key);
        }
        for (const [key, text] of rows) if (pulled.has(key.split('|')[0]!)) spend.set(key, cents(text));
      }
      return spend;
    },
    close: () => fake.close(),
  };
}
