// Every /api route, called as an admin with hostile JSON bodies, query strings and path ids
// (NUL, lone surrogates, control characters, 1 MB strings, deep nesting, numbers as strings, arrays
// where objects go, __proto__ keys, huge integers), answers a JSON { message } 4xx for what it refuses,
// never a 500, and a refused request leaves every stored row as it was.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { encryptSecret, schema, type Entities } from '@tracker/core';
import { openEntities, openJobQueue } from '@tracker/core/testing';
import { isWellFormedText } from '@tracker/schemas';
import type { z } from 'zod';
import { createApiHarness, type ApiHarness } from './testing/api-harness';
import { listApiRoutes, type ApiRoute } from './testing/api-routes';
import { looseObjectPaths } from './testing/loose-objects';
import { LOCAL_FAKES_OUTGOING, startFakeTiktokReporting, type FakeTiktokReporting } from '@tracker/testing';

let h: ApiHarness;
/** TikTok for the account form: it knows no advertiser, so every add is refused with a 400. */
let tiktok: FakeTiktokReporting;
let ownEntities: Entities | undefined;
let admin: string;
/** Every route of the API, as Fastify registers it (so a new route cannot escape the fuzzing). */
const routes: ApiRoute[] = [];
/** Ids of rows that exist, so PATCH bodies get past the 404 and reach their validation and store. */
const existing: Record<string, string> = {};

/** ~40 routes × 40 runs: about 10 s here; raise it locally to dig deeper. */
const RUNS_PER_ROUTE = 40;

const RANGE = { startDate: '2026-01-01', endDate: '2026-01-31' };
const SECRETS_KEY = Buffer.alloc(32, 7);

