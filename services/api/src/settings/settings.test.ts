// Settings API through HTTP on a real PGlite store: admin only, value validation and normalisation,
// the postback URL, and Redeploy Worker's answer without Cloudflare (the upload itself: services/testing domains tests).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { CATALOG_CHANNEL, POSTBACK_KEY_SETTING, ensurePostbackKey, schema } from '@tracker/core';
import { FEATURES } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, watchChanges, type ApiHarness } from '../testing/api-harness';

let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;

const save = (key: string, value: unknown) =>
  h.call({ method: 'POST', url: '/api/settings', cookie: admin, payload: { key, value } as object });
const stored = async () => Object.fromEntries((await h.entities.db.select().from(schema.settings)).map((r) => [r.key, r.value]));

beforeAll(async () => {
  h = await createApiHarness();
  // Settings are admin only: even a user with every feature is refused.
  cookies = await signInCallers(h, { with: [...FEATURES], without: [] });
  admin = cookies.admin!;
});
afterAll(() => h.close());

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/settings', request: () => ({ method: 'GET', url: '/api/settings' }), statuses: [401, 403, 403, 200] },
    {
      route: 'POST /api/settings',
      request: () => ({ method: 'POST', url: '/api/settings', payload: { key: 'max_domain_price', value: '6' } }),
      statuses: [401, 403, 403, 200],
    },
    { route: 'GET /api/postback-url', request: () => ({ method: 'GET', url: '/api/postback-url' }), statuses: [401, 403, 403, 200] },
    { route: 'GET /api/event-log-spills', request: () => ({ method: 'GET', url: '/api/event-log-spills' }), statuses: [401, 403, 403, 200] },
    { route: 'POST /api/redeploy-worker', request: () => ({ method: 'POST', url: '/api/redeploy-worker' }), statuses: [401, 403, 403, 409] },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));
});

