// Offer daily caps on the real ingest routes and the embedded analytics store: an offer that has taken its cap of
// approved conversions today leaves the rotation (its hit recorded once, for the offers screen); with every offer
// of a path capped, a click goes to the flow's fallback offer, and without one to the fallback URL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { schema } from '@tracker/core';
import { campaignFlowSchema, type ClickEvent } from '@tracker/schemas';
import { startIngestHarness, type IngestHarness } from '../testing/ingest-harness';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
let h: IngestHarness;
let offers: number[] = [];
let n = 0;

/** Approved conversions of `offerId` converted now (one revised away, so the count is net of revisions). */
async function convert(offerId: number, count: number, revisedAway = 0): Promise<void> {
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  const row = (sign: number, i: number) => ({ event_id: `e-${offerId}-${i}`, sign, transaction_id: `t-${offerId}-${i}`, click_id: `c-${i}`, converted_at: now, clicked_at: now, offer_id: offerId, status: 'approved', payout: '10.00' });
  const rows = [];
  for (let i = 0; i < count + revisedAway; i++) rows.push(row(1, n + i));
  for (let i = 0; i < revisedAway; i++) rows.push(row(-1, n + i));
  n += count + revisedAway;
  await h.analytics.insert('conversions', rows);
}

const clickOffer = async () => {
  const res = await h.call({ method: 'GET', url: '/r/cappedCamp01', headers: { 'user-agent': BROWSER } });
  return res;
};

beforeAll(async () => {
  h = await startIngestHarness();
  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://l.example/' }).returning();
  offers = (await db.insert(schema.offers).values(['A', 'B', 'C'].map((name) => ({ name, url: `https://o.example/${name}` }))).returning()).map((o) => o.id);
  await db.update(schema.offers).set({ dailyCap: 2 }).where(eq(schema.offers.id, offers[0]!));
  const flow = campaignFlowSchema.parse({ rules: [], defaultPath: { landers: [{ landerId: lander!.id, weight: 1 }], offers: [{ offerId: offers[0], weight: 1 }, { offerId: offers[1], weight: 1 }] } });
  await db.insert(schema.campaigns).values({ id: 'cappedCamp01', name: 'Capped', landerId: lander!.id, offerId: offers[0]!, flow });
  await h.ingest.catalog.reload();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('offer caps', () => {
  it('an offer under its cap stays in rotation', async () => {
    await convert(offers[0]!, 2, 1); // 3 approved, 1 revised away: 2 net... at the cap
    await h.entities.db.update(schema.offers).set({ dailyCap: 3 }).where(eq(schema.offers.id, offers[0]!));
    await h.ingest.catalog.reload();
    await h.ingest.caps.refresh();
    expect(h.ingest.caps.capped.has(offers[0]!)).toBe(false);
  });

  it('at its cap an offer leaves the rotation, and the hit is recorded once', async () => {
    await convert(offers[0]!, 1);
    await h.ingest.caps.refresh();
    expect([...h.ingest.caps.capped]).toEqual([offers[0]]);
    for (let i = 0; i < 30; i++) expect((await clickOffer()).statusCode).toBe(302);
    const clicks = (await h.published()).filter((e): e is ClickEvent => e.type === 'click');
    expect(clicks.length).toBe(30);
    expect(new Set(clicks.map((c) => c.data.offerId))).toEqual(new Set([offers[1]]));
    await h.ingest.caps.refresh();
    const hits = await h.entities.db.select().from(schema.offerCapHits);
    expect(hits).toEqual([expect.objectContaining({ offerId: offers[0], conversions: 3 })]);
    expect(hits[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('with every offer of the path capped: the fallback offer, and without one the fallback URL', async () => {
    await h.entities.db.update(schema.offers).set({ dailyCap: 1 }).where(eq(schema.offers.id, offers[1]!));
    await convert(offers[1]!, 1);
    await h.ingest.catalog.reload();
    await h.ingest.caps.refresh();
    expect(h.ingest.caps.capped).toEqual(new Set([offers[0], offers[1]]));
    const stranded = await clickOffer();
    expect(stranded.statusCode).toBe(404);
    expect(stranded.body).toContain('Offer capped');

    await h.entities.db.insert(schema.settings).values({ key: 'fallback_url', value: 'https://fallback.example/' });
    await h.ingest.catalog.reload();
    expect((await clickOffer()).headers.location).toBe('https://fallback.example/');

    const flow = campaignFlowSchema.parse({ rules: [], defaultPath: { landers: [], offers: [{ offerId: offers[0], weight: 1 }, { offerId: offers[1], weight: 1 }] }, fallbackOfferId: offers[2] });
    await h.entities.db.update(schema.campaigns).set({ flow }).where(eq(schema.campaigns.id, 'cappedCamp01'));
    await h.ingest.catalog.reload();
    const res = await clickOffer();
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location).startsWith('https://o.example/C')).toBe(true);
  });
});