/** A valid body per route that takes one: the fuzzer breaks one part of it at a time. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/login': () => ({ username: 'nobody-here', password: 'not-the-password' }),
  'POST /api/register': () => ({ username: 'second-admin', password: 'long-enough-pw' }),
  'POST /api/offers': () => ({ name: 'Offer', url: 'https://offer.example/o', utmTemplate: 'sub1={clickId}' }),
  'PATCH /api/offers/:id': () => ({ name: 'Offer', url: 'https://offer.example/o', utmTemplate: 'sub1={clickId}' }),
  'POST /api/landers': () => ({ name: 'Lander', url: 'https://lander.example/l' }),
  'PATCH /api/landers/:id': () => ({ name: 'Lander', url: 'https://lander.example/l' }),
  'POST /api/campaigns': () => ({ name: 'Campaign', landerId: Number(existing.landers), defaultTiktokEvent: 'CompletePayment', bhToggle: false }),
  'PATCH /api/campaigns/:id': () => ({ name: 'Campaign', landerId: Number(existing.landers), offerId: null, bhToggle: true }),
  'PUT /api/campaigns/:id/flow': () => ({
    rules: [{ name: 'iOS in DE', conditions: [{ field: 'country', op: 'in', values: ['DE'] }, { field: 'os', op: 'not_in', values: ['Android'] }], path: { landers: [], offers: [{ offerId: Number(existing.offers), weight: 1 }] } }],
    defaultPath: { landers: [{ landerId: Number(existing.landers), weight: 70 }], offers: [{ offerId: Number(existing.offers), weight: 30 }], autoOptimize: true, autoOptimizeMetric: 'epv', autoOptimizeFloor: 20 },
    fallbackOfferId: null,
  }),
  'POST /api/sparks': () => ({ name: 'Spark', code: '<script>spark()</script>' }),
  'PATCH /api/sparks/:id': () => ({ name: 'Spark', code: '<script>spark()</script>' }),
  'POST /api/tiktok-pixels': () => ({ name: 'Pixel', pixelId: 'PIXEL-NEW', accessToken: 'token', websiteUrl: 'https://site.example' }),
  'PATCH /api/tiktok-pixels/:id': () => ({ name: 'Pixel', pixelId: 'PIXEL-FIXTURE', accessToken: '', websiteUrl: null }),
  'POST /api/tiktok-pixels/:id/fire-event': () => ({ eventName: 'CompletePayment', testEventCode: 'TEST1' }),
  'POST /api/settings': () => ({ key: 'redirect_domain', value: 'trk.example.com' }),
  'POST /api/users': () => ({ username: 'someone-new', password: 'long-enough-pw', role: 'user', features: ['landers', 'clicks'] }),
  'POST /api/users/:id/permissions': () => ({ features: ['campaigns', 'landers'] }),
  'POST /api/users/:id/vcn-assignments': () => ({ vcnNicknames: ['Card A', 'Card B'] }),
  // The current password is wrong: a well-formed change is a 400 that stores nothing, however often it is sent.
  'POST /api/user/password': () => ({ currentPassword: 'not-the-password', newPassword: 'long-enough-pw' }),
  'POST /api/user/preferences': () => ({ visibleColumns: ['clicks', 'revenue'], columnWidths: { name: 200 } }),
  'POST /api/tiktok/accounts': () => ({ advertiserId: '7000123', accessToken: 'tt-token', name: 'Main account' }),
  'POST /api/tiktok/accounts/:id/sync': () => ({ startDate: '2026-01-01', endDate: '2026-01-31' }),
  'POST /api/publisher-invoices': () => ({ mediaBuyer: 'Jamie', description: 'Weekly payout', period: 'November 2026', amountPaid: '100.00', revenueSharePercent: '25.5', profit: '-3.10', invoiceDate: '2026-11-25', notes: 'n' }),
  'POST /api/advertiser-invoices': () => ({ companyName: 'Acme', billingAddress: '1 Road', invoiceDate: '2026-11-25', dueDate: '2026-12-02', payTerms: 'Net 15', period: '2026-11-16 to 2026-11-22', notes: 'n', lineItems: JSON.stringify([{ description: 'Traffic', amount: '10.00' }]), totalAmount: '10.00' }),
  'PUT /api/invoice-settings/:kind': () => ({ fromCompanyName: 'Us LLC', fromAddress: '1 Main St', bankName: 'Bank', iban: 'DE00', terms: 'Net 15' }),
  'POST /api/advertiser-companies': () => ({ companyName: 'Acme', billingAddress: '1 Road' }),
  'POST /api/domains/check': () => ({ domain: 'example.xyz' }),
  'POST /api/domains/purchase': () => ({ domain: 'example.xyz' }),
  'POST /api/domains/:id/configure': () => ({ subdomain: 'trk' }),
  'POST /api/users/:id/spark-assignments': () => ({ sparkIds: [Number(existing.sparks)] }),
  'POST /api/users/:id/subid1-assignments': () => ({ subid1s: ['mia', 'zoe'] }),
  'PUT /api/fx-rates/:date/:currency': () => ({ rate: '1.0823' }),
  'PUT /api/integrations/cake': () => ({ baseUrl: 'https://network.example', apiKey: 'cake-key', affiliateId: '208330' }),
  'POST /api/integrations/cake/sync': () => ({ startDate: '2026-01-01', endDate: '2026-01-28' }),
  'POST /api/notification-channels': () => ({ type: 'webhook', name: 'Ops hook', url: 'https://203.0.113.10/hooks/tracker', secret: 'a-long-enough-hmac-secret', alertKinds: ['spend-sync'] }),
  'PATCH /api/notification-channels/:id': () => ({ name: 'Ops hook', url: 'https://203.0.113.10/hooks/tracker', secret: '', alertKinds: ['projector-lag', 'domain-inactive'] }),
  'POST /api/rules': () => ({ name: 'Pause losers', level: 'ad', accountIds: ['7000123'], window: 'today', conditions: [{ metric: 'spend', op: 'gt', value: 50 }], guard: { minSpend: 10, minVisits: 0 }, action: { type: 'pause' } }),
  'PATCH /api/rules/:id': () => ({ name: 'Pause losers', conditions: [{ metric: 'roi', op: 'lt', value: -50 }], guard: { minSpend: 5, minVisits: 10 }, action: { type: 'notify' } }),
  // Multipart only: every JSON body is a 415, a broken multipart one a 400 (transactions-api tests upload files).
  'POST /api/transactions/upload': () => ({ file: 'Transaction Date,Status\n1/2/26,CLEARED' }),
};

/** A valid query string per route that reads one. */
const VALID_QUERIES: Record<string, () => Record<string, string>> = {
  'GET /api/reports': () => ({ ...RANGE, groupBy: 'campaign', offer: existing.offers!, spark: 'none', mediaBuyer: 'none', campaignId: 'x', then: 'offer', then2: 'placement', parent: 'x', parent2: '1', country: 'US', device: 'Mobile', os: 'iOS', browser: 'none', rule: 'US iPhones' }),
  'GET /api/reports/series': () => ({ ...RANGE, groupBy: 'campaign', offer: existing.offers!, spark: 'none', mediaBuyer: 'none', campaignId: 'x', country: 'US', device: 'Mobile', os: 'iOS', browser: 'none', rule: 'US iPhones' }),
  'GET /api/reports/totals': () => ({ ...RANGE, groupBy: 'campaign', offer: existing.offers!, spark: 'none', mediaBuyer: 'none', campaignId: 'x', country: 'US', device: 'Mobile', os: 'iOS', browser: 'none', rule: 'US iPhones' }),
  'GET /api/reports/audience': () => RANGE,
  'GET /api/campaigns/:id/split-test': () => ({ ...RANGE, metric: 'epv', path: 'default' }),
  'GET /api/clicks': () => ({ ...RANGE, campaignId: 'x', search: '0a1b2c3d', limit: '10', skip: '0' }),
  'GET /api/clicks/export.csv': () => ({ ...RANGE, campaignId: 'x', search: '0a1b2c3d' }),
  'GET /api/clicks/summary': () => ({ ...RANGE, campaignId: 'x' }),
  'GET /api/clicks/by-campaign': () => ({ ...RANGE }),
  'GET /api/conversions': () => ({ ...RANGE, search: 'tx-1', status: 'pending', limit: '10', after: '2026-04-01T10:00:00.000Z_0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }),
  'GET /api/cake/stats': () => ({ ...RANGE }),
  'GET /api/cake/offers': () => ({ ...RANGE }),
  'GET /api/tiktok/spend': () => ({ ...RANGE }),
  'GET /api/transactions': () => ({ status: 'CLEARED', vcnLast4: '1234', minAmount: '1.00', maxAmount: '$1,000.00', page: '2', sort: 'amount', order: 'asc' }),
  'GET /api/transactions/summary': () => ({ startDate: '2026-01-01', endDate: '2026-01-31' }),
  'GET /api/fx-rates': () => ({ startDate: '2026-01-01', endDate: '2026-01-31' }),
  'GET /api/fx-rates/latest': () => ({ currencies: 'EUR,GBP' }),
  'GET /api/alerts': () => RANGE,
  'GET /api/automation/log': () => RANGE,
  'POST /api/rules/:id/replay': () => ({ days: '7' }),
};

// ---- hostile values ----

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const controlChar = fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f })).map((c) => String.fromCharCode(c));
/** Strings of any code point, with lone surrogates and control characters mixed in on purpose. */
const nastyString = fc.string({
  unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate, controlChar),
  maxLength: 40,
});
const MEGABYTE = 1_000_000;
const hostileString = fc.oneof(
  nastyString,
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfffy',
    'tab\there',
    'line\nbreak',
    '\u001b[31mred',
    '\u0085\u2028\u2029',
    '',
    '   ',
    'ü中😀',
    '%00',
    "' OR 1=1 --",
    '__proto__',
    '1e400',
    '-1',
    '2147483648',
    '99999999999999999999999',
    'javascript:alert(1)',
    'https://a.example/pür中',
    'https://a.example/\u0000',
    'https://exa mple.com/',
    'http://[::1',
    'Europe/Berlin\u0000',
    'x'.repeat(MEGABYTE - 200),
    `${'x'.repeat(MEGABYTE - 200)}\u0000`,
  ),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** A JSON value as text, for what JSON.stringify cannot write (huge integers, __proto__ keys, deep nesting). */
