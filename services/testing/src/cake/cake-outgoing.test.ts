// The CAKE base URL cannot make this server read its own network: with private addresses not allowed
// (the default), saving one is a 400 however it is spelled, a sync against one (a row saved before the
// guard, or a name re-pointed since) is refused without a request and leaks nothing into the answer or
// the card, and a password in the base URL never comes back unmasked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createHttpServer, createLogger, schema, type Analytics, type Entities, type JobQueue } from '@tracker/core';
import { openScratchEntities, openJobQueue } from '@tracker/core/testing';
import { hashPassword, registerApi } from '@tracker/api';
import { registerProcessors } from '@tracker/workers';
import type { CakeIntegration } from '@tracker/schemas';

const logger = createLogger('silent');
const SECRET = 'internal-page-secret-5399';
// The CAKE routes and job never read analytics.
const analytics = {} as Analytics;
let entities: Entities;
let queue: JobQueue;
let app: FastifyInstance;
let page: http.Server;
let pageUrl = '';
let hits = 0;
let cookie = '';

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie, ...(method === 'GET' ? {} : { origin: 'http://localhost:80' }) } });

beforeAll(async () => {
  page = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${SECRET}</p>`);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
  entities = await openScratchEntities();
  queue = await openJobQueue({ db: entities.db });
  const secretsKey = Buffer.alloc(32, 9);
  // No `outgoing`: the default, public addresses only.
  registerProcessors(queue, { db: entities.db, analytics, secretsKey, tiktokApiUrl: 'https://business-api.tiktok.com', logger });
  await queue.start();
  app = createHttpServer({ logger, trustProxy: false });
  await registerApi(app, {
    db: entities.db,
    analytics,
    changes: entities.changes,
    sessionSecret: 'o'.repeat(32),
    secretsKey,
    tiktokApiUrl: 'https://business-api.tiktok.com',
    logger,
    webDist: '/nonexistent',
    queue,
  });
  await app.ready();
  await entities.db.insert(schema.users).values({ username: 'cake-admin', password: await hashPassword('cake-password'), role: 'admin' });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'cake-admin', password: 'cake-password' } });
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await queue?.close();
  await entities?.close();
  await new Promise((resolve) => page.close(resolve));
});

test.each([
  'http://127.0.0.1:5399/',
  'http://[::1]/',
  'http://0.0.0.0/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.8/',
  'http://172.20.0.1/',
  'http://192.168.0.10/',
  'http://100.64.0.1/',
  'http://[fd00::1]/',
  'http://[fe80::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://localhost:5399/',
  'http://user:pass@127.0.0.1:5399/',
])('saving the base URL %s is a 400 that says why, and stores nothing', async (baseUrl) => {
  const res = await call('PUT', '/api/integrations/cake', { baseUrl, apiKey: 'cake-key-12345678', affiliateId: '1' });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/^The CAKE base URL is refused: .+ (is|resolves to) a private, loopback or link-local address, which this server does not call \(OUTGOING_ALLOW_PRIVATE=true allows it\)$/);
  expect(res.body).not.toContain('pass@');
  expect((await call('GET', '/api/integrations/cake')).json()).toMatchObject({ configured: false });
});

test('a password in the base URL is masked in every answer, and a masked URL sent back keeps it', async () => {
  const saved = await call('PUT', '/api/integrations/cake', { baseUrl: 'https://cakeuser:cake-url-password@93.184.216.34/', apiKey: 'cake-key-12345678', affiliateId: '1' });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ baseUrl: 'https://cakeuser:***@93.184.216.34/' });
  expect(saved.body).not.toContain('cake-url-password');
  const read = await call('GET', '/api/integrations/cake');
  expect((read.json() as CakeIntegration).baseUrl).toBe('https://cakeuser:***@93.184.216.34/');
  expect(read.body).not.toContain('cake-url-password');

  await call('PUT', '/api/integrations/cake', { baseUrl: 'https://cakeuser:***@93.184.216.34/', apiKey: '', affiliateId: '2' });
  const [row] = await entities.db.select().from(schema.cakeIntegration);
  expect(row).toMatchObject({ baseUrl: 'https://cakeuser:cake-url-password@93.184.216.34/', affiliateId: '2' });
});

test('a sync against a loopback page is refused before any request, and its body reaches neither the answer nor the card', async () => {
  // As if saved before the guard existed, or through a name that resolved publicly then.
  await entities.db.update(schema.cakeIntegration).set({ baseUrl: pageUrl });
  hits = 0;
  const res = await call('POST', '/api/integrations/cake/sync', {});
  expect(res.statusCode).toBe(502);
  expect(res.json().message).toMatch(/^The CAKE sync failed: CAKE could not be reached at http:\/\/127\.0\.0\.1:\d+: Refused to call this URL: 127\.0\.0\.1 is a private/);
  expect(res.body).not.toContain(SECRET);
  const card = (await call('GET', '/api/integrations/cake')).json() as CakeIntegration;
  expect(card.lastError).toMatch(/Refused to call this URL/);
  expect(card.lastError).not.toContain(SECRET);
  expect(hits).toBe(0);
});
