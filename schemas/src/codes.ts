// Verification codes (spec §2 "Verification code dashboard", §3, §7 /api/codes) and the mail sources
// that feed them (Settings → Mail): wire shapes, job names and limits shared by services and web.
import { z } from 'zod';

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

export interface VerificationCode {
  id: number;
  code: string;
  /** ISO time the original mail was sent. */
  receivedAt: string;
  /** ISO time the code was read from it. */
  extractedAt: string;
  subject: string | null;
}

export interface MailSourceStatus {
  /** The IMAP mailbox with its password masked; null for the inbound hook. */
  mailbox: string | null;
  lastPollAt: string | null;
  lastMailAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  stored: number;
  skipped: number;
  duplicates: number;
}

/** GET /api/mail-status (admins): what the Settings → Mail card shows. */
export interface MailStatus {
  imap: MailSourceStatus & { configured: boolean; pollSeconds: number };
  inbound: MailSourceStatus;
  retentionDays: number;
}