const rawJsonValue = fc.constantFrom(
  '123456789012345678901234567890',
  '-99999999999999999999999999999999999999',
  '1e999',
  '{"__proto__":{"role":"admin","isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
);

type Json = { raw: string };
const json = (value: unknown): Json => ({ raw: JSON.stringify(value) });

const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  hostileString.map(json),
  hostileNumber.map(json),
  fc.constantFrom(null, true, false, [], {}, ['a'], [1, 2], { a: 'b' }).map(json),
  fc.array(hostileString, { maxLength: 3 }).map(json),
  rawJsonValue.map((raw) => ({ raw })),
);

function objectText(body: Record<string, unknown>, replace?: { key: string; value: Json }, extra?: string): string {
  const parts = Object.entries(body)
    .filter(([key]) => key !== replace?.key)
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  if (replace) parts.push(`${JSON.stringify(replace.key)}:${replace.value.raw}`);
  if (extra) parts.push(extra);
  return `{${parts.join(',')}}`;
}

/** A body: the valid one with one field broken, an extra hostile key, or something that is not that object at all. */
function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const fields = keys.length > 0 ? keys : ['value'];
  return fc.oneof(
    fc.record({ key: fc.constantFrom(...fields), value: hostileValue }).map((replace) => objectText(valid, replace)),
    fc
      .record({ key: fc.constantFrom(...fields), value: fc.constant(0) })
      // A number sent as a string, a string sent as a number.
      .map(({ key }) => objectText(valid, { key, value: json(typeof valid[key] === 'number' ? String(valid[key]) : 42) })),
    fc.constantFrom('"__proto__":{"role":"admin"}', '"constructor":{"prototype":{"x":1}}', '"__proto__":null').map((extra) => objectText(valid, undefined, extra)),
    hostileValue.map((v) => v.raw),
    fc.constantFrom('', '{', '{"a":', 'not json', '[', '\u0000', `{"name":"a\\u0000b"}`, '{"name":"\\ud800"}'),
  );
}

