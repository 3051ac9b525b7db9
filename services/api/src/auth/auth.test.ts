// Sign-in, sessions, registration, throttling and access checks, through HTTP on a real PGlite store.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { createHttpServer, createLogger, loadConfig, schema, type Entities, type TrustProxy } from '@tracker/core';
import { openScratchEntities } from '@tracker/core/testing';
import { registerApi } from '../api-plugin';
import { FIXTURE_PASSWORD_COST, lazyChdbAnalytics } from '../testing/api-harness';
import { checkAccess } from './access';
import { configureAdmin, ensureAdmin } from './ensure-admin';
import { LoginThrottle } from './login-throttle';
import { hashPassword } from './password';

const logger = createLogger('silent');
let entities: Entities;
let app: FastifyInstance;

async function buildApp(throttle = new LoginThrottle(), trustProxy: TrustProxy | true = true) {
  const server = createHttpServer({ logger, trustProxy });
  await registerApi(server, { db: entities.db, analytics: lazyChdbAnalytics(), changes: entities.changes, sessionSecret: 'x'.repeat(32), secretsKey: Buffer.alloc(32, 1), tiktokApiUrl: 'http://127.0.0.1:9', logger, webDist: '/nonexistent', throttle, passwordCost: FIXTURE_PASSWORD_COST });
  await server.ready();
  return server;
}

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie']).split(';')[0]!;

beforeAll(async () => {
  entities = await openScratchEntities();
  app = await buildApp();
});
afterAll(async () => {
  await app.close();
  await entities.close();
});

describe('first run', () => {
  test('GET /api/user without a session is 401 with a JSON message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in' });
  });

  test('registration is open while no user exists, then closed', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/register', payload: { username: 'owner', password: 'correct horse' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ username: 'owner', role: 'admin' });
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookieOf(first) } });
    expect(me.json()).toMatchObject({ username: 'owner', role: 'admin', permissions: expect.arrayContaining(['campaigns', 'clicks']), reportTimezone: 'UTC', currency: 'USD' });
    // The report time zone comes with the user, so every screen's first request asks for that zone's day.
    // So does the workspace currency, which every money figure is shown in (settings are admin-only).
    await entities.db.insert(schema.settings).values([{ key: 'report_timezone', value: 'America/Los_Angeles' }, { key: 'currency', value: 'EUR' }]);
    const later = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookieOf(first) } });
    expect(later.json()).toMatchObject({ reportTimezone: 'America/Los_Angeles', currency: 'EUR' });
    await entities.db.delete(schema.settings).where(eq(schema.settings.key, 'report_timezone'));
    await entities.db.delete(schema.settings).where(eq(schema.settings.key, 'currency'));

    const second = await app.inject({ method: 'POST', url: '/api/register', payload: { username: 'intruder', password: 'intruder-pass' } });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toMatch(/Registration is closed/);
    const rows = await entities.db.select().from(schema.users).where(eq(schema.users.username, 'intruder'));
    expect(rows).toHaveLength(0);
  });
});

