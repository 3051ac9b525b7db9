// Verification codes through HTTP on a real PGlite store: GET /api/codes (newest first, 304 on a
// matching ETag), the inbound mail hook (stored once; wrong key 403, oversized 413, garbage 400, and
// nothing stored then), the hook URL and the mail status for admins.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { schema } from '@tracker/core';
import { INBOUND_EMAIL_MAX_BYTES, type MailStatus, type VerificationCode } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';

const fixtures = fileURLToPath(new URL('../../../integrations/src/mail/fixtures/', import.meta.url));
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;
let hookUrl: string;

const codes = async () => (await h.entities.db.select().from(schema.verificationCodes)).map((c) => c.code).sort();
const post = (payload: string | Buffer, contentType = 'message/rfc822', url = hookUrl) =>
  h.call({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

beforeAll(async () => {
  h = await createApiHarness({ codesImapUrl: 'imaps://codes%40team.example:s3cret-pass@imap.example.com/INBOX', codesImapPollMs: 15_000 });
  cookies = await signInCallers(h, { with: [], without: [] });
  admin = cookies.admin!;
  const res = await h.call({ method: 'GET', url: '/api/inbound-email-url', cookie: admin });
  hookUrl = new URL((res.json() as { url: string }).url).pathname + new URL((res.json() as { url: string }).url).search;
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.entities.db.delete(schema.verificationCodes);
  await h.entities.db.delete(schema.mailSources);
});

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/codes', request: () => ({ method: 'GET', url: '/api/codes' }), statuses: [401, 200, 200, 200] },
    { route: 'GET /api/mail-status', request: () => ({ method: 'GET', url: '/api/mail-status' }), statuses: [401, 403, 403, 200] },
    { route: 'GET /api/inbound-email-url', request: () => ({ method: 'GET', url: '/api/inbound-email-url' }), statuses: [401, 403, 403, 200] },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));
});

