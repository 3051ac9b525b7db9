// The spend sync job: per TikTok ad account, pulls spend at ad level for the recent days (or an
// on-demand backfill, window by window) in the advertiser's time zone: by the hour for today and
// yesterday, by the day for older days. Each pull replaces those days' rows (record-ad-spend.ts), so
// reports show them at once. Each account's last run,
// rows, duration and error are kept on its row for the Settings card; one account failing never
// stops the others. Throttling is retried inside the client, so a run is not retried as a whole.
import { eq } from 'drizzle-orm';
import { addDays, decryptSecret, replaceAdvertiserAdSpend, schema, zonedHourToUtc, type Analytics, type Db, type JobProcessor, type Logger, type OutgoingPolicy } from '@tracker/core';
import { getAdSpend, type AdSpendRow } from '@tracker/integrations';
import { spendSyncJobSchema, type SpendSyncJob, type SpendSyncOutcome } from '@tracker/schemas';
import { daysOf, hourlyDays, recentRange, reportWindows } from './spend-days';

export interface SpendSyncDeps {
  db: Db;
  analytics: Analytics;
  secretsKey: Buffer;
  tiktokApiUrl: string;
  /** Which addresses calls to third parties may reach (OUTGOING_ALLOW_PRIVATE); absent: public ones only. */
  outgoing?: OutgoingPolicy;
  logger: Logger;
  /** The clock deciding "today" (tests pin it). */
  now?: () => number;
  /** First retry delay of a throttled TikTok call; tests shorten it. */
  tiktokBackoffMs?: number;
}

type Account = typeof schema.tiktokAccounts.$inferSelect;

/** The pulls of a range: its days before yesterday in 30-day windows by the day, then today and
 *  yesterday one by one by the hour (TikTok serves hourly rows one day a call). */
function pullsOf(range: { startDate: string; endDate: string }, hourly: Set<string>): Array<{ startDate: string; endDate: string; granularity: 'hour' | 'day' }> {
  const firstHourly = [...hourly].sort()[0]!;
  const pulls: Array<{ startDate: string; endDate: string; granularity: 'hour' | 'day' }> = [];
  const lastDaily = range.endDate < firstHourly ? range.endDate : addDays(firstHourly, -1);
  if (range.startDate <= lastDaily) {
    for (const window of reportWindows({ startDate: range.startDate, endDate: lastDaily })) pulls.push({ ...window, granularity: 'day' });
  }
  for (const day of daysOf(range)) if (day >= firstHourly) pulls.push({ startDate: day, endDate: day, granularity: hourly.has(day) ? 'hour' : 'day' });
  return pulls;
}

async function pullAccount(deps: SpendSyncDeps, account: Account, range: SpendSyncJob['range']): Promise<number> {
  const accessToken = decryptSecret(deps.secretsKey, account.accessToken);
  const now = (deps.now ?? Date.now)();
  const wanted = range ?? recentRange(now, account.timezone);
  let rows = 0;
  for (const pull of pullsOf(wanted, hourlyDays(now, account.timezone))) {
    const pulled = await getAdSpend({
      apiUrl: deps.tiktokApiUrl,
      outgoing: deps.outgoing,
      accessToken,
      advertiserId: account.advertiserId,
      ...pull,
      backoffMs: deps.tiktokBackoffMs,
    });
    const inWindow = pulled.filter((r) => r.date >= pull.startDate && r.date <= pull.endDate && r.adId && r.campaignId);
    const startOf = (r: AdSpendRow) => zonedHourToUtc(r.date, r.hour ?? 0, account.timezone);
    // Each pull is written once it is pulled: a failure later keeps the days already replaced.
    rows += await replaceAdvertiserAdSpend(deps.db, deps.analytics, {
      advertiserId: account.advertiserId,
      // TikTok reports spend in the account's currency; rows are converted into the workspace's at their day's rate.
      currency: account.currency,
      days: daysOf(pull),
      rows: inWindow.map((r) => ({
        advertiserDay: r.date,
        startsAt: startOf(r),
        hours: r.hour === null ? 24 : 1,
        tiktokCampaignId: r.campaignId,
        tiktokAdgroupId: r.adgroupId,
        tiktokAdId: r.adId,
        campaignName: r.campaignName,
        adgroupName: r.adgroupName,
        adName: r.adName,
        spend: r.spend,
        impressions: r.impressions,
        clicks: r.clicks,
        conversions: r.conversions,
      })),
    });
  }
  return rows;
}

export async function syncAccount(deps: SpendSyncDeps, account: Account, range?: SpendSyncJob['range']): Promise<SpendSyncOutcome> {
  const started = Date.now();
  let rows = 0;
  let error: string | null = null;
  try {
    rows = await pullAccount(deps, account, range);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    deps.logger.warn({ advertiserId: account.advertiserId, err: failure }, 'TikTok spend sync failed');
  }
  const finished = new Date();
  await deps.db
    .update(schema.tiktokAccounts)
    .set({
      lastSyncAt: finished,
      lastSyncRows: rows,
      lastSyncDurationMs: finished.getTime() - started,
      lastSyncError: error,
      ...(error === null ? { lastSuccessAt: finished } : {}),
    })
    .where(eq(schema.tiktokAccounts.id, account.id));
  return { accountId: account.id, rows, error };
}

export function syncTiktokSpend(deps: SpendSyncDeps): JobProcessor<SpendSyncJob, { accounts: SpendSyncOutcome[] }> {
  return async (job) => {
    const data = spendSyncJobSchema.parse(job.data);
    const accounts = await deps.db
      .select()
      .from(schema.tiktokAccounts)
      .where(data.accountId === undefined ? undefined : eq(schema.tiktokAccounts.id, data.accountId))
      .orderBy(schema.tiktokAccounts.id);
    const outcomes: SpendSyncOutcome[] = [];
    for (const account of accounts) outcomes.push(await syncAccount(deps, account, data.range));
    return { accounts: outcomes };
  };
}
