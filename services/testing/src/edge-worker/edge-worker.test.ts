// Custom domains: deploy/edge-worker/worker.js in miniflare (Cloudflare's workerd runtime) in front of a
// real ingest listening on a local port, with the projector writing to chDB. What a visitor of a custom
// domain sees (the origin's 302, untouched) and what the tracker records (the visitor's IP, not the worker's).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Miniflare } from 'miniflare';
import { createHttpServer, createLogger, schema, type HttpServer } from '@tracker/core';
import { registerIngest, type Ingest } from '@tracker/ingest';
import { startProjector, type Projector } from '@tracker/projector';
import { openPipelineStores, type PipelineStores } from '../pipeline/open-pipeline-stores';
import { waitForProjection } from '../pipeline/wait-for-projection';

const WORKER_SCRIPT = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/edge-worker/worker.js'),
  'utf8',
);
const SECRET = 'edge-secret-for-the-miniflare-suite';
const VISITOR = '198.51.100.23';
const EDGE = 'https://trk.brand.xyz';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 musical_ly_32.0';
const logger = createLogger('silent');
const group = `edge-${Math.random().toString(36).slice(2, 8)}`;

let stores: PipelineStores;
let app: HttpServer;
let ingest: Ingest;
let projector: Projector;
let origin = '';
let worker: Miniflare;
/** Every request ingest answered, with the Location it sent: the worker must not change a byte of it. */
const answered: Array<{ url: string; status: number; location?: string; headers: Record<string, unknown> }> = [];

/** The worker as Cloudflare runs it; `bindings` as the Redeploy upload sets them. */
function startWorker(bindings: Record<string, string>) {
  return new Miniflare({ modules: true, script: WORKER_SCRIPT, compatibilityDate: '2025-09-01', bindings });
}

/** A visitor's request to the custom domain: Cloudflare names the visitor in CF-Connecting-IP. */
function visit(target: Miniflare, pathAndQuery: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return target.dispatchFetch(`${EDGE}${pathAndQuery}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: { 'cf-connecting-ip': VISITOR, 'user-agent': UA, ...init.headers },
  });
}

const rows = <T>(sql: string, id: string) => stores.analytics.query<T>(sql, { id });

beforeAll(async () => {
  stores = await openPipelineStores('embedded', { name: 'edge-worker' });
  const db = stores.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'Quiz', url: 'https://lander.example/quiz?v=2#top' }).returning();
  const [offer] = await db
    .insert(schema.offers)
    .values({ name: 'Offer', url: 'https://offer.example/go', utmTemplate: 'sub1={clickId}&sub2={campaign}' })
    .returning();
  const [domain] = await db.insert(schema.domains).values({ domain: 'brand.xyz', subdomain: 'trk', status: 'active' }).returning();
  await db.insert(schema.campaigns).values({ id: 'cmpEdge', name: 'Edge', landerId: lander!.id, offerId: offer!.id, domainId: domain!.id });

  app = createHttpServer({ logger, trustProxy: false });
  app.addHook('onSend', async (request, reply, payload) => {
    const location = reply.getHeader('location');
    answered.push({ url: request.url, status: reply.statusCode, location: location === undefined ? undefined : String(location), headers: request.headers });
    return payload;
  });
  ingest = await registerIngest(app, {
    db,
    changes: stores.entities.changes,
    eventLog: stores.eventLog,
    analytics: stores.analytics,
    logger,
    clickLookupRetries: 10,
    edgeWorkerSecret: SECRET,
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  projector = await startProjector(
    { eventLog: stores.eventLog, analytics: stores.analytics, db, logger },
    { group, maxWaitMs: 10, parkedRetryMs: 0 },
  );
  worker = startWorker({ TRACKER_ORIGIN: origin, EDGE_SECRET: SECRET });
});

afterAll(async () => {
  await worker?.dispose();
  await projector?.stop();
  ingest?.stop();
  await app?.close();
  await stores?.close();
});

describe('a click through the edge worker', () => {
  test("lands in ClickHouse with the visitor's IP and user agent, and the origin's 302 comes back unchanged", async () => {
    const query = '?cid=1799&ad=77&cr=5&plc=TikTok&cname=Spring%20sale&ttclid=E.C.P.abc';
    const before = answered.length;
    const res = await visit(worker, `/r/cmpEdge${query}`);
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    const fromOrigin = answered.slice(before).find((a) => a.url.startsWith('/r/cmpEdge'))!;
    expect(fromOrigin.url).toBe(`/r/cmpEdge${query}`);
    expect(location).toBe(fromOrigin.location);
    expect(res.headers.get('cache-control')).toBe('no-store');

    const clickId = new URL(location).searchParams.get('clickId')!;
    // The lander keeps its own query and fragment; exits come back through the custom domain (spec §9).
    expect(location).toBe(`https://lander.example/quiz?v=2&clickId=${clickId}&exitUrl=${encodeURIComponent(`${EDGE}/click`)}#top`);

    await waitForProjection(stores.eventLog, group);
    const [click] = await rows<Record<string, string>>(
      'SELECT campaign_id, ip, user_agent, tiktok_campaign_id, campaign_name, ttclid FROM clicks FINAL WHERE click_id = {id:String}',
      clickId,
    );
    expect(click).toEqual({
      campaign_id: 'cmpEdge',
      ip: VISITOR,
      user_agent: UA,
      tiktok_campaign_id: '1799',
      campaign_name: 'Spring sale',
      ttclid: 'E.C.P.abc',
    });
  });

  test('a HEAD (a link checker) gets the same 302 through the worker and records nothing', async () => {
    const before = await stores.eventLog.positions(group);
    const res = await visit(worker, '/r/cmpEdge', { method: 'HEAD' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^https:\/\/lander\.example\/quiz\?v=2&clickId=/);
    expect((await stores.eventLog.positions(group)).map((p) => p.end)).toEqual(before.map((p) => p.end));
  });

  test("an unknown campaign's 404 page passes through as the origin wrote it", async () => {
    const res = await visit(worker, '/r/noSuchCampaign');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('Campaign not found');
  });
});

