// Notification channels through HTTP on a real PGlite store: admin only; each type's secret sealed at rest
// and only masked in answers (an edit without it keeps it); strict bodies; URLs on private addresses
// refused unless NOTIFY_ALLOW_PRIVATE; Send test answering what Slack, Telegram or a webhook said, against
// their local fakes; and the alert log of Settings → Alerts.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { decryptSecret, recordAlertEvent, schema } from '@tracker/core';
import { FEATURES } from '@tracker/schemas';
import {
  startFakeSlack,
  startFakeTelegram,
  startWebhookReceiver,
  type FakeSlack,
  type FakeTelegram,
  type WebhookReceiver,
} from '@tracker/testing';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';

const KEY = Buffer.alloc(32, 7);
const SLACK_URL = 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstWXYZ';
const BOT_TOKEN = '7012345678:AAH-secretsecretsecretsecret_9Qz';
const HMAC_SECRET = 'whsec-0123456789-abcdef-tail';

/** Public-only channels, as in production without NOTIFY_ALLOW_PRIVATE. */
let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;
/** Channels may reach the local fakes. */
let local: ApiHarness;
let localAdmin: string;
let slack: FakeSlack;
let telegram: FakeTelegram;
let receiver: WebhookReceiver;

const post = (body: object, harness = h, cookie = admin) => harness.call({ method: 'POST', url: '/api/notification-channels', cookie, payload: body });
const patch = (id: number, body: object, harness = h, cookie = admin) => harness.call({ method: 'PATCH', url: `/api/notification-channels/${id}`, cookie, payload: body });
const stored = async (id: number, harness = h) =>
  (await harness.entities.db.select().from(schema.notificationChannels).where(eq(schema.notificationChannels.id, id)))[0]!;

beforeAll(async () => {
  [slack, telegram, receiver] = await Promise.all([startFakeSlack(), startFakeTelegram(), startWebhookReceiver()]);
  h = await createApiHarness({ secretsKey: KEY });
  cookies = await signInCallers(h, { with: [...FEATURES], without: [] });
  admin = cookies.admin!;
  local = await createApiHarness({
    secretsKey: KEY,
    notify: { outgoing: { allowPrivate: true, allowedBy: 'NOTIFY_ALLOW_PRIVATE' }, telegramApiUrl: telegram.url, backoffMs: 10, maxRetryAfterMs: 2_000 },
  });
  localAdmin = await local.signIn('admin');
}, 60_000);
afterAll(async () => {
  await h.close();
  await local.close();
  await Promise.all([slack.close(), telegram.close(), receiver.close()]);
});

describe('access: admins only', () => {
  let fixture = 0;
  beforeAll(async () => {
    fixture = (await post({ type: 'webhook', name: 'Access fixture', url: 'https://203.0.113.7/hook', secret: HMAC_SECRET })).json<{ id: number }>().id;
  });
  const fresh = async () => (await post({ type: 'webhook', name: 'To delete', url: 'https://203.0.113.7/hook', secret: HMAC_SECRET })).json<{ id: number }>().id;
  const cases = accessTable([
    { route: 'GET /api/notification-channels', request: () => ({ method: 'GET', url: '/api/notification-channels' }), statuses: [401, 403, 403, 200] },
    {
      route: 'POST /api/notification-channels',
      request: () => ({ method: 'POST', url: '/api/notification-channels', payload: { type: 'slack', name: 'Ops', url: SLACK_URL } }),
      statuses: [401, 403, 403, 201],
    },
    {
      route: 'PATCH /api/notification-channels/:id',
      request: () => ({ method: 'PATCH', url: `/api/notification-channels/${fixture}`, payload: { name: 'Renamed' } }),
      statuses: [401, 403, 403, 200],
    },
    { route: 'DELETE /api/notification-channels/:id', request: async () => ({ method: 'DELETE', url: `/api/notification-channels/${await fresh()}` }), statuses: [401, 403, 403, 204] },
    // 203.0.113.0/24 is public but never answers: the test is refused before anything is sent, or times out; 200 either way.
    {
      route: 'POST /api/notification-channels/:id/test',
      request: () => ({ method: 'POST', url: '/api/notification-channels/999999/test' }),
      statuses: [401, 403, 403, 404],
    },
    { route: 'GET /api/alerts', request: () => ({ method: 'GET', url: '/api/alerts?startDate=2026-01-01&endDate=2026-01-31' }), statuses: [401, 403, 403, 200] },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));
});