/** A query value: any of the hostile strings percent-encoded, or broken percent-encoding itself. */
const hostileQueryValue = fc.oneof(
  hostileString.filter((s) => s.length < 10_000 && isWellFormedText(s)).map((s) => encodeURIComponent(s)),
  fc.constantFrom('%00', '%FF', '%ED%A0%80', '%', '%%', 'a%00b', '%E0%A4%A', '%0A%0D', '+', '1e400', '-5', '99999999999999999999'),
);

function hostileQuery(valid: Record<string, string>): fc.Arbitrary<string> {
  const keys = [...Object.keys(valid), 'unexpected'];
  const encode = (q: Record<string, string>) => Object.entries(q).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return fc.oneof(
    fc.record({ key: fc.constantFrom(...keys), value: hostileQueryValue }).map(({ key, value }) => {
      const rest = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key));
      return [...encode(rest), `${key}=${value}`].join('&');
    }),
    // The same parameter twice (an array), or a key only.
    fc.constantFrom(...keys).map((key) => [...encode(valid), `${key}=a`, `${key}=b`].join('&')),
    fc.constantFrom(...keys).map((key) => [...encode(valid), key].join('&')),
  );
}

/** A path id: the existing row, or something that is not one. */
function hostileId(resource: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(existing[resource] ?? '1'),
    hostileString.filter((s) => s.length < 1_000 && isWellFormedText(s)).map((s) => encodeURIComponent(s)),
    fc.constantFrom('0', '-1', '1.5', '2147483648', '99999999999999999999', '%00', '%0A', '1e3', 'null', '__proto__'),
  );
}

// ---- the stored state ----

let fingerprintSql = '';
/** The last fingerprint taken, and the WAL insert position read just before it. No row of a (logged) table can
 *  change without a WAL record, so while that position stands the fingerprint still holds: most requests store
 *  nothing, and hashing every table after each of them was most of this file's time. A write between reading the
 *  position and hashing only moves the position on, so the next call hashes again. */
