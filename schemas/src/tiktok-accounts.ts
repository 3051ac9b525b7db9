// TikTok ad accounts and their spend sync: the admin's add-account body, the on-demand sync
// body, the job payload, and the answers the Settings card and the Stats screen read.
import { z } from 'zod';
import { dateRange, daysInRange, isCalendarDate } from './reports';
import { headerToken, singleLine } from './text-fields';
import { wireTimestamp } from './wire-values';

/** The queue's job name: one run pulls one account, or every account when none is named. */
export const TIKTOK_SPEND_SYNC_JOB = 'tiktok-spend-sync';
/** TikTok answers at most 30 days per report call; a longer backfill is pulled in windows of this size. */
export const TIKTOK_REPORT_WINDOW_DAYS = 30;
/** The scheduled sync re-pulls today and this many days before, in the advertiser's time zone. */
export const TIKTOK_RECENT_DAYS_BEFORE = 3;
/** The longest on-demand backfill. */
export const MAX_SPEND_BACKFILL_DAYS = 366;
export const TIKTOK_ACCOUNT_TAKEN_MESSAGE = 'This advertiser account is already connected';

/** POST /api/tiktok/accounts. */
export const tiktokAccountCreateSchema = z.strictObject({
  advertiserId: singleLine('Advertiser ID', { error: 'Advertiser ID is required' })
    .min(1, 'Advertiser ID is required')
    .max(64, 'Advertiser ID is too long')
    .regex(/^\d+$/, 'Advertiser ID must be digits only'),
  accessToken: headerToken('Access token', { error: 'Access token is required' })
    .min(1, 'Access token is required')
    .max(2000, 'Access token is too long'),
  name: singleLine('Name').max(200, 'Name is too long').nullish().transform((v) => (v ? v : null)),
});
export type TiktokAccountCreate = z.infer<typeof tiktokAccountCreateSchema>;

/** POST /api/tiktok/accounts/{id}/sync: both dates or neither (neither = today and the 3 days before). */
export const spendSyncBodySchema = z
  .strictObject({
    startDate: z.string().refine(isCalendarDate, 'startDate must be a date as yyyy-MM-dd').optional(),
    endDate: z.string().refine(isCalendarDate, 'endDate must be a date as yyyy-MM-dd').optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.startDate === undefined) !== (b.endDate === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Send both startDate and endDate, or neither' });
    } else if (b.startDate && b.endDate) {
      const days = daysInRange(b.startDate, b.endDate);
      if (days < 1) ctx.addIssue({ code: 'custom', message: 'endDate must not be before startDate' });
      else if (days > MAX_SPEND_BACKFILL_DAYS) ctx.addIssue({ code: 'custom', message: `A backfill can be at most ${MAX_SPEND_BACKFILL_DAYS} days` });
    }
  });
export type SpendSyncBody = z.infer<typeof spendSyncBodySchema>;

export const spendSyncJobSchema = z.object({
  /** Our account id; absent: every account (the schedule). */
  accountId: z.number().int().positive().optional(),
  range: dateRange.optional(),
});
export type SpendSyncJob = z.infer<typeof spendSyncJobSchema>;

/** One account's outcome of a sync run. */
export interface SpendSyncOutcome {
  accountId: number;
  rows: number;
  error: string | null;
}

/** A row of GET /api/tiktok/accounts (and the answer to an add); the token only masked. */
export const tiktokAccountViewSchema = z.object({
  id: z.number(),
  advertiserId: z.string(),
  name: z.string(),
  accessTokenMasked: z.string(),
  timezone: z.string(),
  currency: z.string(),
  /** The rate its latest converted spend row used (units of the workspace currency per unit of the account's,
   *  docs/currencies.md) and the day that rate was published for; null while no spend row was converted. */
  latestRate: z.object({ rate: z.string(), day: z.string() }).nullable(),
  createdAt: wireTimestamp,
  lastSyncAt: wireTimestamp.nullable(),
  lastSuccessAt: wireTimestamp.nullable(),
  lastSyncRows: z.number().nullable(),
  lastSyncDurationMs: z.number().nullable(),
  lastSyncError: z.string().nullable(),
});
export type TiktokAccountView = z.output<typeof tiktokAccountViewSchema>;

/** POST /api/tiktok/accounts/{id}/test: what TikTok reports for the advertiser. */
export const tiktokConnectionTestSchema = z.object({
  ok: z.literal(true),
  name: z.string(),
  timezone: z.string(),
  currency: z.string(),
});
export type TiktokConnectionTest = z.output<typeof tiktokConnectionTestSchema>;

/** POST /api/tiktok/accounts/{id}/sync: answered when the job is done, with the campaign-day rows it recorded. */
export const spendSyncResultSchema = z.object({ rows: z.number() });
export type SpendSyncResult = z.output<typeof spendSyncResultSchema>;

/** GET /api/tiktok/spend/freshness: cheap to poll; null times when no account ever synced. */
export const spendFreshnessSchema = z.object({
  accounts: z.number(),
  /** The oldest of the accounts' last successful syncs (how fresh all the money is), or null. */
  syncedAt: wireTimestamp.nullable(),
  /** Accounts whose last run failed, with its error. */
  failing: z.array(z.object({ name: z.string(), error: z.string() })),
  /** The workspace currency the money is shown in. */
  currency: z.string(),
  /** Spend in another currency waiting for its day's rate, per currency and day: reports leave it out until then. */
  waitingForRates: z.array(z.object({ currency: z.string(), day: z.string(), amount: z.string(), rows: z.number() })),
  /** Postback payouts of offers paying in another currency, parked until their day's rate: reports leave them out. */
  payoutsWaitingForRates: z.array(z.object({ currency: z.string(), day: z.string(), amount: z.string(), conversions: z.number() })),
});
export type SpendFreshness = z.output<typeof spendFreshnessSchema>;
