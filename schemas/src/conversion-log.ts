// GET /api/conversions, the conversion log: every postback received, newest first, with
// what it did to the ledger, so a network integration can be debugged.
import { z } from 'zod';
import { blankToUndefined, checkRange, dateRange } from './reports';
import { singleLine } from './text-fields';
import { wireDecimal, wireTimestamp } from './wire-values';

export const CONVERSION_LOG_STATUSES = ['approved', 'pending', 'rejected'] as const;
/**
 * What one postback did: `new` transaction, `revised` status or payout, `replay` (same status and payout:
 * nothing changed), `parked` (its click is not known yet: retried until it is, or it counts on the
 * reports' 'No click' row), `refused` (its click id cannot be one of ours: answered 400, counted nowhere).
 */
export const CONVERSION_OUTCOMES = ['new', 'revised', 'replay', 'parked', 'refused'] as const;
export type ConversionOutcome = (typeof CONVERSION_OUTCOMES)[number];
export const DEFAULT_CONVERSION_LOG_PAGE_SIZE = 100;

/**
 * The 400 of a postback whose click_id is not in our format (a UUID: the {clickId} the lander and the
 * offer receive), and the reason the conversion log gives for it: the network's integration sends
 * something else in click_id, and such a conversion could never match a click.
 */
export const FOREIGN_CLICK_ID_MESSAGE =
  "click_id is not a click id of this tracker (ours are UUIDs, passed to the offer as {clickId}): check the click_id macro of the network's postback URL";

const PAGE_SIZE_ERROR = 'limit must be a number from 1 to 500';
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/;

export const conversionLogQuerySchema = dateRange
  .extend({
    /** A transaction id or a click id, whole or in part (case ignored). */
    search: z.preprocess(blankToUndefined, singleLine('search').max(200, 'search must be at most 200 characters').optional()),
    status: z.preprocess(
      blankToUndefined,
      z.enum(CONVERSION_LOG_STATUSES, { error: `status must be one of ${CONVERSION_LOG_STATUSES.join(', ')}` }).optional(),
    ),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: PAGE_SIZE_ERROR }).int(PAGE_SIZE_ERROR).min(1, PAGE_SIZE_ERROR).max(500, PAGE_SIZE_ERROR).default(DEFAULT_CONVERSION_LOG_PAGE_SIZE),
    ),
    /** The `next` of the previous page: rows older than it. */
    after: z.preprocess(
      blankToUndefined,
      z.string({ error: 'after must be a cursor from a previous page' }).regex(CURSOR_PATTERN, 'after must be a cursor from a previous page').optional(),
    ),
  })
  .superRefine(checkRange);
export type ConversionLogQuery = z.infer<typeof conversionLogQuerySchema>;

/** The position a cursor names: the postback's time and its event id. */
export function readConversionCursor(cursor: string): { receivedAt: string; eventId: string } {
  const [, receivedAt, eventId] = CURSOR_PATTERN.exec(cursor)!;
  return { receivedAt: receivedAt!, eventId: eventId! };
}

const conversionStatusChangeSchema = z.object({
  receivedAt: wireTimestamp,
  status: z.string(),
  /** Decimal string, as stored. */
  payout: wireDecimal,
  outcome: z.enum(CONVERSION_OUTCOMES),
});
export type ConversionStatusChange = z.output<typeof conversionStatusChangeSchema>;

const conversionLogRowSchema = z.object({
  eventId: z.string(),
  receivedAt: wireTimestamp,
  transactionId: z.string(),
  clickId: z.string(),
  /** What this postback said. */
  status: z.string(),
  payout: wireDecimal,
  /** The currency `payout` was received in when it is not the workspace's (its offer's payout currency), else null. */
  payoutCurrency: z.string().nullable(),
  /** A parked postback whose click is known waits for this reference rate (docs/currencies.md), else null. */
  waitingForRate: z.object({ currency: z.string(), day: z.string() }).nullable(),
  outcome: z.enum(CONVERSION_OUTCOMES),
  /** The click was found (false: an unknown click id, counted on the 'No click' row); null while parked or refused. */
  attributed: z.boolean().nullable(),
  /** When it waited for its click (parked, and later matched or timed out), else null. */
  parkedAt: wireTimestamp.nullable(),
  /** It waited, parked, for its payout's reference rate before it was counted. */
  waitedForRate: z.boolean(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  source: z.string(),
  /** The transaction as the ledger holds it now (null while its first postback is parked). */
  currentStatus: z.string().nullable(),
  currentPayout: wireDecimal.nullable(),
  /** How `currentPayout` (workspace currency) was converted from what the network paid; null when it needed no rate. */
  conversion: z
    .object({ originalPayout: wireDecimal, originalCurrency: z.string(), rate: z.string(), rateDay: z.string() })
    .nullable(),
  /** Every postback of this transaction, oldest first. */
  history: z.array(conversionStatusChangeSchema),
});
export type ConversionLogRow = z.output<typeof conversionLogRowSchema>;

/** GET /api/conversions: one keyset page, newest first. */
export const conversionLogResponseSchema = z.object({
  rows: z.array(conversionLogRowSchema),
  /** Cursor of the next (older) page, or null on the last. */
  next: z.string().nullable(),
  /** The report time zone (setting report_timezone): the days of the range are its days. */
  timezone: z.string(),
});
export type ConversionLogResponse = z.output<typeof conversionLogResponseSchema>;
