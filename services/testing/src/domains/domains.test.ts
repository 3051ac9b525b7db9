// Domain automation end to end: the Domains API, the in-process queue running the purchase
// and DNS jobs, and local fakes of Namecheap and Cloudflare. Proves the §7 answers, the price and
// '.xyz' rules on the server, the state machine's recorded transitions, that a purchase whose answer
// was lost after the registrar charged is found, not bought again, and that a failed DNS step ends in
// dns_failed and Retry Configuration then succeeds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { createHttpServer, createLogger, findDomain, schema, type Analytics, type Entities, type JobQueue } from '@tracker/core';
import { openChdbAnalytics, openScratchEntities, openJobQueue } from '@tracker/core/testing';
import { ensureAdmin, registerApi } from '@tracker/api';
import { domainAutomationFromConfig, type DomainAutomation } from '@tracker/integrations';
import { DOMAIN_PURCHASE_JOB } from '@tracker/schemas';
import { registerProcessors } from '@tracker/workers';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeCloudflareServer, type FakeCloudflareServer } from '../fakes/cloudflare-server';
import { startFakeNamecheapServer, type FakeNamecheapServer } from '../fakes/namecheap-server';

const logger = createLogger('silent');
const EDGE_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/edge-worker.js');
const CONTACT = {
  firstName: 'Dana',
  lastName: 'Buyer',
  address1: '1 Main St',
  city: 'Austin',
  stateProvince: 'TX',
  postalCode: '78701',
  country: 'US',
  phone: '+1.5125550100',
  email: 'dana@example.com',
};
/** Registrar and Cloudflare calls time out after this long here, so a stalled answer costs little. */
const CALL_TIMEOUT_MS = 1_000;
const ATTEMPTS = 3;

let namecheap: FakeNamecheapServer;
let cloudflare: FakeCloudflareServer;
let entities: Entities;
let analytics: Analytics;
let analyticsDir: string;
let queue: JobQueue;
let app: FastifyInstance;
let cookie: string;

function automation(overrides: Partial<Parameters<typeof domainAutomationFromConfig>[0]> = {}): DomainAutomation {
  return domainAutomationFromConfig(
    {
      namecheap: { apiUrl: namecheap.url, apiUser: 'tracker', apiKey: 'namecheap-key', username: 'tracker', clientIp: '127.0.0.1' },
      registrantContact: CONTACT,
      cloudflare: { apiUrl: cloudflare.url, apiToken: 'cloudflare-token', accountId: 'account-1' },
      trackerOrigin: 'https://tracker.example',
      edgeWorkerSecret: 'edge-secret-0123456789',
      outgoing: LOCAL_FAKES_OUTGOING,
      ...overrides,
    },
    { edgeWorkerScript: EDGE_SCRIPT, timeoutMs: CALL_TIMEOUT_MS },
  );
}

const call = (options: InjectOptions) =>
  app.inject({ ...options, headers: { cookie, origin: 'http://localhost:80', ...options.headers } });
const post = (url: string, payload?: object) => call({ method: 'POST', url, payload: payload ?? {} });
const listed = async () => (await call({ method: 'GET', url: '/api/domains' })).json() as Array<Record<string, unknown>>;
const row = async (domain: string) => (await listed()).find((d) => d.domain === domain)!;

