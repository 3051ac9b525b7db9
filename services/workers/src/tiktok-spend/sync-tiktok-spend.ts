// The spend sync job: per TikTok ad account, pulls campaign × day spend for the recent days (or an
// on-demand backfill, window by window) in the advertiser's time zone and replaces those days' rows
// through the analytics store's spend path, so reports show them at once. Each account's last run,
// rows, duration and error are kept on its row for the Settings card; one account failing never
// stops the others. Throttling is retried inside the client, so a run is not retried as a whole.
import { eq } from 'drizzle-orm';
import { decryptSecret, replaceAdvertiserSpend, schema, type Analytics, type Db, type JobProcessor, type Logger, type OutgoingPolicy } from '@tracker/core';
import { getCampaignDailySpend } from '@tracker/integrations';
import { spendSyncJobSchema, type SpendSyncJob, type SpendSyncOutcome } from '@tracker/schemas';
import { daysOf, recentRange, reportWindows } from './spend-days';

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

async function pullAccount(deps: SpendSyncDeps, account: Account, range: SpendSyncJob['range']): Promise<number> {
  const accessToken = decryptSecret(deps.secretsKey, account.accessToken);
  const wanted = range ?? recentRange((deps.now ?? Date.now)(), account.timezone);
  let rows = 0;
  for (const window of reportWindows(wanted)) {
    const pulled = await getCampaignDailySpend({
      apiUrl: deps.tiktokApiUrl,
      outgoing: deps.outgoing,
      accessToken,
      advertiserId: account.advertiserId,
      ...window,
      backoffMs: deps.tiktokBackoffMs,
    });
    const inWindow = pulled.filter((r) => r.date >= window.startDate && r.date <= window.endDate && r.campaignId);
    // Each window is written once it is pulled: a failure later keeps the windows already replaced.
    rows += await replaceAdvertiserSpend(deps.db, deps.analytics, {
      advertiserId: account.advertiserId,
      dates: daysOf(window),
      rows: inWindow.map((r) => ({
        date: r.date,
        tiktokCampaignId: r.campaignId,
        campaignName: r.campaignName,
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