describe('secrets at rest and in answers', () => {
  test('Slack: the URL is the secret: sealed, answered as its host and last 4 characters only', async () => {
    const res = await post({ type: 'slack', name: 'Media buying', url: SLACK_URL, alertKinds: ['spend-sync'] });
    expect(res.statusCode).toBe(201);
    const view = res.json<Record<string, unknown>>();
    expect(view).toMatchObject({
      type: 'slack',
      name: 'Media buying',
      target: 'https://hooks.slack.com/services/••••WXYZ',
      url: null,
      chatId: null,
      secretMasked: '••••WXYZ',
      alertKinds: ['spend-sync'],
    });
    expect(res.body).not.toContain('abcdefghijklmnop');
    const row = await stored(view.id as number);
    expect(row.secret).not.toContain('hooks.slack.com');
    expect(decryptSecret(KEY, row.secret)).toBe(SLACK_URL);
    const list = await h.call({ method: 'GET', url: '/api/notification-channels', cookie: admin });
    expect(list.body).not.toContain('abcdefghijklmnop');
  });

  test('Telegram: the bot token is sealed; the answer shows the chat and the bot’s public id', async () => {
    const res = await post({ type: 'telegram', name: 'Alerts group', botToken: BOT_TOKEN, chatId: '-1001234567890' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ target: 'Chat -1001234567890 · bot 7012345678', chatId: '-1001234567890', secretMasked: '••••_9Qz', alertKinds: [] });
    expect(res.body).not.toContain('secretsecret');
    expect(decryptSecret(KEY, (await stored(res.json<{ id: number }>().id)).secret)).toBe(BOT_TOKEN);
  });

  test('webhook: the HMAC secret is sealed; the URL is shown with its password masked, and an edit sending the mask back keeps it', async () => {
    const res = await post({ type: 'webhook', name: 'Ops hook', url: 'https://ops:pa55word@203.0.113.8/hooks/tracker', secret: HMAC_SECRET });
    expect(res.statusCode).toBe(201);
    const view = res.json<{ id: number; url: string; target: string; secretMasked: string }>();
    expect(view).toMatchObject({ url: 'https://ops:***@203.0.113.8/hooks/tracker', target: 'https://ops:***@203.0.113.8/hooks/tracker', secretMasked: '••••tail' });
    expect(res.body).not.toContain('pa55word');
    expect(res.body).not.toContain('0123456789');
    const edited = await patch(view.id, { name: 'Ops hook v2', url: view.url, secret: '' });
    expect(edited.statusCode).toBe(200);
    const row = await stored(view.id);
    expect(row).toMatchObject({ name: 'Ops hook v2', url: 'https://ops:pa55word@203.0.113.8/hooks/tracker' });
    expect(decryptSecret(KEY, row.secret)).toBe(HMAC_SECRET);
  });

  test('an edit without the secret keeps the stored one; with one, replaces it', async () => {
    const id = (await post({ type: 'telegram', name: 'Keep', botToken: BOT_TOKEN, chatId: '@trackeralerts' })).json<{ id: number }>().id;
    expect((await patch(id, { name: 'Kept', chatId: '-100777' })).json()).toMatchObject({ name: 'Kept', chatId: '-100777', secretMasked: '••••_9Qz' });
    expect(decryptSecret(KEY, (await stored(id)).secret)).toBe(BOT_TOKEN);
    const other = '7099999999:AAOtherOtherOtherOtherOther_new1';
    expect((await patch(id, { type: 'telegram', botToken: other })).json()).toMatchObject({ secretMasked: '••••new1' });
    expect(decryptSecret(KEY, (await stored(id)).secret)).toBe(other);
  });

  test('a secret sealed under another key is shown as unreadable, and an edit must enter it again', async () => {
    const id = (await post({ type: 'slack', name: 'Old key', url: SLACK_URL })).json<{ id: number }>().id;
    await h.entities.db.update(schema.notificationChannels).set({ secret: 'v1:AAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA' }).where(eq(schema.notificationChannels.id, id));
    const list = (await h.call({ method: 'GET', url: '/api/notification-channels', cookie: admin })).json<Array<{ id: number; target: string; secretMasked: string }>>();
    expect(list.find((c) => c.id === id)).toMatchObject({ target: 'Slack webhook (unreadable: enter its URL again)', secretMasked: '••••' });
    const res = await patch(id, { name: 'Renamed' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "url: the stored one cannot be read with this server's secrets key; enter it again" });
    expect((await patch(id, { url: SLACK_URL })).statusCode).toBe(200);
  });
});

