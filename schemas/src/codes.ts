// Verification codes (spec §2 "Verification code dashboard", §3, §7 /api/codes) and the mail sources
// that feed them (Settings → Mail): wire shapes, job names and limits shared by services and web.
import { z } from 'zod';
import { wireTimestamp } from './wire-values';

/** The repeatable job that polls the IMAP mailbox, and the one that deletes old codes. */
export const CODES_IMAP_POLL_JOB = 'codes-imap-poll';
export const CODES_RETENTION_JOB = 'codes-retention';

export const CODES_RETENTION_SETTING = 'codes_retention_days';
export const DEFAULT_CODES_RETENTION_DAYS = 7;
export const MAX_CODES_RETENTION_DAYS = 365;
/** GET /api/codes answers the newest codes only: every open screen polls it every 2 s. */
export const CODES_LIST_LIMIT = 200;
/** POST /inbound/email takes one message up to this size (a forwarded mail with a small attachment). */
export const INBOUND_EMAIL_MAX_BYTES = 5 * 1024 * 1024;

/** What recording one mail did: a code stored, a mail without one (or past retention) skipped, or one seen before. */
export const MAIL_OUTCOMES = ['stored', 'skipped', 'duplicate'] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

/** POST /inbound/email: what the message did, and its Message-ID (the forwarding service's logs name it). */
export const inboundEmailResultSchema = z.object({ outcome: z.enum(MAIL_OUTCOMES), messageId: z.string() });
export type InboundEmailResult = z.output<typeof inboundEmailResultSchema>;

const RETENTION_MESSAGE = `Code retention must be a whole number of days from 1 to ${MAX_CODES_RETENTION_DAYS}`;
/** The retention setting, stored as a string of whole days. */
export const codesRetentionDaysSchema = z
  .union([z.string().trim(), z.number()], { error: RETENTION_MESSAGE })
  .transform((v, ctx) => {
    const days = typeof v === 'number' ? v : /^\d{1,4}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(days) || days < 1 || days > MAX_CODES_RETENTION_DAYS) {
      ctx.addIssue({ code: 'custom', message: RETENTION_MESSAGE });
      return z.NEVER;
    }
    return String(days);
  });

/** One row of GET /api/codes, newest first. */
export const verificationCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** ISO time the original mail was sent. */
  receivedAt: wireTimestamp,
  /** ISO time the code was read from it. */
  extractedAt: wireTimestamp,
  subject: z.string().nullable(),
});
export type VerificationCode = z.output<typeof verificationCodeSchema>;

const mailSourceStatusSchema = z.object({
  /** The IMAP mailbox with its password masked; null for the inbound hook. */
  mailbox: z.string().nullable(),
  lastPollAt: wireTimestamp.nullable(),
  lastMailAt: wireTimestamp.nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: wireTimestamp.nullable(),
  stored: z.number(),
  skipped: z.number(),
  duplicates: z.number(),
});
export type MailSourceStatus = z.output<typeof mailSourceStatusSchema>;

/** GET /api/mail-status (admins): what the Settings → Mail card shows. */
export const mailStatusSchema = z.object({
  imap: mailSourceStatusSchema.extend({ configured: z.boolean(), pollSeconds: z.number() }),
  inbound: mailSourceStatusSchema,
  retentionDays: z.number(),
});
export type MailStatus = z.output<typeof mailStatusSchema>;

/** GET /api/inbound-email-url (admins): the hook forwarding services post mail to, carrying its key. */
export const inboundEmailUrlSchema = z.object({ url: z.string() });
export type InboundEmailUrl = z.output<typeof inboundEmailUrlSchema>;
