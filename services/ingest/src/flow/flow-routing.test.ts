// A campaign's flow on the real ingest routes: /r sends each click down the rule it matches to a lander and an
// offer drawn by weight and records them and the rule on the click; the lander's exit sends that click to its own offer on
// every exit; a direct link goes straight to the offer; a flow saved under traffic takes effect on reload.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { schema } from '@tracker/core';
import { campaignFlowSchema, type ClickEvent, type ExitEvent } from '@tracker/schemas';
import { startIngestHarness, type IngestHarness } from '../testing/ingest-harness';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let h: IngestHarness;
const ids: { landers: number[]; offers: number[] } = { landers: [], offers: [] };

async function setFlow(campaignId: string, body: unknown): Promise<void> {
  const flow = campaignFlowSchema.parse(body);
  await h.entities.db.update(schema.campaigns).set({ flow }).where((await import('drizzle-orm')).eq(schema.campaigns.id, campaignId));
  await h.ingest.catalog.reload();
}

const click = (campaignId: string, headers: Record<string, string> = {}) =>
  h.call({ method: 'GET', url: `/r/${campaignId}?ttclid=t`, headers: { 'user-agent': WINDOWS, ...headers } });

beforeAll(async () => {
  h = await startIngestHarness();
  const db = h.entities.db;
  const landers = await db.insert(schema.landers).values(['One', 'Two', 'Three'].map((name) => ({ name, url: `https://l.example/${name.toLowerCase()}` }))).returning();
  const offers = await db.insert(schema.offers).values(['A', 'B', 'C'].map((name) => ({ name, url: `https://o.example/${name.toLowerCase()}` }))).returning();
  ids.landers = landers.map((l) => l.id);
  ids.offers = offers.map((o) => o.id);
  await db.insert(schema.campaigns).values([
    { id: 'splitTest001', name: 'Split', landerId: ids.landers[0]! },
    { id: 'directLink01', name: 'Direct', landerId: ids.landers[0]! },
  ]);
  await h.ingest.catalog.reload();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a campaign flow on /r and /click', () => {
  it('rotates landers by weight, never the weight-0 one, and records the lander and offer on each click', async () => {
    const [one, two, three] = ids.landers as [number, number, number];
    const [a, b] = ids.offers as [number, number];
    await setFlow('splitTest001', {
      rules: [],
      defaultPath: { landers: [{ landerId: one, weight: 50 }, { landerId: two, weight: 50 }, { landerId: three, weight: 0 }], offers: [{ offerId: a, weight: 1 }, { offerId: b, weight: 3 }] },
    });
    const n = 400;
    const seen = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const res = await click('splitTest001');
      expect(res.statusCode).toBe(302);
      const host = new URL(res.headers.location as string).pathname;
      seen.set(host, (seen.get(host) ?? 0) + 1);
    }
    expect(seen.has('/three')).toBe(false);
    // Binomial(400, 0.5): within 4 standard deviations (±40).
    expect(Math.abs((seen.get('/one') ?? 0) - 200)).toBeLessThanOrEqual(40);
    const clicks = (await h.published()).filter((e): e is ClickEvent => e.type === 'click' && e.data.campaignId === 'splitTest001');
    expect(clicks).toHaveLength(n);
    expect(new Set(clicks.map((c) => c.data.landerId))).toEqual(new Set([one, two]));
    const toB = clicks.filter((c) => c.data.offerId === b).length;
    // Binomial(400, 0.75): within 4 standard deviations (±35).
    expect(Math.abs(toB - 300)).toBeLessThanOrEqual(35);
  });

  it('sends a visitor who exits twice to the offer their click was given, both times', async () => {
    const res = await click('splitTest001');
    const clickId = new URL(res.headers.location as string).searchParams.get('clickId')!;
    const event = (await h.published()).find((e) => e.id === clickId) as ClickEvent;
    const offerUrl = `https://o.example/${event.data.offerId === ids.offers[0] ? 'a' : 'b'}`;
    for (let i = 0; i < 2; i++) {
      const exit = await h.call({ method: 'GET', url: `/click?clickId=${clickId}` });
      expect(exit.statusCode).toBe(302);
      expect(String(exit.headers.location).startsWith(offerUrl)).toBe(true);
    }
  });

  it('routes by rule: bots to their own offer, iPhones to lander Three, the rest by the default path; each click records its rule', async () => {
    const [one, , three] = ids.landers as [number, number, number];
    const [a, b, c] = ids.offers as [number, number, number];
    await setFlow('splitTest001', {
      rules: [
        { name: 'Bots', conditions: [{ field: 'bot', op: 'in', values: ['bot'] }], path: { landers: [], offers: [{ offerId: c, weight: 1 }] } },
        { name: 'iOS', conditions: [{ field: 'os', op: 'in', values: ['iOS'] }], path: { landers: [{ landerId: three, weight: 1 }], offers: [{ offerId: b, weight: 1 }] } },
      ],
      defaultPath: { landers: [{ landerId: one, weight: 1 }], offers: [{ offerId: a, weight: 1 }] },
    });
    const bot = await click('splitTest001', { 'user-agent': 'curl/8.5.0' });
    expect(String(bot.headers.location).startsWith('https://o.example/c')).toBe(true);
    const iphone = await click('splitTest001', { 'user-agent': IPHONE });
    expect(iphone.headers.location).toMatch(/^https:\/\/l\.example\/three\?clickId=/);
    const other = await click('splitTest001');
    expect(other.headers.location).toMatch(/^https:\/\/l\.example\/one\?clickId=/);

    const clickIdOf = (res: typeof other) => new URL(res.headers.location as string).searchParams.get('clickId')!;
    const published = await h.published();
    const ruleOf = (id: string) => (published.find((e) => e.id === id) as ClickEvent).data.rule;
    expect(ruleOf(clickIdOf(iphone))).toBe('iOS');
    // The default path records no rule.
    expect(ruleOf(clickIdOf(other))).toBe('');
    const botClick = published.filter((e): e is ClickEvent => e.type === 'click' && e.data.offerId === c).at(-1)!;
    expect(botClick.data).toMatchObject({ rule: 'Bots', landerId: null });
    // The lander's exit copies the rule with the click's other dimensions.
    await h.call({ method: 'GET', url: `/click?clickId=${clickIdOf(iphone)}` });
    const exit = (await h.published()).find((e): e is ExitEvent => e.type === 'lander_click' && e.data.clickId === clickIdOf(iphone))!;
    expect(exit.data).toMatchObject({ rule: 'iOS', landerId: three, offerId: b });
  });

  it('a direct link goes straight to the offer, with the click id in its template, and records the click', async () => {
    const [a] = ids.offers as [number];
    await h.entities.db.update(schema.offers).set({ utmTemplate: 'sub1={clickId}&sub2={placement}' }).where((await import('drizzle-orm')).eq(schema.offers.id, a));
    await setFlow('directLink01', { rules: [], defaultPath: { landers: [], offers: [{ offerId: a, weight: 1 }] } });
    const before = await h.recorded();
    const res = await h.call({ method: 'GET', url: '/r/directLink01?plc=feed', headers: { 'user-agent': WINDOWS } });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('https://o.example/a');
    expect(location.searchParams.get('sub2')).toBe('feed');
    const clickId = location.searchParams.get('sub1')!;
    expect(await h.recorded()).toBe(before + 1);
    const event = (await h.published()).find((e) => e.id === clickId) as ClickEvent;
    expect(event.data).toMatchObject({ campaignId: 'directLink01', landerId: null, offerId: a });
  });
});