describe('bodies', () => {
  test.each([
    [{ type: 'slack', name: 'x', url: SLACK_URL, extra: 1 }, "Unknown field 'extra'"],
    [{ type: 'slack', name: 'x', url: SLACK_URL, botToken: BOT_TOKEN }, "Unknown field 'botToken'"],
    [{ type: 'email', name: 'x' }, 'type must be one of slack, telegram, webhook'],
    [{ type: 'slack', name: '', url: SLACK_URL }, 'Name is required'],
    [{ type: 'slack', name: 'x', url: 'hooks.slack.com/services/x' }, 'URL must start with http:// or https://'],
    [{ type: 'telegram', name: 'x', botToken: 'not-a-token', chatId: '-100' }, 'botToken: Bot token looks like 123456789:AAH…, as BotFather shows it'],
    [{ type: 'telegram', name: 'x', botToken: BOT_TOKEN, chatId: 'my group' }, 'chatId: Chat ID is a number such as -1001234567890, or a channel as @name'],
    [{ type: 'webhook', name: 'x', url: 'https://203.0.113.9/', secret: 'short' }, 'Secret must be at least 16 characters'],
    [{ type: 'webhook', name: 'x', url: 'https://203.0.113.9/', secret: HMAC_SECRET, alertKinds: ['rain'] }, 'alertKinds.0: alertKinds holds kinds among spend-sync, conversions-stopped, projector-lag, event-log-spill, domain-inactive, rule-action'],
  ])('%j → 400 %s, nothing stored', async (body, message) => {
    const before = await h.entities.db.select().from(schema.notificationChannels);
    const res = await post(body);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message } });
    expect(await h.entities.db.select().from(schema.notificationChannels)).toHaveLength(before.length);
  });

  test('listing every kind is stored as "every kind" (empty), so kinds added later reach the channel too', async () => {
    const res = await post({ type: 'webhook', name: 'All', url: 'https://203.0.113.9/', secret: HMAC_SECRET, alertKinds: ['domain-inactive', 'spend-sync', 'conversions-stopped', 'projector-lag', 'event-log-spill', 'rule-action', 'spend-sync'] });
    expect(res.json()).toMatchObject({ alertKinds: [] });
    const some = await post({ type: 'webhook', name: 'Some', url: 'https://203.0.113.9/', secret: HMAC_SECRET, alertKinds: ['domain-inactive', 'spend-sync', 'spend-sync'] });
    expect(some.json()).toMatchObject({ alertKinds: ['spend-sync', 'domain-inactive'] });
  });

  test('an edit keeps the type: another type, or a field of another type, is refused', async () => {
    const id = (await post({ type: 'slack', name: 'Typed', url: SLACK_URL })).json<{ id: number }>().id;
    expect((await patch(id, { type: 'webhook' })).json()).toEqual({ message: 'type: a slack channel cannot become a webhook channel; add a new channel instead' });
    expect((await patch(id, { secret: HMAC_SECRET })).json()).toEqual({ message: 'secret: not a field of slack channels' });
    expect((await patch(id, { url: 'ftp://x' })).json()).toEqual({ message: 'URL must start with http:// or https://' });
    expect((await patch(id, { bogus: 1 })).json()).toEqual({ message: "Unknown field 'bogus'" });
    expect((await stored(id)).name).toBe('Typed');
  });

  test('unknown ids are 404s; a deleted channel is gone', async () => {
    const id = (await post({ type: 'slack', name: 'Gone', url: SLACK_URL })).json<{ id: number }>().id;
    expect((await h.call({ method: 'DELETE', url: `/api/notification-channels/${id}`, cookie: admin })).statusCode).toBe(204);
    for (const path of [`${id}`, 'abc', '0', '99999999999']) {
      const res = await patch(path as unknown as number, { name: 'x' });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: 'Notification channel not found' } });
    }
  });
});

