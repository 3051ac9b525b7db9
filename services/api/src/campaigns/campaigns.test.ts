// Campaigns API through HTTP on a real PGlite store: access per caller (BH switch included), validation,
// references, generated ids, the joined rows of the table and View Code dialog, change notifications.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { CATALOG_CHANNEL, schema } from '@tracker/core';
import { CAMPAIGN_REQUIRED_MESSAGE } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, watchChanges, type ApiHarness } from '../testing/api-harness';
import type { CampaignView } from './list-campaigns';

let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;
let landerId: number;
let offerId: number;

const newCampaign = async () => {
  const res = await h.call({ method: 'POST', url: '/api/campaigns', cookie: admin, payload: { name: 'Fixture', landerId } });
  return res.json<CampaignView>();
};
const post = (payload: unknown) => h.call({ method: 'POST', url: '/api/campaigns', cookie: admin, payload: payload as object });

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: ['campaigns'], without: ['offers', 'landers', 'sparks'] });
  admin = cookies.admin!;
  const db = h.entities.db;
  landerId = (await db.insert(schema.landers).values({ name: 'Quiz', url: 'https://lander.example/quiz' }).returning())[0]!.id;
  offerId = (await db.insert(schema.offers).values({ name: 'Shop', url: 'https://offer.example' }).returning())[0]!.id;
});
afterAll(() => h.close());

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/campaigns', request: () => ({ method: 'GET', url: '/api/campaigns' }), statuses: [401, 403, 200, 200] },
    {
      route: 'POST /api/campaigns',
      request: () => ({ method: 'POST', url: '/api/campaigns', payload: { name: 'C', landerId } }),
      statuses: [401, 403, 403, 201],
    },
    {
      route: 'PATCH /api/campaigns/:id',
      request: async () => ({ method: 'PATCH', url: `/api/campaigns/${(await newCampaign()).id}`, payload: { name: 'Renamed' } }),
      statuses: [401, 403, 403, 200],
    },
    {
      route: 'PATCH /api/campaigns/:id { bhToggle } (the BH switch)',
      request: async () => ({ method: 'PATCH', url: `/api/campaigns/${(await newCampaign()).id}`, payload: { bhToggle: true } }),
      statuses: [401, 403, 403, 200],
    },
    {
      route: 'DELETE /api/campaigns/:id',
      request: async () => ({ method: 'DELETE', url: `/api/campaigns/${(await newCampaign()).id}` }),
      statuses: [401, 403, 403, 204],
    },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));

  test.each([['clicks'], ['dashboard']] as const)('a user with only %s may list campaigns (filters), never change them', async (feature) => {
    const cookie = await h.signIn('user', [feature]);
    expect((await h.call({ method: 'GET', url: '/api/campaigns', cookie })).statusCode).toBe(200);
    const create = await h.call({ method: 'POST', url: '/api/campaigns', payload: { name: 'C', landerId }, cookie });
    expect(create.statusCode).toBe(403);
  });
});

