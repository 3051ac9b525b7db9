// The CAKE affiliate-network integration: the settings admins save, the on-demand sync
// body and its answers, and the card's status answer. The API key is write-only: answers carry its last 4 characters.
import { z } from 'zod';
import { httpUrl } from './http-url';
import { daysInRange, isCalendarDate } from './reports';
import { singleLine } from './text-fields';

/** CAKE answers at most this many days per report call; longer syncs are split into windows. */
export const CAKE_WINDOW_DAYS = 28;
/** The longest on-demand sync (a backfill): about a year, in 28-day windows. */
export const MAX_CAKE_SYNC_DAYS = 366;
/** Days a scheduled (or body-less) sync re-pulls: CAKE revises recent days as conversions settle. */
export const CAKE_RECENT_DAYS = 7;

/** PUT /api/integrations/cake. A blank apiKey keeps the stored key (the card never has it back). */
export const cakeSettingsSchema = z.strictObject({
  baseUrl: httpUrl('baseUrl', { error: 'The CAKE base URL is required', max: 500, invalid: 'The CAKE base URL must start with http:// or https://' }).refine(
    (v) => v !== '',
    'The CAKE base URL is required',
  ),
  apiKey: singleLine('apiKey').max(200, 'The API key must be at most 200 characters').default(''),
  affiliateId: singleLine('affiliateId', { error: 'The affiliate id is required' })
    .max(50, 'The affiliate id must be at most 50 characters')
    .regex(/^\d+$/, 'The affiliate id is a number, as CAKE shows it'),
});
export type CakeSettingsBody = z.input<typeof cakeSettingsSchema>;
export type CakeSettings = z.output<typeof cakeSettingsSchema>;

const syncDate = (name: string) =>
  singleLine(name).max(10, `${name} must be a date as yyyy-MM-dd`).refine(isCalendarDate, `${name} must be a date as yyyy-MM-dd`).optional();

/** POST /api/integrations/cake/sync: the days to pull, inclusive; both absent = the recent days. */
export const cakeSyncSchema = z
  .strictObject({ startDate: syncDate('startDate'), endDate: syncDate('endDate') })
  .refine((b) => (b.startDate === undefined) === (b.endDate === undefined), 'Send both startDate and endDate, or neither')
  .superRefine((b, ctx) => {
    if (b.startDate === undefined || b.endDate === undefined) return;
    const days = daysInRange(b.startDate, b.endDate);
    if (days < 1) ctx.addIssue({ code: 'custom', message: 'endDate must not be before startDate' });
    else if (days > MAX_CAKE_SYNC_DAYS) ctx.addIssue({ code: 'custom', message: `A CAKE sync can cover at most ${MAX_CAKE_SYNC_DAYS} days` });
  });
export type CakeSyncBody = z.input<typeof cakeSyncSchema>;

/** The job's input: the inclusive day range to pull. */
export const cakeSyncJobSchema = z.object({ startDate: z.string(), endDate: z.string() });
export type CakeSyncJob = z.infer<typeof cakeSyncJobSchema>;

/** The job's result (also the sync route's 200). */
export const cakeSyncResultSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** Stats rows plus conversion rows written (inserted or updated). */
  rows: z.number(),
  statsRows: z.number(),
  conversionRows: z.number(),
  durationMs: z.number(),
});
export type CakeSyncResult = z.output<typeof cakeSyncResultSchema>;

/** The sync route's 202: the job outlived the request's wait and goes on; the card shows its outcome. */
export const cakeSyncRunningSchema = z.object({ jobId: z.string(), state: z.literal('running') });
export type CakeSyncRunning = z.output<typeof cakeSyncRunningSchema>;

/** GET /api/integrations/cake (and the PUT's answer): what the Settings card shows. */
export const cakeIntegrationSchema = z.object({
  configured: z.boolean(),
  baseUrl: z.string(),
  affiliateId: z.string(),
  /** '••••' and the key's last 4 characters; '' when none is stored. */
  apiKeyMasked: z.string(),
  lastRunAt: z.string().nullable(),
  lastRows: z.number().nullable(),
  lastDurationMs: z.number().nullable(),
  /** The last run's error; null when it succeeded. */
  lastError: z.string().nullable(),
});
export type CakeIntegration = z.output<typeof cakeIntegrationSchema>;

/** Today (UTC) and the CAKE_RECENT_DAYS - 1 days before: what a scheduled or body-less sync pulls. */
export function recentCakeDays(now: number): { startDate: string; endDate: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { startDate: day(now - (CAKE_RECENT_DAYS - 1) * 86_400_000), endDate: day(now) };
}