describe('sign in and out', () => {
  test('a wrong password is 401; the right one sets an HttpOnly, SameSite=Lax cookie', async () => {
    const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owner', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });

    const ok = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owner', password: 'correct horse' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: 'owner', role: 'admin' });
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(/^tracker_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  test('the cookie is Secure behind HTTPS', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: 'owner', password: 'correct horse' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });

  test('the database keeps neither the password nor the session token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owner', password: 'correct horse' } });
    const token = cookieOf(res).split('=')[1]!;
    const sessions = await entities.db.select().from(schema.sessions);
    expect(sessions.some((s) => s.id === token)).toBe(false);
    const [user] = await entities.db.select().from(schema.users).where(eq(schema.users.username, 'owner'));
    expect(user!.password).toMatch(/^scrypt\$/);
    expect(user!.password).not.toContain('correct horse');
  });

  test('logout ends the session', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owner', password: 'correct horse' } });
    const cookie = cookieOf(login);
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  test('a forged or malformed cookie is no session', async () => {
    for (const cookie of ['tracker_session=forged', `tracker_session=${'a'.repeat(500)}`, 'tracker_session=%E0%A4%A', ';;=;tracker_session']) {
      const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: 'Not signed in' });
    }
  });

  test('the name is compared as people read it: case and fullwidth forms sign in as the same user', async () => {
    for (const username of ['OWNER', 'Owner', 'ｏｗｎｅｒ']) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'correct horse' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: 'owner' });
    }
  });

  test('users stored before that, differing only in case, each keep their exact name; a third spelling is neither', async () => {
    await entities.db.insert(schema.users).values([
      { username: 'Twin', password: await hashPassword('upper-twin-pw', FIXTURE_PASSWORD_COST) },
      { username: 'twin', password: await hashPassword('lower-twin-pw', FIXTURE_PASSWORD_COST) },
    ]);
    const signIn = (username: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    expect((await signIn('Twin', 'upper-twin-pw')).json()).toMatchObject({ username: 'Twin' });
    expect((await signIn('twin', 'lower-twin-pw')).json()).toMatchObject({ username: 'twin' });
    expect((await signIn('TWIN', 'lower-twin-pw')).statusCode).toBe(401);
  });

  test('a body without a password is 400 with a message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owner' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Password is required/);
  });

  test('unknown /api routes are 401 without a session and 404 with one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owner', password: 'correct horse' } });
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { cookie: cookieOf(login) } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('changing your own password', () => {
  const signIn = async (username: string, password: string) =>
    cookieOf(await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } }));
  const change = (cookie: string | undefined, payload: object) =>
    app.inject({ method: 'POST', url: '/api/user/password', headers: cookie ? { cookie } : {}, payload });
  const me = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode;

  beforeAll(async () => {
    await entities.db.insert(schema.users).values([
      { username: 'changer', password: await hashPassword('first-password', FIXTURE_PASSWORD_COST) },
      { username: 'bystander', password: await hashPassword('bystander-pw', FIXTURE_PASSWORD_COST) },
    ]);
  });

  test('keeps this session, ends every other session of the user, and the old password stops working', async () => {
    const here = await signIn('changer', 'first-password');
    const elsewhere = await signIn('changer', 'first-password');
    const someoneElse = await signIn('bystander', 'bystander-pw');
    const res = await change(here, { currentPassword: 'first-password', newPassword: 'second-password' });
    expect(res.statusCode).toBe(200);
    expect(await me(here)).toBe(200);
    expect(await me(elsewhere)).toBe(401);
    expect(await me(someoneElse)).toBe(200);
    const old = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'changer', password: 'first-password' } });
    expect(old.statusCode).toBe(401);
    expect(await me(await signIn('changer', 'second-password'))).toBe(200);
  });

  test.each([
    [{ currentPassword: 'not-it-at-all', newPassword: 'third-password' }, 'The current password is not correct'],
    [{ currentPassword: 'second-password', newPassword: 'short' }, 'New password must be at least 8 characters'],
    [{ currentPassword: '', newPassword: 'third-password' }, 'Current password is required'],
    [{ currentPassword: 'second-password' }, 'New password is required'],
  ])('%j is 400 "%s" and changes nothing', async (payload, message) => {
    const here = await signIn('changer', 'second-password');
    const elsewhere = await signIn('changer', 'second-password');
    const res = await change(here, payload);
    expect(res.statusCode).toBe(400);
    // Validation names the field first ("newPassword: ..."), as every body schema's 400 does.
    expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^(\\w+: )?${message}$`));
    expect(await me(elsewhere)).toBe(200);
  });

  test('needs a session', async () => {
    const res = await change(undefined, { currentPassword: 'second-password', newPassword: 'third-password' });
    expect(res.statusCode).toBe(401);
  });

  test('wrong current passwords are throttled like sign-ins: a stolen cookie buys no unlimited guesses', async () => {
    const throttled = await buildApp(new LoginThrottle({ perUsernameAndIp: 3, delayStepMs: 1 }));
    const cookie = await signIn('changer', 'second-password');
    const guess = (currentPassword: string) =>
      throttled.inject({ method: 'POST', url: '/api/user/password', remoteAddress: '10.9.9.9', headers: { cookie }, payload: { currentPassword, newPassword: 'third-password' } });
    for (let i = 0; i < 3; i++) expect((await guess(`guess-${i}`)).statusCode).toBe(400);
    const blocked = await guess('second-password');
    expect(blocked.statusCode).toBe(429);
    expect(await me(cookie)).toBe(200);
    await throttled.close();
  });
});

describe('throttling failed sign-ins', () => {
  const login = (server: FastifyInstance, ip: string, username: string, password: string) =>
    server.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username, password } });

  test('40 parallel wrong passwords: at most the limit are checked, the rest are 429 at once', async () => {
    const throttled = await buildApp(new LoginThrottle({ delayStepMs: 300 }));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(throttled, '10.0.0.1', 'owner', `wrong-${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);
    expect(answers.find((res) => res.statusCode === 429)!.json().message).toMatch(/Too many failed sign-in attempts/);

    // The same client stays out, even with the right password ...
    expect((await login(throttled, '10.0.0.1', 'owner', 'correct horse')).statusCode).toBe(429);
    // ... but the owner, from another address, is slowed down, not locked out.
    const started = Date.now();
    const owner = await login(throttled, '10.0.0.2', 'owner', 'correct horse');
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await throttled.close();
  });

  test('per username and IP: the sixth try is 429 with Retry-After; another user from that IP is not', async () => {
    const throttled = await buildApp(new LoginThrottle({ perUsernameAndIp: 5, perIp: 100, windowMs: 60_000, delayStepMs: 1 }));
    for (let i = 0; i < 5; i++) {
      expect((await login(throttled, '10.0.0.3', 'owner', `bad${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(throttled, '10.0.0.3', 'owner', 'correct horse');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(throttled, '10.0.0.3', 'nobody', 'whatever')).statusCode).toBe(401);
    await throttled.close();
  });

  test('per IP: many usernames from one address are throttled too', async () => {
    const throttled = await buildApp(new LoginThrottle({ perUsernameAndIp: 100, perIp: 3, windowMs: 60_000 }));
    for (let i = 0; i < 3; i++) await login(throttled, '10.0.0.4', `guess${i}`, 'x');
    expect((await login(throttled, '10.0.0.4', 'owner', 'correct horse')).statusCode).toBe(429);
    expect((await login(throttled, '10.0.0.5', 'owner', 'correct horse')).statusCode).toBe(200);
    await throttled.close();
  });

  test("a successful sign-in clears that client's failures on the username", async () => {
    const throttled = await buildApp(new LoginThrottle({ perUsernameAndIp: 3, perIp: 100, windowMs: 60_000, delayStepMs: 1 }));
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login(throttled, '10.0.0.6', 'owner', 'bad')).statusCode).toBe(401);
      expect((await login(throttled, '10.0.0.6', 'owner', 'correct horse')).statusCode).toBe(200);
    }
    await throttled.close();
  });

  test('the window passes, and the slow-down grows per failure up to its cap', () => {
    let now = 0;
    const throttle = new LoginThrottle(
      { perUsernameAndIp: 1, perIp: 10, perUsername: 1000, windowMs: 1000, freeFailuresPerUsername: 1, delayStepMs: 100, maxDelayMs: 250 },
      () => now,
    );
    expect(throttle.begin('1.1.1.1', 'a').delayMs).toBe(0);
    expect(() => throttle.begin('1.1.1.1', 'A')).toThrow(/Too many/);
    expect(throttle.begin('2.2.2.2', 'a').delayMs).toBe(100);
    expect(throttle.begin('3.3.3.3', 'a').delayMs).toBe(200);
    expect(throttle.begin('4.4.4.4', 'a').delayMs).toBe(250);
    for (let i = 0; i < 50; i++) throttle.begin(`9.9.9.${i}`, 'a');
    expect(throttle.begin('5.5.5.5', 'a').delayMs).toBe(250);
    now = 1001;
    expect(throttle.begin('1.1.1.1', 'a').delayMs).toBe(0);
  });
});

describe('throttling behind a proxy that appends to X-Forwarded-For', () => {
  // The client writes the leftmost entries itself; the proxy (10.0.0.10) appends the address it saw.
  const viaProxy = (server: FastifyInstance, claimed: string, username: string) =>
    server.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.0.0.10',
      headers: { 'x-forwarded-for': `${claimed}, 198.51.100.7` },
      payload: { username, password: 'wrong' },
    });

  test.each([
    ['TRUST_PROXY=1', loadConfig({ TRUST_PROXY: '1' }).trustProxy],
    ['TRUST_PROXY=true', loadConfig({ TRUST_PROXY: 'true' }).trustProxy],
    ['TRUST_PROXY=10.0.0.0/8', loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy],
    ['trustProxy: true', true as const],
  ])('%s: 30 wrong sign-ins with varied X-Forwarded-For are 429 past the per-IP limit', async (_name, trustProxy) => {
    const server = await buildApp(new LoginThrottle({ delayStepMs: 1 }), trustProxy);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await viaProxy(server, `203.0.113.${i}`, `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // Another client behind the same proxy is counted on its own.
    const other = await server.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.0.10', headers: { 'x-forwarded-for': '198.51.100.8' }, payload: { username: 'x', password: 'wrong' } });
    expect(other.statusCode).toBe(401);
    await server.close();
  });

  test('a proxy that is not on the list cannot name the client: its own address is counted', async () => {
    const server = await buildApp(new LoginThrottle({ perIp: 2, delayStepMs: 1 }), loadConfig({ TRUST_PROXY: '192.168.0.0/16' }).trustProxy);
    expect((await viaProxy(server, '203.0.113.1', 'a')).statusCode).toBe(401);
    expect((await viaProxy(server, '203.0.113.2', 'b')).statusCode).toBe(401);
    const third = await server.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.0.10', headers: { 'x-forwarded-for': '198.51.100.99' }, payload: { username: 'c', password: 'wrong' } });
    expect(third.statusCode).toBe(429);
    await server.close();
  });
});

describe('throttling one username from many addresses', () => {
  test('past 10 failures within the window every address gets 429, even with the right password, until the window passes', async () => {
    let now = 1_000_000;
    const server = await buildApp(new LoginThrottle({ delayStepMs: 1 }, () => now));
    const login = (ip: string, username: string, password: string) =>
      server.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username, password } });
    const spellings = ['owner', 'OWNER', 'ｏｗｎｅｒ'];
    for (let i = 0; i < 10; i++) expect((await login(`172.16.0.${i}`, spellings[i % 3]!, `wrong-${i}`)).statusCode).toBe(401);
    const blocked = await login('172.16.1.1', 'owner', 'correct horse');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts. Try again in 15 minutes/);
    // Other usernames are not held up.
    expect((await login('172.16.1.2', 'someone-else', 'x')).statusCode).toBe(401);
    now += 15 * 60 * 1000 + 1;
    expect((await login('172.16.1.3', 'owner', 'correct horse')).statusCode).toBe(200);
    await server.close();
  });
});