let fingerprinted: { lsn: string; state: Record<string, string> } | undefined;
/** One hash per table of everything stored. */
async function storedState(): Promise<Record<string, string>> {
  const position = (await h.entities.db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`)) as unknown as { rows: Array<{ lsn: string }> };
  const lsn = position.rows[0]!.lsn;
  if (fingerprinted?.lsn === lsn) return fingerprinted.state;
  const result = (await h.entities.db.execute(sql.raw(fingerprintSql))) as unknown as { rows: Array<{ t: string; h: string }> };
  const state = Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
  fingerprinted = { lsn, state };
  return state;
}

/** What is wrong with the answer to a request, or null. */
function refusalProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type']).startsWith('application/json')) return `a ${res.statusCode} that is not JSON`;
  const body = res.json() as Record<string, unknown>;
  if (Object.keys(body).join() !== 'message' || typeof body.message !== 'string') return `a ${res.statusCode} that is not { message }`;
  return null;
}

/** Mostly JSON, sometimes a content type the API does not read. */
const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  fc.constantFrom('application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''),
);

async function send(method: string, url: string, payload?: string, contentType = 'application/json'): Promise<void> {
  const before = await storedState();
  const res = await h.call({
    method: method as 'GET',
    url,
    cookie: url === '/api/logout' ? undefined : admin,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': contentType } }),
  });
  const what = `${method} ${url.slice(0, 200)} ${payload?.slice(0, 200) ?? ''}`;
  const problem = refusalProblem(res);
  if (problem) throw new Error(`${what} → ${problem}: ${res.body.slice(0, 300)}`);
  const after = await storedState();
  // A refused request changed nothing.
  if (res.statusCode >= 400 && JSON.stringify(after) !== JSON.stringify(before)) {
    throw new Error(`${what} → ${res.statusCode}, yet stored rows changed`);
  }
}

beforeAll(async () => {
  // TikTok refuses every advertiser: a valid new account is a 400, never a call to nowhere (a 502).
  tiktok = await startFakeTiktokReporting();
  // A queue nobody works: a valid CAKE sync is enqueued and answered 202 at once.
  const entities = await openEntities({ pgliteDir: 'memory://' });
  ownEntities = entities;
  h = await createApiHarness({
    tiktokApiUrl: tiktok.url,
    outgoing: LOCAL_FAKES_OUTGOING,
    queue: await openJobQueue({ db: entities.db }),
    jobWaitMs: 0,
    secretsKey: SECRETS_KEY,
    // The channel fixture's address (TEST-NET-3) never answers: a Send test gives up at once.
    notify: { outgoing: { allowPrivate: false }, telegramApiUrl: 'http://127.0.0.1:9', timeoutMs: 50, attempts: 1 },
  });
  admin = await h.signIn('admin');

  routes.push(...(await listApiRoutes(h)));

  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://l.example/' }).returning();
  const [offer] = await db.insert(schema.offers).values({ name: 'O', url: 'https://o.example/' }).returning();
  const [spark] = await db.insert(schema.sparks).values({ name: 'S', code: 'c', sparkId: 'spk_fixture' }).returning();
  const [pixel] = await db.insert(schema.tiktokPixels).values({ name: 'P', pixelId: 'PIXEL-FIXTURE', accessToken: 'not-encrypted' }).returning();
  const [user] = await db.insert(schema.users).values({ username: 'fixture-user', password: 'scrypt$x' }).returning();
  await db.insert(schema.campaigns).values({ id: 'fuzzCampaign', name: 'C', landerId: lander!.id });
  const [channel] = await db
    .insert(schema.notificationChannels)
    .values({ type: 'webhook', name: 'Hook', url: 'https://203.0.113.10/hooks/tracker', secret: encryptSecret(SECRETS_KEY, 'fixture-hmac-secret-000') })
    .returning();
  Object.assign(existing, {
    landers: String(lander!.id),
    offers: String(offer!.id),
    sparks: String(spark!.id),
    'tiktok-pixels': String(pixel!.id),
    users: String(user!.id),
    campaigns: 'fuzzCampaign',
    'notification-channels': String(channel!.id),
    'invoice-settings': 'publisher',
  });

  const tables = (await db.execute(
    sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ t: string }> };
  fingerprintSql = tables.rows
    .map(({ t }) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`)
    .join(' union all ');
}, 120_000);
afterAll(async () => {
  await h.close();
  await tiktok.close();
  await ownEntities?.close();
});