describe('create', () => {
  test('generates a 12-character base62 id; unselected options are null and the defaults apply', async () => {
    const res = await post({ name: '  Spring  ', landerId });
    expect(res.statusCode).toBe(201);
    const campaign = res.json<CampaignView>();
    expect(campaign.id).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(campaign).toMatchObject({
      name: 'Spring',
      landerId,
      offerId: null,
      domainId: null,
      sparkId: null,
      tiktokPixelId: null,
      defaultTiktokEvent: 'CompletePayment',
      bhToggle: false,
      lander: { id: landerId, name: 'Quiz', url: 'https://lander.example/quiz' },
      offer: null,
    });
  });

  test('an id chosen by the client is refused, not ignored: the server makes campaign ids', async () => {
    const res = await post({ name: 'Mine', landerId, id: 'chosenByMe' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Unknown field 'id'" });
    expect(await h.entities.db.$count(schema.campaigns, eq(schema.campaigns.id, 'chosenByMe'))).toBe(0);
  });

  test('ids do not repeat', async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, async () => (await newCampaign()).id));
    expect(new Set(ids).size).toBe(25);
  });

  test('announces a catalog change after the campaign is stored', async () => {
    const changes = await watchChanges(h.entities, CATALOG_CHANNEL);
    const res = await post({ name: 'Notified', landerId });
    expect(await changes.settle(1)).toBe(1);
    const rows = await h.entities.db.select().from(schema.campaigns).where(eq(schema.campaigns.id, res.json<CampaignView>().id));
    expect(rows).toHaveLength(1);
  });

  test.each([
    [{ landerId: 1 }, CAMPAIGN_REQUIRED_MESSAGE],
    [{ name: '   ', landerId: 1 }, CAMPAIGN_REQUIRED_MESSAGE],
    [{ name: 'C' }, CAMPAIGN_REQUIRED_MESSAGE],
    [{ name: 'C', landerId: null }, CAMPAIGN_REQUIRED_MESSAGE],
    [{ name: 'C', landerId: 'x' }, 'landerId must be a number'],
    [{ name: 'C', landerId: 999_999 }, 'The selected lander does not exist'],
    [{ name: 'C', landerId: 0 }, 'landerId must be positive'],
  ])('POST %j → 400 %s', async (payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test.each([
    ['offerId', 'The selected offer does not exist'],
    ['domainId', 'The selected domain does not exist'],
    ['sparkId', 'The selected spark does not exist'],
    ['tiktokPixelId', 'The selected TikTok pixel does not exist'],
  ])('an unknown %s is 400', async (field, message) => {
    const res = await post({ name: 'C', landerId, [field]: 777_777 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test('the TikTok event must be one of the six', async () => {
    const bad = await post({ name: 'C', landerId, defaultTiktokEvent: 'Purchase' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^defaultTiktokEvent must be one of ViewContent, ClickButton, AddToCart, InitiateCheckout, CompletePayment, PlaceAnOrder$/);
    const good = await post({ name: 'C', landerId, defaultTiktokEvent: 'AddToCart' });
    expect(good.json()).toMatchObject({ defaultTiktokEvent: 'AddToCart' });
  });

  test('a domain that is not active with a subdomain cannot be chosen', async () => {
    const [pending] = await h.entities.db.insert(schema.domains).values({ domain: 'pending.xyz' }).returning();
    const res = await post({ name: 'C', landerId, domainId: pending!.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The selected domain is not active yet/);
  });
});

describe('the rows of the table and the View Code dialog', () => {
  test('join lander, offer, domain, spark and pixel (never the pixel token), and resolve the hosts', async () => {
    const db = h.entities.db;
    const [domain] = await db.insert(schema.domains).values({ domain: 'brand.xyz', subdomain: 'trk', status: 'active' }).returning();
    const [spark] = await db.insert(schema.sparks).values({ name: 'Creator', code: 'c', sparkId: 'spk_0123456789abcdef' }).returning();
    const [pixel] = await db
      .insert(schema.tiktokPixels)
      .values({ name: 'Main pixel', pixelId: 'CPIXEL1', accessToken: 'v1:sealed-token-text' })
      .returning();
    const created = (
      await post({ name: 'Full', landerId, offerId, domainId: domain!.id, sparkId: spark!.id, tiktokPixelId: pixel!.id })
    ).json<CampaignView>();
    const plain = (await post({ name: 'Plain', landerId })).json<CampaignView>();

    const list = async () => {
      const res = await h.call({ method: 'GET', url: '/api/campaigns', cookie: cookies['user with the feature'] });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('sealed-token-text');
      return res.json<CampaignView[]>();
    };
    let rows = await list();
    expect(rows.find((r) => r.id === created.id)).toMatchObject({
      lander: { name: 'Quiz', url: 'https://lander.example/quiz' },
      offer: { id: offerId, name: 'Shop' },
      domain: { id: domain!.id, domain: 'brand.xyz', subdomain: 'trk', status: 'active', host: 'trk.brand.xyz' },
      spark: { id: spark!.id, name: 'Creator', sparkId: 'spk_0123456789abcdef' },
      pixel: { id: pixel!.id, name: 'Main pixel', pixelId: 'CPIXEL1' },
      trackingHost: 'trk.brand.xyz',
      exitHost: null,
    });
    expect(rows.find((r) => r.id === plain.id)).toMatchObject({ domain: null, trackingHost: null, exitHost: null });

    await db.insert(schema.settings).values([
      { key: 'redirect_domain', value: 'go.example.com' },
      { key: 'global_exit_domain', value: 'exit.example.com' },
    ]);
    rows = await list();
    expect(rows.find((r) => r.id === created.id)).toMatchObject({ trackingHost: 'trk.brand.xyz', exitHost: 'exit.example.com' });
    expect(rows.find((r) => r.id === plain.id)).toMatchObject({ trackingHost: 'go.example.com', exitHost: 'exit.example.com' });
    await db.delete(schema.settings);
  });
});

describe('edit', () => {
  test('null clears an option; the BH switch sends only bhToggle; other fields stay', async () => {
    const created = (await post({ name: 'Edit me', landerId, offerId, defaultTiktokEvent: 'ViewContent' })).json<CampaignView>();
    const url = `/api/campaigns/${created.id}`;
    const cleared = await h.call({ method: 'PATCH', url, cookie: admin, payload: { offerId: null } });
    expect(cleared.json()).toMatchObject({ offerId: null, offer: null, name: 'Edit me', defaultTiktokEvent: 'ViewContent' });
    const switched = await h.call({ method: 'PATCH', url, cookie: admin, payload: { bhToggle: true } });
    expect(switched.json()).toMatchObject({ bhToggle: true, name: 'Edit me', landerId });
  });

  test('the lander cannot be cleared, nor the name blanked', async () => {
    const created = await newCampaign();
    for (const payload of [{ landerId: null }, { name: ' ' }]) {
      const res = await h.call({ method: 'PATCH', url: `/api/campaigns/${created.id}`, cookie: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: CAMPAIGN_REQUIRED_MESSAGE });
    }
  });

  test('unknown campaigns are 404', async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await h.call({ method, url: '/api/campaigns/doesNotExist', cookie: admin, payload: method === 'PATCH' ? { name: 'x' } : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Campaign not found' });
    }
  });
});