describe('behind a TLS proxy without TRUST_PROXY', () => {
  test('the cookie cannot be Secure, so the first such request logs one clear warning', async () => {
    const lines: string[] = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const server = createHttpServer({ logger: capture, trustProxy: false });
    await registerApi(server, { db: entities.db, analytics: lazyChdbAnalytics(), changes: entities.changes, sessionSecret: 'x'.repeat(32), secretsKey: Buffer.alloc(32, 1), tiktokApiUrl: 'http://127.0.0.1:9', logger: capture, webDist: '/nonexistent' });
    const viaProxy = { 'x-forwarded-proto': 'https' };
    const res = await server.inject({ method: 'POST', url: '/api/login', headers: viaProxy, payload: { username: 'owner', password: 'correct horse' } });
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
    await server.inject({ method: 'GET', url: '/api/user', headers: viaProxy });
    await server.inject({ method: 'GET', url: '/api/user' });
    const warnings = lines.map((line) => JSON.parse(line) as { msg: string }).filter((l) => /TRUST_PROXY/.test(l.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/X-Forwarded-Proto: https.*Set TRUST_PROXY=true/);
    await server.close();
  });

  test('with TRUST_PROXY on, nothing is logged', async () => {
    const lines: string[] = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const server = createHttpServer({ logger: capture, trustProxy: true });
    await registerApi(server, { db: entities.db, analytics: lazyChdbAnalytics(), changes: entities.changes, sessionSecret: 'x'.repeat(32), secretsKey: Buffer.alloc(32, 1), tiktokApiUrl: 'http://127.0.0.1:9', logger: capture, webDist: '/nonexistent' });
    await server.inject({ method: 'GET', url: '/api/user', headers: { 'x-forwarded-proto': 'https' } });
    expect(lines.filter((line) => line.includes('TRUST_PROXY'))).toEqual([]);
    await server.close();
  });
});

describe('access rules', () => {
  const admin = { id: 1, username: 'a', role: 'admin' as const, permissions: [] };
  const buyer = { id: 2, username: 'b', role: 'user' as const, permissions: ['campaigns' as const] };
  test.each([
    ['public', null, null],
    ['user', null, 401],
    ['user', buyer, null],
    ['admin', buyer, 403],
    ['admin', admin, null],
    [{ feature: 'campaigns' }, buyer, null],
    [{ feature: 'clicks' }, buyer, 403],
    [{ feature: 'clicks' }, admin, null],
    [{ feature: 'clicks' }, null, 401],
  ] as const)('%j for %j → %s', (access, user, status) => {
    const run = () => checkAccess(access as never, user as never);
    if (status === null) expect(run).not.toThrow();
    else expect(run).toThrow(expect.objectContaining({ statusCode: status }) as never);
  });
});

describe('ensureAdmin at start-up', () => {
  test('generates a one-time admin only when no user exists', async () => {
    const fresh = await openScratchEntities();
    const first = await ensureAdmin(fresh.db);
    expect(first).toMatchObject({ kind: 'generated', username: 'admin' });
    expect(await ensureAdmin(fresh.db)).toEqual({ kind: 'existing' });
    await fresh.close();
  });

  test('ADMIN_USERNAME names the existing user it looks like, rather than adding a look-alike', async () => {
    const fresh = await openScratchEntities();
    await fresh.db.insert(schema.users).values({ username: 'boss', password: await hashPassword('old-password', FIXTURE_PASSWORD_COST), role: 'user' });
    expect(await ensureAdmin(fresh.db, { username: 'ＢＯＳＳ', password: 'new-password' })).toMatchObject({ kind: 'configured', created: false });
    const rows = await fresh.db.select().from(schema.users);
    expect(rows.map((r) => [r.username, r.role])).toEqual([['boss', 'admin']]);
    await fresh.close();
  });

  test("a new ADMIN_PASSWORD at start-up, or tracker create-admin, ends the admin's sessions; a plain restart keeps them", async () => {
    const fresh = await openScratchEntities();
    await ensureAdmin(fresh.db, { username: 'boss', password: 'first-password' });
    const server = createHttpServer({ logger, trustProxy: false });
    await registerApi(server, { db: fresh.db, analytics: lazyChdbAnalytics(), changes: fresh.changes, sessionSecret: 'y'.repeat(32), secretsKey: Buffer.alloc(32, 1), tiktokApiUrl: 'http://127.0.0.1:9', logger, webDist: '/nonexistent' });
    const signIn = async (password: string) => cookieOf(await server.inject({ method: 'POST', url: '/api/login', payload: { username: 'boss', password } }));
    const listUsers = async (cookie: string) => (await server.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode;

    let cookie = await signIn('first-password');
    await ensureAdmin(fresh.db, { username: 'boss', password: 'first-password' });
    expect(await listUsers(cookie)).toBe(200);
    await ensureAdmin(fresh.db, { username: 'boss', password: 'second-password' });
    expect(await listUsers(cookie)).toBe(401);

    cookie = await signIn('second-password');
    // What `tracker create-admin boss <password>` runs.
    await configureAdmin(fresh.db, { username: 'boss', password: 'third-password' });
    expect(await listUsers(cookie)).toBe(401);
    expect(await listUsers(await signIn('third-password'))).toBe(200);
    await server.close();
    await fresh.close();
  });

  test('ADMIN_USERNAME / ADMIN_PASSWORD create that admin, and later reset its password and role', async () => {
    const fresh = await openScratchEntities();
    await fresh.db.insert(schema.users).values({ username: 'boss', password: await hashPassword('old-password', FIXTURE_PASSWORD_COST), role: 'user' });
    expect(await ensureAdmin(fresh.db, { username: 'boss', password: 'new-password' })).toMatchObject({ kind: 'configured', created: false });
    const server = createHttpServer({ logger, trustProxy: false });
    await registerApi(server, { db: fresh.db, analytics: lazyChdbAnalytics(), changes: fresh.changes, sessionSecret: 'y'.repeat(32), secretsKey: Buffer.alloc(32, 1), tiktokApiUrl: 'http://127.0.0.1:9', logger, webDist: '/nonexistent' });
    const res = await server.inject({ method: 'POST', url: '/api/login', payload: { username: 'boss', password: 'new-password' } });
    expect(res.json()).toMatchObject({ username: 'boss', role: 'admin' });
    await server.close();
    await fresh.close();
  });
});