beforeAll(async () => {
  namecheap = await startFakeNamecheapServer({ taken: ['taken.xyz'], premium: { 'gold.xyz': '25.00' } });
  cloudflare = await startFakeCloudflareServer();
  entities = await openScratchEntities();
  analyticsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-domains-ch-'));
  analytics = await openChdbAnalytics(analyticsDir);
  queue = await openJobQueue({ db: entities.db, logger });
  const domains = automation();
  registerProcessors(queue, { db: entities.db, analytics, secretsKey: Buffer.alloc(32, 1), tiktokApiUrl: 'http://127.0.0.1:9', logger, domains, domainJobAttempts: ATTEMPTS });
  await queue.start();
  app = createHttpServer({ logger, trustProxy: false });
  await registerApi(app, {
    db: entities.db,
    analytics,
    changes: entities.changes,
    sessionSecret: 's'.repeat(32),
    secretsKey: Buffer.alloc(32, 1),
    tiktokApiUrl: 'http://127.0.0.1:9',
    logger,
    webDist: '/nonexistent',
    queue,
    domains,
    domainJobWaitMs: 30_000,
  });
  await app.ready();
  await ensureAdmin(entities.db, { username: 'admin', password: 'admin-password' });
  const login = await app.inject({ method: 'POST', url: '/api/login', headers: { origin: 'http://localhost:80' }, payload: { username: 'admin', password: 'admin-password' } });
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await queue?.close();
  await analytics?.close();
  await entities?.close();
  await namecheap?.close();
  await cloudflare?.close();
  fs.rmSync(analyticsDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await entities.db.delete(schema.settings).where(eq(schema.settings.key, 'max_domain_price'));
});

describe('checking a domain', () => {
  test('the price of an available name, with its ICANN fee, and the premium price of a premium one', async () => {
    expect((await post('/api/domains/check', { domain: 'fresh-check.xyz' })).json()).toEqual({
      available: true,
      price: '2.16',
      premium: false,
      message: 'fresh-check.xyz is available. Price: $2.16',
    });
    expect((await post('/api/domains/check', { domain: 'taken.xyz' })).json()).toEqual({
      available: false,
      price: null,
      premium: false,
      message: 'taken.xyz is not available',
    });
    await entities.db.insert(schema.settings).values({ key: 'max_domain_price', value: '30.00' });
    expect((await post('/api/domains/check', { domain: 'gold.xyz' })).json()).toEqual({
      available: true,
      price: '25.18',
      premium: true,
      message: 'gold.xyz is available. Premium price: $25.18',
    });
  });

  test('a price above the Maximum Domain Price (default 5.00) is refused at the check', async () => {
    const res = await post('/api/domains/check', { domain: 'gold.xyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      available: false,
      price: '25.18',
      premium: true,
      message: 'gold.xyz costs $25.18, above the Maximum Domain Price of $5.00 (Settings)',
    });
    await entities.db.insert(schema.settings).values({ key: 'max_domain_price', value: '2.00' });
    expect((await post('/api/domains/check', { domain: 'fresh-check.xyz' })).json()).toMatchObject({ available: false, price: '2.16' });
  });

  test('the §5 formats and the .xyz rule are enforced on the server', async () => {
    for (const [domain, message] of [
      ['', 'Domain name is required'],
      ['   ', 'Domain name is required'],
      ['Bad_Name.xyz', 'Invalid domain format (e.g., example.com, example.co.uk)'],
      ['no-tld', 'Invalid domain format (e.g., example.com, example.co.uk)'],
      ['-dash.xyz', 'Invalid domain format (e.g., example.com, example.co.uk)'],
      ['example.com', 'Only .xyz domains are currently supported'],
      ['trk.example.xyz', 'Enter the registrable name without a subdomain, e.g. example.xyz'],
    ]) {
      const res = await post('/api/domains/check', { domain });
      expect([domain, res.statusCode, res.json()]).toEqual([domain, 400, { message }]);
    }
    expect(namecheap.requests.filter((r) => r.params.DomainList === 'example.com')).toEqual([]);
  });

  test('a name is read by the one domain-name rule Settings uses: case and spaces do not matter, an IDN is punycode', async () => {
    expect((await post('/api/domains/check', { domain: ' MyTrack.XYZ ' })).json()).toEqual({
      available: true,
      price: '2.16',
      premium: false,
      message: 'mytrack.xyz is available. Price: $2.16',
    });
    expect((await post('/api/domains/check', { domain: 'Bücher.xyz' })).json()).toMatchObject({ available: true, message: 'xn--bcher-kva.xyz is available. Price: $2.16' });
    expect(namecheap.requests.map((r) => r.params.DomainList).filter(Boolean)).toEqual(expect.arrayContaining(['mytrack.xyz', 'xn--bcher-kva.xyz']));
  });
});

describe('buying and configuring a domain', () => {
  test('purchase → purchased, configure → active, every transition recorded, and the edge worker deployed', async () => {
    const bought = await post('/api/domains/purchase', { domain: 'buy-one.xyz' });
    expect(bought.json()).toMatchObject({ success: true, status: 'purchased', message: 'buy-one.xyz was purchased for $2.16. Configure its DNS next.' });
    expect(namecheap.orders.filter((o) => o.domain === 'buy-one.xyz')).toHaveLength(1);
    const purchased = await row('buy-one.xyz');
    expect(purchased).toMatchObject({ status: 'purchased', purchaseAmount: '2.16', purchaseOrderId: expect.stringMatching(/^\d+$/), errorMessage: null });
    expect((purchased.transitions as Array<{ from: string | null; to: string }>).map((t) => [t.from, t.to])).toEqual([
      [null, 'pending'],
      ['pending', 'purchasing'],
      ['purchasing', 'purchased'],
    ]);

    const again = await post('/api/domains/purchase', { domain: 'buy-one.xyz' });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'buy-one.xyz is already in your domains (purchased)' }]);
    // A check of a name already bought never offers it again, whatever the registrar would say: it is not asked.
    const asked = () => namecheap.requests.filter((r) => r.command === 'namecheap.domains.check' && r.params.DomainList === 'buy-one.xyz').length;
    const before = asked();
    expect((await post('/api/domains/check', { domain: 'Buy-One.xyz' })).json()).toEqual({
      available: false,
      price: null,
      premium: false,
      message: 'buy-one.xyz is already in your domains (purchased)',
    });
    expect(before).toBeGreaterThan(0);
    expect(asked()).toBe(before);

    const configured = await post(`/api/domains/${purchased.id}/configure`, { subdomain: 'trk' });
    expect(configured.json()).toEqual({ success: true, status: 'active', message: 'trk.buy-one.xyz is live through the edge worker' });
    const zone = cloudflare.zones.find((z) => z.name === 'buy-one.xyz')!;
    expect(cloudflare.records.filter((r) => r.zoneId === zone.id)).toEqual([
      expect.objectContaining({ type: 'AAAA', name: 'trk.buy-one.xyz', content: '100::', proxied: true }),
    ]);
    expect(cloudflare.routes.filter((r) => r.zoneId === zone.id)).toEqual([expect.objectContaining({ pattern: 'trk.buy-one.xyz/*', script: 'tracker-edge' })]);
    expect(cloudflare.scripts.get('tracker-edge')?.metadata.bindings).toEqual([
      { type: 'plain_text', name: 'TRACKER_ORIGIN', text: 'https://tracker.example' },
      { type: 'secret_text', name: 'EDGE_SECRET', text: 'edge-secret-0123456789' },
    ]);
    expect(namecheap.nameservers.get('buy-one.xyz')).toEqual(zone.name_servers);
    const active = await row('buy-one.xyz');
    expect(active).toMatchObject({ status: 'active', subdomain: 'trk', host: 'trk.buy-one.xyz', cloudflareZoneId: zone.id, nameservers: zone.name_servers });
    expect((active.transitions as Array<{ to: string }>).map((t) => t.to).slice(-2)).toEqual(['configuring_dns', 'active']);
  });

  test('a purchase over the maximum price is refused with success false, and nothing is bought or stored', async () => {
    const res = await post('/api/domains/purchase', { domain: 'gold.xyz' });
    expect([res.statusCode, res.json()]).toEqual([200, { success: false, message: 'gold.xyz costs $25.18, above the Maximum Domain Price of $5.00 (Settings)' }]);
    expect(namecheap.orders.filter((o) => o.domain === 'gold.xyz')).toEqual([]);
    expect(await row('gold.xyz')).toBeUndefined();
  });

  test('the purchase call times out after the registrar charged: the retry finds the order and does not buy again', async () => {
    namecheap.answerNext('namecheap.domains.create', { delayMs: 5_000, applyFirst: true });
    const res = await post('/api/domains/purchase', { domain: 'lost-answer.xyz' });
    expect(res.json()).toMatchObject({ success: true, status: 'purchased' });
    expect(namecheap.orders.filter((o) => o.domain === 'lost-answer.xyz')).toHaveLength(1);
    expect(namecheap.requests.filter((r) => r.command === 'namecheap.domains.create' && r.params.DomainName === 'lost-answer.xyz')).toHaveLength(1);
    const stored = await row('lost-answer.xyz');
    expect(stored).toMatchObject({ status: 'purchased', registrarDomainId: namecheap.orders.at(-1)!.domainId, errorMessage: null });
  }, 60_000);

  test('two purchase jobs for one domain buy it once', async () => {
    const [pending] = await entities.db.insert(schema.domains).values({ domain: 'twice.xyz', status: 'pending', purchaseAmount: '2.16' }).returning();
    const ids = await Promise.all([1, 2].map((n) => queue.enqueue(DOMAIN_PURCHASE_JOB, { domainId: pending!.id }, { jobId: `twice-${n}`, attempts: ATTEMPTS })));
    for (const id of ids) {
      for (let i = 0; i < 200 && !['completed', 'failed'].includes((await queue.get(id))?.status ?? ''); i++) await new Promise((r) => setTimeout(r, 50));
    }
    expect(namecheap.orders.filter((o) => o.domain === 'twice.xyz')).toHaveLength(1);
    expect((await findDomain(entities.db, pending!.id))?.status).toBe('purchased');
  }, 30_000);

  test('a worker killed mid-purchase resumes: the domain left in purchasing is bought once', async () => {
    const [stuck] = await entities.db.insert(schema.domains).values({ domain: 'resumed.xyz', status: 'purchasing' }).returning();
    const id = await queue.enqueue(DOMAIN_PURCHASE_JOB, { domainId: stuck!.id }, { attempts: ATTEMPTS });
    for (let i = 0; i < 200 && (await queue.get(id))?.status !== 'completed'; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await findDomain(entities.db, stuck!.id))?.status).toBe('purchased');
    expect(namecheap.orders.filter((o) => o.domain === 'resumed.xyz')).toHaveLength(1);
  }, 30_000);

  test('DNS creation fails on every try → dns_failed with the error; Retry Configuration then succeeds', async () => {
    const bought = (await post('/api/domains/purchase', { domain: 'dns-fails.xyz' })).json();
    for (let i = 0; i < ATTEMPTS; i++) cloudflare.failNext('POST /zones/:id/dns_records', { status: 400, code: 1004, message: 'DNS Validation Error' });
    const failed = await post(`/api/domains/${bought.id}/configure`, { subdomain: 'go' });
    expect(failed.json()).toEqual({ success: false, status: 'dns_failed', message: 'Cloudflare: DNS Validation Error (1004)' });
    const stored = await row('dns-fails.xyz');
    expect(stored).toMatchObject({ status: 'dns_failed', errorMessage: 'Cloudflare: DNS Validation Error (1004)' });
    expect((stored.transitions as Array<{ to: string; error: string | null }>).at(-1)).toMatchObject({ to: 'dns_failed', error: 'Cloudflare: DNS Validation Error (1004)' });

    const retried = await post(`/api/domains/${bought.id}/configure`, { subdomain: 'go' });
    expect(retried.json()).toMatchObject({ success: true, status: 'active' });
    // The zone made by the failed run is reused, not made twice.
    expect(cloudflare.zones.filter((z) => z.name === 'dns-fails.xyz')).toHaveLength(1);
    expect(await row('dns-fails.xyz')).toMatchObject({ status: 'active', errorMessage: null, host: 'go.dns-fails.xyz' });
  }, 60_000);

  test('configure refuses a bad subdomain (§5) and a domain in the wrong status', async () => {
    const [pending] = await entities.db.insert(schema.domains).values({ domain: 'not-yet.xyz', status: 'pending' }).returning();
    for (const [subdomain, message] of [
      ['', 'Subdomain is required'],
      ['Trk', 'Invalid subdomain format (e.g., trk, go, click)'],
      ['a.b', 'Invalid subdomain format (e.g., trk, go, click)'],
    ]) {
      const res = await post(`/api/domains/${pending!.id}/configure`, { subdomain });
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
    const res = await post(`/api/domains/${pending!.id}/configure`, { subdomain: 'trk' });
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'not-yet.xyz cannot be configured while it is pending' }]);
    expect((await post('/api/domains/999999/configure', { subdomain: 'trk' })).statusCode).toBe(404);
  });
});