test('the fuzzer knows a valid body and query for every route that takes one', () => {
  expect(routes.length).toBeGreaterThan(30);
  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
  expect(routes.filter((r) => r.hasBody && !VALID_BODIES[key(r)]).map(key)).toEqual([]);
  expect(routes.filter((r) => r.hasQuery && !VALID_QUERIES[key(r)]).map(key)).toEqual([]);
});

/** Every string in a valid body, one at a time, with a NUL in it: PostgreSQL refuses a NUL in text. */
function withNulInEachString(body: Record<string, unknown>): Array<Record<string, unknown>> {
  return Object.entries(body).flatMap(([key, value]) => {
    if (typeof value === 'string') return [{ ...body, [key]: `${value}\u0000x` }];
    if (Array.isArray(value) && typeof value[0] === 'string') return [{ ...body, [key]: [...value.slice(1), 'a\u0000b'] }];
    return [];
  });
}

// The fuzzing below trusts storedState to see any write; one made straight to the store, and one undone.
test('the stored state moves with a write and returns with its undoing', async () => {
  const before = await storedState();
  expect(await storedState()).toEqual(before);
  const [lander] = await h.entities.db.insert(schema.landers).values({ name: 'Seen', url: 'https://seen.example/' }).returning();
  const written = await storedState();
  expect(written.landers).not.toBe(before.landers);
  await h.entities.db.delete(schema.landers).where(sql`id = ${lander!.id}`);
  expect(await storedState()).toEqual(before);
});

test('a NUL in any string of any body is a 400 with a message, also on POST /api/login without a session', async () => {
  const answers: string[] = [];
  for (const route of routes.filter((r) => VALID_BODIES[`${r.method} ${r.url}`])) {
    for (const body of withNulInEachString(VALID_BODIES[`${route.method} ${route.url}`]!())) {
      const url = pathFor(route.url, existing[resourceOf(route.url)] ?? '1');
      const before = await storedState();
      const res = await h.call({ method: route.method as 'POST', url, payload: body, cookie: route.url === '/api/login' ? undefined : admin });
      const changed = JSON.stringify(await storedState()) !== JSON.stringify(before);
      answers.push(`${route.method} ${route.url} ${JSON.stringify(body)} → ${res.statusCode}${refusalProblem(res) ? ' malformed' : ''}${changed ? ' changed' : ''}`);
    }
  }
  expect(answers.length).toBeGreaterThan(25);
  expect(answers.filter((a) => !/→ 4\d\d$/.test(a))).toEqual([]);
});

test('a NUL in any query parameter of any route is a 400, drill-down parents under each grouping included', async () => {
  const drills = ['campaign', 'spark', 'offer', 'lander', 'media_buyer'].map((groupBy) => ({ ...RANGE, groupBy, then: groupBy === 'offer' ? 'lander' : 'offer', parent: 'a\u0000b' }));
  const answers: string[] = [];
  const ask = async (route: string, query: Record<string, string>) => {
    const res = await h.call({ method: 'GET', url: `${route}?${new URLSearchParams(query)}`, cookie: admin });
    answers.push(`${route} ${JSON.stringify(query)} → ${res.statusCode}${refusalProblem(res) ? ' malformed' : ''}`);
  };
  for (const query of drills) await ask('/api/reports', query);
  for (const route of routes.filter((r) => r.method === 'GET' && VALID_QUERIES[`GET ${r.url}`])) {
    const valid = VALID_QUERIES[`GET ${route.url}`]!();
    for (const name of Object.keys(valid)) await ask(route.url, { ...valid, [name]: `${valid[name]}\u0000x` });
  }
  expect(answers.length).toBeGreaterThan(30);
  expect(answers.filter((a) => !/→ 400$/.test(a))).toEqual([]);
});