describe('POST /inbound/email', () => {
  test('stores the code of a raw message once, whatever the body type, and answers what it did', async () => {
    const first = await post(fixture('02-gmail-forward.eml'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'stored' });
    expect((await post(fixture('02-gmail-forward.eml'), 'text/plain; charset=utf-8')).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await post(fixture('10-newsletter.eml'))).json()).toMatchObject({ outcome: 'skipped' });
    expect(await codes()).toEqual(['731045']);
    const [source] = await h.entities.db.select().from(schema.mailSources);
    expect(source).toMatchObject({ kind: 'inbound', stored: 1, duplicates: 1, skipped: 1 });
  });

  test('refuses a wrong or missing key (403), an oversized body (413), garbage (400) and other types (415), storing nothing', async () => {
    const mail = fixture('01-amex-safekey-direct.eml');
    const refusals = await Promise.all([
      post(mail, 'message/rfc822', '/inbound/email?key=wrong'),
      post(mail, 'message/rfc822', '/inbound/email'),
      post(Buffer.concat([mail, Buffer.alloc(INBOUND_EMAIL_MAX_BYTES, 'a')])),
      post('this is not an e-mail'),
      post(''),
      post(JSON.stringify({ raw: mail.toString() }), 'application/json'),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 413, 400, 400, 415]);
    for (const r of refusals) expect(typeof (r.json() as { message: unknown }).message).toBe('string');
    expect(await codes()).toEqual([]);
    expect(await h.entities.db.select().from(schema.mailSources)).toEqual([]);
  });

  test('hostile messages get a 4xx or a clean store, never a 500', async () => {
    const hostile = [
      Buffer.from([0, 1, 2, 255, 254, 0, 10, 13, 10]),
      Buffer.alloc(1024 * 1024, 'a'),
      'From:\r\n\r\n',
      'Subject: =?UTF-8?Q?Your_code_a=00b?=\r\nMessage-ID: <nul\u0000id@x>\r\nFrom: a@b.example\r\n\r\nVerification code: 765432\u0000\r\n',
      'Content-Type: multipart/mixed; boundary="x"\r\nFrom: a@b.example\r\n\r\n--x\r\nContent-Type: message/rfc822\r\n\r\n\u0000\u0000\r\n--x--',
    ];
    for (const payload of hostile) {
      const res = await post(payload);
      expect([200, 400]).toContain(res.statusCode);
    }
    expect(await codes()).toEqual(['765432']);
    const [stored] = await h.entities.db.select().from(schema.verificationCodes);
    expect(stored!.subject).toBe('Your code a b');
  });

  test('needs no session and no same-origin Origin: forwarding services call it', async () => {
    const res = await h.call({
      method: 'POST',
      url: hookUrl,
      payload: fixture('05-html-only.eml'),
      headers: { 'content-type': 'message/rfc822', origin: 'https://mailgun.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(await codes()).toEqual(['318406']);
  });
});

describe('GET /api/codes', () => {
  test('lists the codes newest first with their fields', async () => {
    for (const file of ['01-amex-safekey-direct.eml', '11-safekey-leading-zero.eml', '03-outlook-forward.eml']) await post(fixture(file));
    const res = await h.call({ method: 'GET', url: '/api/codes', cookie: cookies['user without the feature'] });
    expect(res.statusCode).toBe(200);
    const list = res.json() as VerificationCode[];
    expect(list.map((c) => c.code)).toEqual(['093417', '482913', '905512']);
    expect(Object.keys(list[0]!).sort()).toEqual(['code', 'extractedAt', 'id', 'receivedAt', 'subject']);
    expect(list[0]).toMatchObject({ subject: 'SafeKey: confirm your online purchase', receivedAt: '2026-11-25T15:00:30.000Z' });
  });

  test('answers 304 to a matching If-None-Match until a code is added or deleted', async () => {
    await post(fixture('01-amex-safekey-direct.eml'));
    const first = await h.call({ method: 'GET', url: '/api/codes', cookie: admin });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await h.call({ method: 'GET', url: '/api/codes', cookie: admin, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await post(fixture('07-base64.eml'));
    const added = await h.call({ method: 'GET', url: '/api/codes', cookie: admin, headers: { 'if-none-match': etag } });
    expect(added.statusCode).toBe(200);
    expect((added.json() as VerificationCode[]).map((c) => c.code)).toEqual(['240968', '482913']);

    const newest = String(added.headers.etag);
    await h.entities.db.delete(schema.verificationCodes);
    const deleted = await h.call({ method: 'GET', url: '/api/codes', cookie: admin, headers: { 'if-none-match': newest } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual([]);
  });
});

describe('Settings → Mail', () => {
  test('shows the mailbox with its password masked, the counts, and the hook URL with its key', async () => {
    await post(fixture('04-attachment-forward.eml'));
    const status = (await h.call({ method: 'GET', url: '/api/mail-status', cookie: admin })).json() as MailStatus;
    expect(status.imap).toMatchObject({ configured: true, mailbox: 'imaps://codes%40team.example:***@imap.example.com:993/INBOX', pollSeconds: 15 });
    expect(JSON.stringify(status)).not.toContain('s3cret-pass');
    expect(status.inbound).toMatchObject({ stored: 1, skipped: 0, duplicates: 0 });
    expect(status.retentionDays).toBe(7);
    expect(hookUrl).toMatch(/^\/inbound\/email\?key=[\w-]{20,}$/);
    // The key is a secret: never among the listed settings.
    const settings = (await h.call({ method: 'GET', url: '/api/settings', cookie: admin })).json() as Array<{ key: string }>;
    expect(settings.map((s) => s.key)).not.toContain('inbound_email_key');
  });

  test('the retention is a setting of whole days', async () => {
    const save = (value: unknown) => h.call({ method: 'POST', url: '/api/settings', cookie: admin, payload: { key: 'codes_retention_days', value } as object });
    expect((await save('0')).statusCode).toBe(400);
    expect((await save('2.5')).statusCode).toBe(400);
    expect((await save(14)).json()).toEqual({ key: 'codes_retention_days', value: '14' });
    expect(((await h.call({ method: 'GET', url: '/api/mail-status', cookie: admin })).json() as MailStatus).retentionDays).toBe(14);
  });
});
