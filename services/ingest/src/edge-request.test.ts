// Custom domains, straight against ingest: the edge worker's X-Edge-Client-IP and X-Edge-Host
// count only beside the shared secret; anyone else sending them changes nothing. A click that came through
// an active custom domain exits through it when no global exit domain is set.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { schema } from '@tracker/core';
import type { ClickEvent, ConversionEvent, ExitEvent, TrackingEvent } from '@tracker/schemas';
import { startIngestHarness, type IngestHarness } from './testing/ingest-harness';

const SECRET = 'edge-secret-0123456789abcdef';
const VISITOR = '203.0.113.77';
/** What light-my-request reports as the peer address of every injected request. */
const PEER = '127.0.0.1';

async function lastEvent<T extends TrackingEvent>(h: IngestHarness, type: T['type']): Promise<T['data']> {
  const events = (await h.published()).filter((e): e is T => e.type === type);
  return events.at(-1)!.data;
}

async function seed(h: IngestHarness) {
  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://lander.example/q' }).returning();
  const [offer] = await db.insert(schema.offers).values({ name: 'O', url: 'https://offer.example/go', utmTemplate: 'sub1={clickId}' }).returning();
  await db.insert(schema.domains).values([
    { domain: 'brand.xyz', subdomain: 'trk', status: 'active' },
    { domain: 'spare.xyz', subdomain: 'go', status: 'active' },
    { domain: 'later.xyz', subdomain: 'trk', status: 'configuring_dns' },
  ]);
  await db.insert(schema.campaigns).values({ id: 'cmpEdge', name: 'Edge', landerId: lander!.id, offerId: offer!.id });
  await h.ingest.catalog.reload();
}

async function click(h: IngestHarness, headers: Record<string, string>) {
  const res = await h.call({ method: 'GET', url: '/r/cmpEdge', headers: { 'user-agent': 'Mozilla/5.0 (iPhone)', ...headers } });
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location));
  return { location, data: await lastEvent<ClickEvent>(h, 'click') };
}

describe('ingest with EDGE_WORKER_SECRET set', () => {
  let h: IngestHarness;
  beforeAll(async () => {
    h = await startIngestHarness({ edgeWorkerSecret: SECRET });
    await seed(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  test('the worker (right secret) names the visitor: the click, the exit and the postback carry its IP', async () => {
    const edge = { 'x-edge-secret': SECRET, 'x-edge-client-ip': VISITOR, 'x-edge-host': 'trk.brand.xyz' };
    const { location, data } = await click(h, edge);
    expect(data.ip).toBe(VISITOR);
    const clickId = location.searchParams.get('clickId')!;

    const exit = await h.call({ method: 'GET', url: '/click', query: { clickId }, headers: edge });
    expect(exit.statusCode).toBe(302);
    expect((await lastEvent<ExitEvent>(h, 'lander_click')).ip).toBe(VISITOR);

    const key = h.ingest.catalog.current.postbackKey;
    const postback = await h.call({ method: 'GET', url: '/postback', query: { key, transaction_id: 'tx-edge', click_id: clickId, payout: '3.00' }, headers: edge });
    expect(postback.statusCode).toBe(200);
    expect((await lastEvent<ConversionEvent>(h, 'conversion')).ip).toBe(VISITOR);
  });

  test('an IPv6 visitor is kept as given', async () => {
    const { data } = await click(h, { 'x-edge-secret': SECRET, 'x-edge-client-ip': '2001:db8::7' });
    expect(data.ip).toBe('2001:db8::7');
  });

  test.each<[string, Record<string, string>]>([
    ['no secret', { 'x-edge-client-ip': '6.6.6.6', 'x-edge-host': 'trk.brand.xyz' }],
    ['a wrong secret of the same length', { 'x-edge-secret': SECRET.replace(/.$/, 'X'), 'x-edge-client-ip': '6.6.6.6' }],
    ['a prefix of the secret', { 'x-edge-secret': SECRET.slice(0, 16), 'x-edge-client-ip': '6.6.6.6' }],
    ['an empty secret', { 'x-edge-secret': '', 'x-edge-client-ip': '6.6.6.6' }],
    ['the secret with extra characters', { 'x-edge-secret': `${SECRET} `, 'x-edge-client-ip': '6.6.6.6' }],
  ])('a spoof attempt with %s changes nothing: the IP is the peer, no exitUrl is added', async (_name, headers) => {
    const { location, data } = await click(h, headers);
    expect(data.ip).toBe(PEER);
    expect(location.searchParams.has('exitUrl')).toBe(false);
  });

  test('the right secret with a visitor IP that is no IP address keeps the peer address', async () => {
    const { data } = await click(h, { 'x-edge-secret': SECRET, 'x-edge-client-ip': '6.6.6.6, 7.7.7.7' });
    expect(data.ip).toBe(PEER);
  });

  test('a click through an active custom domain (used by no campaign too) exits through that domain', async () => {
    for (const host of ['trk.brand.xyz', 'GO.SPARE.XYZ']) {
      const { location } = await click(h, { 'x-edge-secret': SECRET, 'x-edge-client-ip': VISITOR, 'x-edge-host': host });
      expect(location.origin + location.pathname).toBe('https://lander.example/q');
      expect(location.searchParams.get('exitUrl')).toBe(`https://${host.toLowerCase()}/click`);
    }
  });

  test('a domain that is not active yet, or a host that is no host, adds no exitUrl but the click still counts', async () => {
    for (const host of ['trk.later.xyz', 'evil.example', 'trk.brand.xyz/evil', '']) {
      const { location, data } = await click(h, { 'x-edge-secret': SECRET, 'x-edge-client-ip': VISITOR, 'x-edge-host': host });
      expect(location.searchParams.has('exitUrl')).toBe(false);
      expect(data.ip).toBe(VISITOR);
    }
  });

  test('the global exit domain setting comes first (spec §9)', async () => {
    await h.entities.db.insert(schema.settings).values({ key: 'global_exit_domain', value: 'exit.example.com' });
    await h.ingest.catalog.reload();
    try {
      const { location } = await click(h, { 'x-edge-secret': SECRET, 'x-edge-client-ip': VISITOR, 'x-edge-host': 'trk.brand.xyz' });
      expect(location.searchParams.get('exitUrl')).toBe('https://exit.example.com/click');
    } finally {
      await h.entities.db.delete(schema.settings);
      await h.ingest.catalog.reload();
    }
  });

  test('the exit script trusts exits on every active custom domain', async () => {
    const res = await h.call({ method: 'GET', url: '/exit-tracker.js' });
    expect(res.body).toContain('"trk.brand.xyz"');
    expect(res.body).toContain('"go.spare.xyz"');
    expect(res.body).not.toContain('trk.later.xyz');
  });
});

describe('ingest without EDGE_WORKER_SECRET', () => {
  let h: IngestHarness;
  beforeAll(async () => {
    h = await startIngestHarness();
    await seed(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  test('no X-Edge-* header is trusted, whatever secret is sent', async () => {
    for (const secret of [SECRET, '', 'undefined']) {
      const { location, data } = await click(h, { 'x-edge-secret': secret, 'x-edge-client-ip': '6.6.6.6', 'x-edge-host': 'trk.brand.xyz' });
      expect(data.ip).toBe(PEER);
      expect(location.searchParams.has('exitUrl')).toBe(false);
    }
  });
});