// An unknown field is refused, never silently dropped: a client that misspells one learns it at once.
test('every JSON body refuses an unknown field with a 400 naming it, at every depth, and stores nothing', async () => {
  const loose = routes.filter((r) => r.body).flatMap((r) => looseObjectPaths(r.body as z.ZodType).map((path) => `${r.method} ${r.url} ${path || '(body)'}`));
  expect(loose).toEqual([]);

  const answers: string[] = [];
  // Multipart only: its JSON bodies are refused with a 415 before any schema.
  for (const route of routes.filter((r) => r.hasBody && r.url !== '/api/transactions/upload')) {
    const url = pathFor(route.url, existing[resourceOf(route.url)] ?? '1');
    const before = await storedState();
    const payload = { ...VALID_BODIES[`${route.method} ${route.url}`]!(), unexpectedField: 'x' };
    const res = await h.call({ method: route.method as 'POST', url, payload, cookie: route.url === '/api/login' ? undefined : admin });
    const changed = JSON.stringify(await storedState()) !== JSON.stringify(before);
    answers.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body}${changed ? ' changed' : ''}`);
  }
  expect(answers.length).toBeGreaterThan(30);
  expect(answers.filter((a) => !a.endsWith(`→ 400 {"message":"Unknown field 'unexpectedField'"}`))).toEqual([]);
});

test('an unknown field inside a nested object is named with its path (an invoice line)', async () => {
  const body = VALID_BODIES['POST /api/advertiser-invoices']!();
  for (const lineItems of [[{ description: 'Traffic', amount: '10.00', qty: 2 }], JSON.stringify([{ description: 'Traffic', amount: '10.00', qty: 2 }])]) {
    const res = await h.call({ method: 'POST', url: '/api/advertiser-invoices', payload: { ...body, lineItems }, cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Unknown field 'lineItems.0.qty'" });
  }
});

/** Fills `:id` (or `:kind`) from the resource before it (`/api/users/:id/permissions` → users). */
function pathFor(url: string, id: string): string {
  // A manual reference rate's day and currency (/api/fx-rates/:date/:currency).
  return url.replace(/:(id|kind)\b/, id).replace(':date', '2026-01-02').replace(':currency', 'USD');
}
const resourceOf = (url: string) => url.split('/')[2] ?? '';

test('hostile input to every route: never a 500, a JSON { message } for each refusal, nothing stored changed by one', async () => {
  const failures: string[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    // Deleting the fixtures would leave later PATCHes nothing to reach: deletes get only ids that are not rows.
    const ids = /:(id|kind)\b/.test(route.url)
      ? route.method === 'DELETE'
        ? hostileId(resourceOf(route.url)).filter((id) => id !== existing[resourceOf(route.url)])
        : hostileId(resourceOf(route.url))
      : fc.constant('');
    const bodies = VALID_BODIES[key] ? hostileBody(VALID_BODIES[key]()) : fc.constant(undefined);
    const queries = VALID_QUERIES[key] ? hostileQuery(VALID_QUERIES[key]()) : hostileQuery({});
    const run = fc.check(
      fc.asyncProperty(ids, bodies, queries, contentTypes, async (id, body, query, contentType) => {
        const url = pathFor(route.url, id);
        const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : body;
        await send(route.method, route.method === 'GET' ? `${url}?${query}` : url, payload, contentType);
      }),
      { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
    const details = await run;
    // Every route is fuzzed even when an earlier one fails, so one run reports them all.
    if (details.failed) failures.push(`${key}: ${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance).slice(0, 600)}`);
  }
  expect(failures).toEqual([]);
}, 600_000);

// Fastify's router refuses a path with broken percent-encoding (`%FF`) before any route runs; the
// server's framework-error handler (core/src/http/plain-errors.ts) still answers it as { message }.
test('a path with broken percent-encoding is a { message } 400', async () => {
  const res = await h.call({ method: 'DELETE', url: '/api/landers/%FF', cookie: admin });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: expect.any(String) });
});