describe('saving settings', () => {
  beforeEach(async () => {
    await h.entities.db.delete(schema.settings);
  });

  test('the redirect domain is normalised to a host name, and is required', async () => {
    expect((await save('redirect_domain', ' HTTPS://Trk.Example.com/ ')).json()).toEqual({ key: 'redirect_domain', value: 'trk.example.com' });
    expect(await stored()).toMatchObject({ redirect_domain: 'trk.example.com' });
    for (const value of ['', '   ', null]) {
      const res = await save('redirect_domain', value);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Redirect domain is required' });
    }
    for (const value of ['trk.example.com/path', 'trk.example.com:8443', 'not a host', 'https://']) {
      const res = await save('redirect_domain', value);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Redirect domain must be a host name such as trk\.example\.com/);
    }
    expect(await stored()).toMatchObject({ redirect_domain: 'trk.example.com' });
  });

  test('a domain setting is stored in punycode, and control characters are refused', async () => {
    expect((await save('redirect_domain', 'https://Trk.Bücher.example/')).json()).toEqual({ key: 'redirect_domain', value: 'trk.xn--bcher-kva.example' });
    expect((await save('global_exit_domain', 'exit.bücher.example')).json()).toEqual({ key: 'global_exit_domain', value: 'exit.xn--bcher-kva.example' });
    for (const [key, value, message] of [
      ['redirect_domain', 'trk.example.com\u0000', 'Redirect domain must not contain control characters such as tabs, line breaks or NUL'],
      ['global_exit_domain', 'exit\t.example.com', 'Global exit domain must not contain control characters such as tabs, line breaks or NUL'],
      ['report_timezone', 'UTC\u0000', 'Report time zone must not contain control characters such as tabs, line breaks or NUL'],
      ['redirect_domain', 'user@trk.example.com', 'Redirect domain must be a host name such as trk.example.com, without a path or port'],
    ] as const) {
      const res = await save(key, value);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await stored()).toMatchObject({ redirect_domain: 'trk.xn--bcher-kva.example', global_exit_domain: 'exit.xn--bcher-kva.example' });
    expect(await stored()).not.toHaveProperty('report_timezone');
  });

  test('the global exit domain is optional: blank clears it', async () => {
    await save('global_exit_domain', 'https://exit.example.com');
    expect(await stored()).toMatchObject({ global_exit_domain: 'exit.example.com' });
    expect((await save('global_exit_domain', '')).json()).toEqual({ key: 'global_exit_domain', value: null });
    expect(await stored()).not.toHaveProperty('global_exit_domain');
  });

  // The fallback URL ("default redirect") receives visitors of unknown or deleted campaigns.
  test('the fallback URL is optional, normalised like a lander URL, refused unless http(s), and blank clears it', async () => {
    expect((await save('fallback_url', ' https://Safe.Bücher.example/offers?src=trk ')).json()).toEqual({
      key: 'fallback_url',
      value: 'https://safe.xn--bcher-kva.example/offers?src=trk',
    });
    for (const [value, message] of [
      ['javascript:alert(1)', 'URL must start with http:// or https://'],
      ['safe.example.com', 'URL must start with http:// or https://'],
      ['https://a.example/\u0000', 'Fallback URL must not contain control characters such as tabs, line breaks or NUL'],
      [`https://a.example/${'x'.repeat(2001)}`, 'Fallback URL must be at most 2000 characters'],
    ] as const) {
      const res = await save('fallback_url', value);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await stored()).toMatchObject({ fallback_url: 'https://safe.xn--bcher-kva.example/offers?src=trk' });
    expect((await save('fallback_url', '')).json()).toEqual({ key: 'fallback_url', value: null });
    expect(await stored()).not.toHaveProperty('fallback_url');
    expect((await save('fallback_url', null)).json()).toEqual({ key: 'fallback_url', value: null });
  });

  test.each([
    ['5', '5.00'],
    [7.5, '7.50'],
    ['0', '0.00'],
    ['12.34', '12.34'],
  ])('max domain price %j is kept as %s', async (value, expected) => {
    expect((await save('max_domain_price', value)).json()).toEqual({ key: 'max_domain_price', value: expected });
  });

  test.each(['-1', '1.234', 'abc', '', null])('max domain price %j is refused', async (value) => {
    const res = await save('max_domain_price', value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Maximum domain price must be a number of at least 0 with at most 2 decimals' });
  });

  test('the report time zone must be an IANA zone', async () => {
    expect((await save('report_timezone', 'europe/berlin')).json()).toEqual({ key: 'report_timezone', value: 'Europe/Berlin' });
    expect((await save('report_timezone', 'Mars/Olympus')).json()).toEqual({ message: 'Unknown time zone: Mars/Olympus' });
  });

  test('the workspace currency is an ISO 4217 code, upper-cased; an unknown one or none is refused by name', async () => {
    expect((await save('currency', ' eur ')).json()).toEqual({ key: 'currency', value: 'EUR' });
    expect((await save('currency', 'KWD')).json()).toEqual({ key: 'currency', value: 'KWD' });
    for (const [value, message] of [
      ['EUX', 'Currency must be an ISO 4217 code such as USD, EUR or JPY, not "EUX"'],
      ['XAU', 'Currency must be an ISO 4217 code such as USD, EUR or JPY, not "XAU"'],
      [null, 'Currency must be an ISO 4217 code such as USD'],
      [840, 'Currency must be an ISO 4217 code such as USD'],
    ] as const) {
      const res = await save('currency', value);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await stored()).toMatchObject({ currency: 'KWD' });
  });

  test('the alert thresholds are whole hours (1-23) and minutes (1-1440), stored as text', async () => {
    expect((await save('alert_conversions_silent_hours', ' 8 ')).json()).toEqual({ key: 'alert_conversions_silent_hours', value: '8' });
    expect((await save('alert_projector_lag_minutes', 30)).json()).toEqual({ key: 'alert_projector_lag_minutes', value: '30' });
    for (const value of ['0', '24', '6.5', 'six', '', null]) {
      expect((await save('alert_conversions_silent_hours', value)).json()).toEqual({ message: 'Hours without conversions must be a whole number from 1 to 23' });
    }
    expect((await save('alert_projector_lag_minutes', '1441')).json()).toEqual({ message: 'Report lag minutes must be a whole number from 1 to 1440' });
    expect(await stored()).toMatchObject({ alert_conversions_silent_hours: '8', alert_projector_lag_minutes: '30' });
  });

  test.each([POSTBACK_KEY_SETTING, 'anything_else'])('unknown key %s is 400', async (key) => {
    const res = await save(key, 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `Unknown setting: ${key}` });
  });

  test('GET answers the rows, never the postback key; a save announces a catalog change', async () => {
    const changes = await watchChanges(h.entities, CATALOG_CHANNEL);
    await save('redirect_domain', 'trk.example.com');
    await save('max_domain_price', '3');
    expect(await changes.settle(2)).toBe(2);
    const key = await ensurePostbackKey(h.entities.db);
    const res = await h.call({ method: 'GET', url: '/api/settings', cookie: admin });
    expect(res.json()).toEqual([
      { key: 'max_domain_price', value: '3.00', updatedAt: expect.any(String) },
      { key: 'redirect_domain', value: 'trk.example.com', updatedAt: expect.any(String) },
    ]);
    expect(res.body).not.toContain(key);
  });
});