describe('private addresses', () => {
  test.each([
    ['slack', { type: 'slack', name: 'x', url: 'http://127.0.0.1:8080/services/T/B/x' }, '127.0.0.1 is'],
    ['webhook', { type: 'webhook', name: 'x', url: 'http://10.0.0.5/hook', secret: HMAC_SECRET }, '10.0.0.5 is'],
    ['webhook', { type: 'webhook', name: 'x', url: 'http://[::1]:9000/hook', secret: HMAC_SECRET }, '::1 is'],
    ['webhook by name', { type: 'webhook', name: 'x', url: 'http://localhost:9000/hook', secret: HMAC_SECRET }, 'localhost resolves to'],
    ['cloud metadata', { type: 'webhook', name: 'x', url: 'http://169.254.169.254/latest', secret: HMAC_SECRET }, '169.254.169.254 is'],
  ])('a %s URL on a private or loopback address is refused when saved, naming NOTIFY_ALLOW_PRIVATE', async (_what, body, start) => {
    const before = await h.entities.db.select().from(schema.notificationChannels);
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `url: ${start} a private, loopback or link-local address, which this server does not call (NOTIFY_ALLOW_PRIVATE=true allows it)` });
    expect(await h.entities.db.select().from(schema.notificationChannels)).toHaveLength(before.length);
  });

  test('an edit to a private URL is refused too, and the channel keeps its URL', async () => {
    const id = (await post({ type: 'webhook', name: 'Public', url: 'https://203.0.113.10/hook', secret: HMAC_SECRET })).json<{ id: number }>().id;
    const res = await patch(id, { url: 'http://192.168.1.20/hook' });
    expect(res.json()).toEqual({ message: 'url: 192.168.1.20 is a private, loopback or link-local address, which this server does not call (NOTIFY_ALLOW_PRIVATE=true allows it)' });
    expect((await stored(id)).url).toBe('https://203.0.113.10/hook');
  });

  test('with NOTIFY_ALLOW_PRIVATE the same loopback URL is saved', async () => {
    expect((await post({ type: 'webhook', name: 'Local', url: receiver.hookUrl, secret: HMAC_SECRET }, local, localAdmin)).statusCode).toBe(201);
  });
});

describe('Send test', () => {
  const test_ = (id: number) => local.call({ method: 'POST', url: `/api/notification-channels/${id}/test`, cookie: localAdmin });

  test('Slack: the fake webhook gets one message, and the answer is Slack’s ok', async () => {
    const id = (await post({ type: 'slack', name: 'Slack test', url: slack.webhookUrl, alertKinds: ['projector-lag'] }, local, localAdmin)).json<{ id: number }>().id;
    const res = await test_(id);
    expect(res.json()).toEqual({ ok: true, message: 'ok', httpStatus: 200, attempts: 1 });
    expect(slack.texts).toEqual(['🔔 *Test message from Affiliate Tracker*\nAlerts reach "Slack test". It receives: Reports falling behind.']);
  });

  test('Slack throttling is waited out; a removed webhook is answered with Slack’s no_service (a 200: the channel’s answer, not a failure of ours)', async () => {
    const id = (await post({ type: 'slack', name: 'Slack throttled', url: slack.webhookUrl }, local, localAdmin)).json<{ id: number }>().id;
    slack.throttle(1, 1);
    expect((await test_(id)).json()).toEqual({ ok: true, message: 'ok', httpStatus: 200, attempts: 2 });
    slack.removeWebhook();
    const res = await test_(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, message: 'Slack answered 404: no_service', httpStatus: 404, attempts: 1 });
  });

  test('Telegram: sendMessage reaches the chat; a chat the bot is not in is Telegram’s own error', async () => {
    const good = (await post({ type: 'telegram', name: 'TG', botToken: telegram.botToken, chatId: telegram.chatId }, local, localAdmin)).json<{ id: number }>().id;
    expect((await test_(good)).json()).toEqual({ ok: true, message: 'ok', httpStatus: 200, attempts: 1 });
    expect(telegram.messages.map((m) => [m.chatId, m.text])).toEqual([[telegram.chatId, '🔔 Test message from Affiliate Tracker\n\nAlerts reach "TG". It receives: every alert.']]);
    const lost = (await post({ type: 'telegram', name: 'TG lost', botToken: telegram.botToken, chatId: '-100424242' }, local, localAdmin)).json<{ id: number }>().id;
    expect((await test_(lost)).json()).toEqual({ ok: false, message: 'Telegram answered 400: Bad Request: chat not found', httpStatus: 400, attempts: 1 });
  });

  test('webhook: the receiver gets one message signed with the channel’s secret; a wrong secret is refused by it', async () => {
    receiver.received.length = 0;
    const id = (await post({ type: 'webhook', name: 'Receiver', url: receiver.hookUrl, secret: receiver.secret }, local, localAdmin)).json<{ id: number }>().id;
    expect((await test_(id)).json()).toEqual({ ok: true, message: 'ok', httpStatus: 204, attempts: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ signatureValid: true, payload: { type: 'test', alert: { state: 'test', title: 'Test message from Affiliate Tracker' } } });
    await patch(id, { secret: 'someone-elses-secret-000000' }, local, localAdmin);
    expect((await test_(id)).json()).toEqual({ ok: false, message: 'The webhook refused it (HTTP 401, application/json, 27 bytes): does the receiver hold the same signing secret?', httpStatus: 401, attempts: 1 });
  });

  test('a channel saved before the server lost access to private addresses is refused at send time, with the reason', async () => {
    const row = await h.entities.db
      .insert(schema.notificationChannels)
      .values({ type: 'webhook', name: 'Was allowed', url: receiver.hookUrl, secret: (await stored((await post({ type: 'webhook', name: 'k', url: 'https://203.0.113.9/', secret: HMAC_SECRET })).json<{ id: number }>().id)).secret })
      .returning();
    const res = await h.call({ method: 'POST', url: `/api/notification-channels/${row[0]!.id}/test`, cookie: admin });
    expect(res.json()).toMatchObject({ ok: false, httpStatus: 0, attempts: 1 });
    expect(res.json<{ message: string }>().message).toMatch(/^Could not reach the webhook: Refused to call this URL: 127\.0\.0\.1 is a private.*NOTIFY_ALLOW_PRIVATE=true allows it\)$/);
  });
});

