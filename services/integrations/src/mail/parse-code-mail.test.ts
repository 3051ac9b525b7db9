// The one mail parser over the fixture mails (expected extractions in fixtures/expected.json), and the
// code finder and forward-date reader on their own.
import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCode } from './find-code';
import { parseForwardDate } from './inline-forward';
import { parseCodeMail, UnreadableMailError } from './parse-code-mail';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const expected = JSON.parse(fs.readFileSync(path.join(fixtures, 'expected.json'), 'utf8')) as Record<
  string,
  { code: string | null; subject: string; receivedAt: string }
>;

describe('parseCodeMail over the fixture mails', () => {
  it('has a fixture for every kind of mail the issue names', () => {
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(12);
    expect(fs.readdirSync(fixtures).filter((f) => f.endsWith('.eml')).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s', async (file, want) => {
    const mail = await parseCodeMail(fs.readFileSync(path.join(fixtures, file)));
    expect({ code: mail.code, subject: mail.subject, receivedAt: mail.receivedAt.toISOString() }).toEqual(want);
    expect(mail.messageId).toMatch(/^<.+@.+>$/);
  });
});

describe('parseCodeMail', () => {
  it('keys a mail without Message-ID by its bytes, so the same bytes are one code', async () => {
    const raw = 'From: a@bank.example\r\nSubject: Code\r\nDate: Wed, 25 Nov 2026 10:00:00 +0000\r\n\r\nYour verification code is 111222\r\n';
    const [a, b, c] = await Promise.all([parseCodeMail(raw), parseCodeMail(raw), parseCodeMail(raw.replace('111222', '333444'))]);
    expect(a.messageId).toBe(b.messageId);
    expect(c.messageId).not.toBe(a.messageId);
    expect(a.code).toBe('111222');
  });

  it('takes the arrival time when the mail has no date', async () => {
    const arrived = new Date('2026-11-25T09:00:00Z');
    const mail = await parseCodeMail('From: a@b.example\r\nSubject: x\r\n\r\nSafeKey code: 5678\r\n', arrived);
    expect(mail).toMatchObject({ code: '5678', receivedAt: arrived });
  });

  it('refuses what is not a message', async () => {
    await expect(parseCodeMail('')).rejects.toBeInstanceOf(UnreadableMailError);
    await expect(parseCodeMail('just some words without any header\n\n')).rejects.toBeInstanceOf(UnreadableMailError);
  });
});

describe('findCode', () => {
  it.each([
    ['Your verification code is 123456.', '123456'],
    ['123456 is your one-time code', '123456'],
    ['SafeKey code: 0042', '0042'],
    ['Code: 12345678', '12345678'],
  ])('finds the code in %j', (text, code) => {
    expect(findCode(text)).toBe(code);
  });

  it.each([
    'Your code expires on 11/25/2026 and the amount is $1,234.56',
    'Verification needed: call 1-800-528-4800',
    'Verification for your card ending in 1005',
    'Your verification was made on Nov 25, 2026 at 4:05 PM',
    'One-time purchase of 1500 USD approved',
    'Thanks for your order 55120934',
  ])('finds no code in %j', (text) => {
    expect(findCode(text)).toBeNull();
  });
});

describe('parseForwardDate', () => {
  it('reads the forwarder-local times of Gmail and Outlook in the outer Date zone', () => {
    expect(parseForwardDate('Mon, Nov 23, 2026 at 4:05 PM', '-0500')?.toISOString()).toBe('2026-11-23T21:05:00.000Z');
    expect(parseForwardDate('Monday, November 23, 2026 3:12 PM', '+0100')?.toISOString()).toBe('2026-11-23T14:12:00.000Z');
    expect(parseForwardDate('Tue, 24 Nov 2026 09:15:00 -0700', '+0000')?.toISOString()).toBe('2026-11-24T16:15:00.000Z');
    expect(parseForwardDate('not a date', '+0000')).toBeNull();
  });
});