describe('postback URL', () => {
  const MACROS = 'transaction_id={transaction_id}&click_id={click_id}&payout={payout}&offer_id={offer_id}&offer_name={offer_name}&status={status}';

  test('is the redirect domain over https with the postback key and the macros', async () => {
    await save('redirect_domain', 'trk.example.com');
    const key = await ensurePostbackKey(h.entities.db);
    const res = await h.call({ method: 'GET', url: '/api/postback-url', cookie: admin });
    expect(res.json()).toEqual({ url: `https://trk.example.com/postback?key=${key}&${MACROS}` });
  });

  test("without a redirect domain, it uses the origin the admin is on", async () => {
    await h.entities.db.delete(schema.settings);
    const res = await h.call({ method: 'GET', url: '/api/postback-url', cookie: admin, headers: { host: 'dash.example.net:8080' } });
    const key = await ensurePostbackKey(h.entities.db);
    expect(res.json()).toEqual({ url: `http://dash.example.net:8080/postback?key=${key}&${MACROS}` });
  });
});

test('the event log spills list only the ingest processes whose spill still holds events', async () => {
  const at = new Date('2026-11-25T02:00:00Z');
  const report = { bytes: 0, forwardedTotal: 0, refusedTotal: 0, updatedAt: at };
  await h.entities.db.insert(schema.eventLogSpills).values([
    { ...report, instance: 'ingest-a /data', records: 0, forwardedTotal: 500 },
    { ...report, instance: 'ingest-b /data', records: 1234, bytes: 456789, lastError: 'Kafka: acknowledging published records did not finish within 15 s' },
  ]);
  const res = await h.call({ method: 'GET', url: '/api/event-log-spills', cookie: admin });
  expect(res.json()).toEqual({
    spills: [
      {
        instance: 'ingest-b /data',
        records: 1234,
        bytes: 456789,
        forwardedTotal: 0,
        refusedTotal: 0,
        lastForwardedAt: null,
        lastError: 'Kafka: acknowledging published records did not finish within 15 s',
        updatedAt: at.toISOString(),
      },
    ],
  });
});

test('Redeploy Worker without Cloudflare configured says which variables to set', async () => {
  const res = await h.call({ method: 'POST', url: '/api/redeploy-worker', cookie: admin });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({
    message: 'Cloudflare is not configured: set CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID, TRACKER_ORIGIN and EDGE_WORKER_SECRET',
  });
});