describe('the visitor cannot name another IP', () => {
  test('X-Edge-* headers a visitor sends through the worker are replaced by its own', async () => {
    const res = await visit(worker, '/r/cmpEdge', {
      headers: { 'x-edge-client-ip': '6.6.6.6', 'x-edge-secret': 'guessed-secret-123456', 'x-edge-host': 'evil.example', 'x-forwarded-for': '6.6.6.6' },
    });
    const clickId = new URL(res.headers.get('location')!).searchParams.get('clickId')!;
    const seen = answered.at(-1)!.headers;
    expect(seen['x-edge-client-ip']).toBe(VISITOR);
    expect(seen['x-edge-host']).toBe('trk.brand.xyz');
    expect(seen['x-forwarded-for']).toBeUndefined();
    await waitForProjection(stores.eventLog, group);
    expect(await rows('SELECT ip FROM clicks FINAL WHERE click_id = {id:String}', clickId)).toEqual([{ ip: VISITOR }]);
  });

  test('a worker deployed without the shared secret is not trusted: the click keeps the address the origin saw', async () => {
    const untrusted = startWorker({ TRACKER_ORIGIN: origin });
    try {
      const res = await visit(untrusted, '/r/cmpEdge');
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.has('exitUrl')).toBe(false);
      await waitForProjection(stores.eventLog, group);
      const [row] = await rows<{ ip: string }>('SELECT ip FROM clicks FINAL WHERE click_id = {id:String}', location.searchParams.get('clickId')!);
      expect(row!.ip).not.toBe(VISITOR);
      expect(row!.ip).toMatch(/^(?:127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    } finally {
      await untrusted.dispose();
    }
  });

  test('straight to the origin, X-Edge-Client-IP without the secret is ignored', async () => {
    const res = await fetch(`${origin}/r/cmpEdge`, { redirect: 'manual', headers: { 'x-edge-client-ip': '6.6.6.6', 'x-edge-host': 'trk.brand.xyz' } });
    expect(res.status).toBe(302);
    const clickId = new URL(res.headers.get('location')!).searchParams.get('clickId')!;
    await waitForProjection(stores.eventLog, group);
    const [row] = await rows<{ ip: string }>('SELECT ip FROM clicks FINAL WHERE click_id = {id:String}', clickId);
    expect(row!.ip).not.toBe('6.6.6.6');
  });
});

describe('exits, the exit script and postbacks through the worker', () => {
  test('the exit script is served with the custom domain among its tracking hosts', async () => {
    const res = await visit(worker, '/exit-tracker.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('"trk.brand.xyz"');
  });

  test("an exit goes to the offer and is recorded with the visitor's IP; the postback converts the click", async () => {
    const clicked = await visit(worker, '/r/cmpEdge?cid=1800');
    const clickId = new URL(clicked.headers.get('location')!).searchParams.get('clickId')!;

    const exit = await visit(worker, `/click?clickId=${clickId}`);
    expect(exit.status).toBe(302);
    expect(exit.headers.get('location')).toBe(`https://offer.example/go?sub1=${clickId}&sub2=1800`);

    const key = ingest.catalog.current.postbackKey;
    const postback = await visit(worker, `/postback?key=${key}&transaction_id=tx-edge-1&click_id=${clickId}&payout=4.20`, {
      headers: { 'user-agent': 'network-postback/1.0', 'cf-connecting-ip': '192.0.2.50' },
    });
    expect(postback.status).toBe(200);
    expect(await postback.json()).toEqual({ ok: true, eventId: expect.any(String) });

    const refused = await visit(worker, `/postback?key=wrong&transaction_id=tx-edge-2&click_id=${clickId}&payout=1.00`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Invalid or missing postback key' });

    await waitForProjection(stores.eventLog, group);
    expect(await rows('SELECT ip, campaign_id FROM exits WHERE click_id = {id:String}', clickId)).toEqual([{ ip: VISITOR, campaign_id: 'cmpEdge' }]);
    expect(
      await rows('SELECT transaction_id, campaign_id, toString(payout) AS payout, attributed FROM conversions WHERE click_id = {id:String}', clickId),
    ).toEqual([{ transaction_id: 'tx-edge-1', campaign_id: 'cmpEdge', payout: '4.2', attributed: 1 }]);
  });
});

describe('everything else', () => {
  test.each(['/', '/api/auth/me', '/login', '/r/', '/r/cmpEdge/extra', '/clicks', '/postback/x', '/healthz', '/exit-tracker.js.map'])(
    '%s is a 404 from the worker, never forwarded',
    async (pathname) => {
      const before = answered.length;
      const res = await visit(worker, pathname);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Not found\n');
      expect(answered.length).toBe(before);
    },
  );

  test('a worker whose origin is down answers 502 with a readable message', async () => {
    const down = startWorker({ TRACKER_ORIGIN: 'http://127.0.0.1:9', EDGE_SECRET: SECRET });
    try {
      const res = await visit(down, '/r/cmpEdge');
      expect(res.status).toBe(502);
      expect(await res.text()).toMatch(/tracker did not answer/);
    } finally {
      await down.dispose();
    }
  });

  test('a worker without TRACKER_ORIGIN says what is missing', async () => {
    const unset = startWorker({ EDGE_SECRET: SECRET });
    try {
      const res = await visit(unset, '/r/cmpEdge');
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/TRACKER_ORIGIN/);
    } finally {
      await unset.dispose();
    }
  });
});