describe('the other actions', () => {
  test('Update NS, Migrate to Workers and Delete (which clears the campaigns that used the domain)', async () => {
    const bought = (await post('/api/domains/purchase', { domain: 'actions.xyz' })).json();
    await post(`/api/domains/${bought.id}/configure`, { subdomain: 'trk' });
    const zone = cloudflare.zones.find((z) => z.name === 'actions.xyz')!;
    namecheap.nameservers.set('actions.xyz', ['dns1.registrar-servers.com', 'dns2.registrar-servers.com']);
    const ns = await post(`/api/domains/${bought.id}/update-nameservers`);
    expect(ns.json()).toEqual({ message: `actions.xyz now uses ${zone.name_servers.join(', ')}` });
    expect(namecheap.nameservers.get('actions.xyz')).toEqual(zone.name_servers);

    const uploads = cloudflare.scripts.get('tracker-edge')!.uploads;
    const migrated = await post(`/api/domains/${bought.id}/migrate-to-workers`);
    expect(migrated.json()).toEqual({ message: 'trk.actions.xyz now routes through the edge worker' });
    expect(cloudflare.scripts.get('tracker-edge')!.uploads).toBe(uploads + 1);
    expect(cloudflare.routes.filter((r) => r.pattern === 'trk.actions.xyz/*')).toHaveLength(1);

    const [lander] = await entities.db.insert(schema.landers).values({ name: 'L', url: 'https://l.example/' }).returning();
    await entities.db.insert(schema.campaigns).values({ id: 'cmpDomain', name: 'C', landerId: lander!.id, domainId: bought.id });
    const deleted = await call({ method: 'DELETE', url: `/api/domains/${bought.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await row('actions.xyz')).toBeUndefined();
    const [campaign] = await entities.db.select().from(schema.campaigns).where(eq(schema.campaigns.id, 'cmpDomain'));
    expect(campaign?.domainId).toBeNull();
  }, 60_000);

  test('Update NS needs a zone; a domain mid-purchase cannot be deleted', async () => {
    const [purchasing] = await entities.db.insert(schema.domains).values({ domain: 'mid-buy.xyz', status: 'purchasing', purchaseOrderId: null }).returning();
    const ns = await post(`/api/domains/${purchasing!.id}/update-nameservers`);
    expect([ns.statusCode, ns.json()]).toEqual([409, { message: 'mid-buy.xyz has no Cloudflare zone yet: configure its DNS first' }]);
    const del = await call({ method: 'DELETE', url: `/api/domains/${purchasing!.id}` });
    expect([del.statusCode, del.json()]).toEqual([409, { message: 'mid-buy.xyz is being purchased; delete it once the purchase has finished' }]);
    await entities.db.delete(schema.domains).where(eq(schema.domains.id, purchasing!.id));
  });

  test('the proxy test says when calls go direct, and Redeploy Worker uploads the script', async () => {
    expect((await post('/api/domains/test-proxy')).json()).toEqual({
      success: false,
      message: expect.stringMatching(/^The registrar answered directly \(DOMAINS_SOCKS_PROXY is not set, so no proxy is used\); available balance [\d.]+ USD$/),
    });
    const uploads = cloudflare.scripts.get('tracker-edge')?.uploads ?? 0;
    const res = await post('/api/redeploy-worker');
    expect(res.json()).toEqual({ success: true, message: expect.stringMatching(/^Worker tracker-edge redeployed \(\d+ bytes\), forwarding to https:\/\/tracker\.example$/) });
    expect(cloudflare.scripts.get('tracker-edge')!.uploads).toBe(uploads + 1);
    expect(cloudflare.scripts.get('tracker-edge')!.source).toBe(fs.readFileSync(EDGE_SCRIPT, 'utf8'));
  });
});

const proxy = process.env.TEST_SOCKS_PROXY;
const egress = process.env.TEST_SOCKS_EGRESS_IP ?? '127.0.0.2';
// CI always runs it (services.sh starts microsocks); a developer without the proxy skips it.
const describeWithProxy = proxy || process.env.CI ? describe : describe.skip;

describeWithProxy('Test Proxy through a real SOCKS5 proxy (microsocks)', () => {
  let whitelisted: FakeNamecheapServer;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    if (!proxy) throw new Error('TEST_SOCKS_PROXY is not set: start the proxy with `bash scripts/services.sh up socks`');
    // This registrar serves only the proxy's egress address, as Namecheap serves only whitelisted IPs.
    whitelisted = await startFakeNamecheapServer({ allowedAddresses: [egress] });
    proxied = createHttpServer({ logger, trustProxy: false });
    await registerApi(proxied, {
      db: entities.db,
      analytics,
      changes: entities.changes,
      sessionSecret: 's'.repeat(32),
      secretsKey: Buffer.alloc(32, 1),
      tiktokApiUrl: 'http://127.0.0.1:9',
      logger,
      webDist: '/nonexistent',
      queue,
      domains: automation({
        namecheap: { apiUrl: whitelisted.url, apiUser: 'tracker', apiKey: 'namecheap-key', username: 'tracker', clientIp: egress },
        domainsSocksProxy: proxy,
      }),
    });
    await proxied.ready();
  });
  afterAll(async () => {
    await proxied?.close();
    await whitelisted?.close();
  });

  test("'Proxy test successful': the registrar answered through the proxy, from the whitelisted address", async () => {
    const res = await proxied.inject({ method: 'POST', url: '/api/domains/test-proxy', payload: {}, headers: { cookie, origin: 'http://localhost:80' } });
    expect(res.json()).toEqual({
      success: true,
      message: `The registrar answered through the SOCKS5 proxy ${proxy}; available balance 100.00 USD`,
    });
    expect(whitelisted.requests.map((r) => [r.command, r.remoteAddress])).toEqual([['namecheap.users.getBalances', egress]]);
    const check = await proxied.inject({ method: 'POST', url: '/api/domains/check', payload: { domain: 'via-proxy.xyz' }, headers: { cookie, origin: 'http://localhost:80' } });
    expect(check.json()).toMatchObject({ available: true, price: '2.16' });
    expect(new Set(whitelisted.requests.map((r) => r.remoteAddress))).toEqual(new Set([egress]));
  });
});
