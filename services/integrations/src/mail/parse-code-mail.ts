// The one parser behind both ways in (IMAP and the inbound hook): a raw RFC 822 message in, the
// verification code, the original subject and sending time out, through forwards of every common kind.
import crypto from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { findCode } from './find-code';
import { findInlineForward } from './inline-forward';

export interface CodeMail {
  /** The Message-ID (or, for a mail without one, a hash of its bytes): the de-duplication key. */
  messageId: string;
  /** The code, or null when the mail carries none (counted as skipped, never stored). */
  code: string | null;
  /** The original mail's subject, without the forwarder's "Fwd:". */
  subject: string | null;
  /** When the original mail was sent. */
  receivedAt: Date;
}

export class UnreadableMailError extends Error {
  override name = 'UnreadableMailError';
}

const FORWARD_PREFIX = /^\s*(?:(?:fwd?|fw|tr|wg|rv|enc)\s*:\s*)+/i;
// eslint-disable-next-line no-control-regex -- the point: a header may carry any byte, a stored text may not
const CONTROL = /[\u0000-\u001f\u007f]+/g;
const SUBJECT_MAX = 500;
const MESSAGE_ID_MAX = 998; // RFC 5322's line limit

/** A header value as it is stored and shown: one line, no control characters (PostgreSQL refuses NUL). */
function cleanHeader(value: string, max: number): string {
  return value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

function stripForwardPrefix(subject: string | undefined): string | null {
  const stripped = cleanHeader((subject ?? '').replace(FORWARD_PREFIX, ''), SUBJECT_MAX);
  return stripped === '' ? null : stripped;
}

/** The zone offset of the raw Date header ("-0500"): mailparser's Date object has lost it. */
function dateHeaderOffset(mail: ParsedMail): string | null {
  const line = mail.headerLines.find((h) => h.key === 'date')?.line ?? '';
  const match = /([+-]\d{4})\s*(?:\([^)]*\))?\s*$/.exec(line);
  return match ? match[1]! : null;
}

function textOf(mail: ParsedMail): string {
  // mailparser derives `text` from the HTML part when a mail has no plain part.
  return mail.text ?? '';
}

function validDate(date: Date | undefined | null): date is Date {
  return date instanceof Date && !Number.isNaN(date.getTime());
}

async function parseRaw(raw: Buffer): Promise<ParsedMail> {
  // Loaded on the first mail: mailparser costs ~0.2 s of CPU to load, which every start of a process that
  // never reads a mail (and every test file importing this package) would pay.
  const { simpleParser } = await import('mailparser');
  try {
    return await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  } catch (error) {
    throw new UnreadableMailError(`The message cannot be read: ${(error as Error).message}`);
  }
}

/**
 * Parses one raw message. `arrivedAt` stands in for the sending time when no date can be read from
 * the mail (a mail without a Date header, say).
 */
export async function parseCodeMail(raw: Buffer | string, arrivedAt: Date = new Date()): Promise<CodeMail> {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  const mail = await parseRaw(bytes);
  const keys = new Set(mail.headerLines.map((h) => h.key));
  if (!['from', 'date', 'subject', 'message-id'].some((key) => keys.has(key))) {
    throw new UnreadableMailError('The message has no headers: send one raw RFC 822 message');
  }
  const messageId = cleanHeader(mail.messageId ?? '', MESSAGE_ID_MAX) || `<sha256-${crypto.createHash('sha256').update(bytes).digest('hex')}@no-message-id>`;
  const outerDate = validDate(mail.date) ? mail.date : arrivedAt;
  const outerSubject = stripForwardPrefix(mail.subject);

  // A forward as an attachment: the attached message is the original.
  const attached = mail.attachments.find((a) => a.contentType === 'message/rfc822');
  if (attached) {
    const original = await parseRaw(attached.content);
    const code = original.otp?.code ?? findCode(textOf(original)) ?? findCode(original.subject ?? '') ?? findCode(textOf(mail));
    return {
      messageId,
      code,
      subject: stripForwardPrefix(original.subject) ?? outerSubject,
      receivedAt: validDate(original.date) ? original.date : outerDate,
    };
  }

  const text = textOf(mail);
  const forward = findInlineForward(text, dateHeaderOffset(mail));
  if (forward) {
    const code = findCode(forward.body) ?? findCode(forward.subject ?? '') ?? findCode(text);
    return {
      messageId,
      code,
      subject: stripForwardPrefix(forward.subject ?? undefined) ?? outerSubject,
      receivedAt: forward.sentAt ?? outerDate,
    };
  }

  return {
    messageId,
    code: mail.otp?.code ?? findCode(text) ?? findCode(mail.subject ?? ''),
    subject: outerSubject,
    receivedAt: outerDate,
  };
}