describe('the alert log', () => {
  test('events of the days asked for (report time zone), newest first, with their deliveries; what fires now', async () => {
    const db = local.entities.db;
    await db.insert(schema.settings).values({ key: 'report_timezone', value: 'America/New_York' });
    const channel = (await post({ type: 'webhook', name: 'Log hook', url: receiver.hookUrl, secret: receiver.secret, alertKinds: ['domain-inactive'] }, local, localAdmin)).json<{ id: number }>().id;
    const everything = (await post({ type: 'webhook', name: 'Every alert', url: receiver.hookUrl, secret: receiver.secret }, local, localAdmin)).json<{ id: number }>().id;
    // 03:00 UTC on March 2 is still March 1 in New York.
    await recordAlertEvent(db, { state: 'firing', key: 'domain-inactive:7', kind: 'domain-inactive', title: 'trk.example.xyz is no longer active', text: 'Status: dns_failed' }, new Date('2026-03-02T03:00:00Z'));
    await recordAlertEvent(db, { state: 'resolved', key: 'domain-inactive:7' }, new Date('2026-03-02T05:30:00Z'));
    await recordAlertEvent(db, { state: 'firing', key: 'projector-lag', kind: 'projector-lag', title: 'Reports are behind', text: '20 min' }, new Date('2026-03-03T12:00:00Z'));

    const day1 = (await local.call({ method: 'GET', url: '/api/alerts?startDate=2026-03-01&endDate=2026-03-01', cookie: localAdmin })).json<{
      timezone: string;
      firing: Array<{ key: string }>;
      events: Array<{ key: string; state: string; text: string; deliveries: Array<{ channelId: number; status: string }> }>;
    }>();
    expect(day1.timezone).toBe('America/New_York');
    expect(day1.events.map((e) => [e.key, e.state])).toEqual([['domain-inactive:7', 'firing']]);
    // Channels of earlier tests take every kind: this one takes domain alerts only.
    expect(day1.events[0]!.deliveries.filter((d) => d.channelId === channel)).toEqual([
      { channelId: channel, channelName: 'Log hook', channelType: 'webhook', status: 'pending', attempts: 0, error: null, sentAt: null },
    ]);
    expect(day1.firing.map((f) => f.key)).toEqual(['projector-lag']);

    const both = (await local.call({ method: 'GET', url: '/api/alerts?startDate=2026-03-01&endDate=2026-03-03', cookie: localAdmin })).json<typeof day1>();
    expect(both.events.map((e) => [e.key, e.state])).toEqual([
      ['projector-lag', 'firing'],
      ['domain-inactive:7', 'resolved'],
      ['domain-inactive:7', 'firing'],
    ]);
    expect(both.events[1]!.text).toBe('Back to normal after 2 h 30 min.');
    // The lag alert went to the channels taking every kind, not to the one taking domain alerts only.
    expect(both.events[0]!.deliveries.map((d) => d.channelId)).toContain(everything);
    expect(both.events[0]!.deliveries.map((d) => d.channelId)).not.toContain(channel);
    await db.delete(schema.settings);
  });

  test('the range is checked', async () => {
    const res = await local.call({ method: 'GET', url: '/api/alerts?startDate=2026-03-05&endDate=2026-03-01', cookie: localAdmin });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'endDate must not be before startDate' } });
  });
});
