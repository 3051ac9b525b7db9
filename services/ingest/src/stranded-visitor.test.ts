// With a fallback URL set, /r and /click send every visitor they cannot route there (302, the
// URL as saved, no clickId) and record nothing; without one they keep their not-found pages.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { schema } from '@tracker/core';
import { startIngestHarness, type IngestHarness } from './testing/ingest-harness';

const FALLBACK = 'https://safe.example/offers?src=trk';
const UNKNOWN_CLICK = '0190a5c4-0000-7000-8000-000000000000';
let h: IngestHarness;

async function setFallback(value: string | null) {
  await h.entities.db.delete(schema.settings).where(eq(schema.settings.key, 'fallback_url'));
  if (value !== null) await h.entities.db.insert(schema.settings).values({ key: 'fallback_url', value });
  await h.ingest.catalog.reload();
}

beforeAll(async () => {
  h = await startIngestHarness();
  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://l.example/' }).returning();
  const [badLander] = await db.insert(schema.landers).values({ name: 'Bad', url: 'javascript:alert(1)' }).returning();
  await db.insert(schema.campaigns).values([
    { id: 'noLander0001', name: 'No lander' },
    { id: 'badLander001', name: 'Bad lander', landerId: badLander!.id },
    { id: 'noOffer00001', name: 'No offer', landerId: lander!.id },
  ]);
  await h.ingest.catalog.reload();
});
afterAll(async () => {
  await h?.close();
});

const stranded: Array<[string, string]> = [
  ['an unknown (or deleted) campaign', '/r/deletedCampaign'],
  ['a campaign without a lander', '/r/noLander0001'],
  ['a campaign whose lander URL is unusable', '/r/badLander001'],
  ['/click with an unknown click id', `/click?clickId=${UNKNOWN_CLICK}`],
  ['/click without a click id', '/click'],
  ['/click with a malformed click id', '/click?clickId=not-a-click'],
];

describe('with a fallback URL', () => {
  beforeAll(() => setFallback(FALLBACK));

  test.each(stranded)('%s → 302 to the fallback URL as saved, nothing recorded', async (_name, url) => {
    const before = await h.recorded();
    const fallbacks = h.ingest.stats.fallbacks;
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await h.call({ method, url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(FALLBACK);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(h.ingest.stats.fallbacks).toBe(fallbacks + 2);
    expect(await h.recorded()).toBe(before);
  });

  test('a click on a campaign without an offer exits to the fallback URL; the click itself was recorded', async () => {
    const click = await h.call({ method: 'GET', url: '/r/noOffer00001' });
    expect(click.statusCode).toBe(302);
    const clickId = new URL(String(click.headers.location)).searchParams.get('clickId')!;
    const before = await h.recorded();
    const exit = await h.call({ method: 'GET', url: '/click', query: { clickId } });
    expect(exit.statusCode).toBe(302);
    expect(exit.headers.location).toBe(FALLBACK);
    expect(await h.recorded()).toBe(before);
  });

  test('a live campaign is not affected', async () => {
    const res = await h.call({ method: 'GET', url: '/r/noOffer00001' });
    expect(String(res.headers.location)).toMatch(/^https:\/\/l\.example\/\?clickId=[0-9a-f-]{36}$/);
  });

  test('a stored fallback URL with non-ASCII characters is sent Location-safe', async () => {
    await setFallback('https://sûr.example/pür');
    const res = await h.call({ method: 'GET', url: '/r/deletedCampaign' });
    expect(res.headers.location).toBe('https://xn--sr-uka.example/p%C3%BCr');
    await setFallback(FALLBACK);
  });
});

describe('without a fallback URL', () => {
  beforeAll(() => setFallback(null));

  test.each([
    ['/r/deletedCampaign', 404, 'Campaign not found'],
    ['/r/noLander0001', 404, 'No lander'],
    [`/click?clickId=${UNKNOWN_CLICK}`, 404, 'Unknown click'],
    ['/click', 400, 'Missing click'],
  ] as const)('%s keeps its plain %i page', async (url, status, title) => {
    const res = await h.call({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain(`<h1>${title}</h1>`);
  });

  test('an unusable stored fallback URL counts as none', async () => {
    await setFallback('javascript:alert(1)');
    expect((await h.call({ method: 'GET', url: '/r/deletedCampaign' })).statusCode).toBe(404);
  });
});
