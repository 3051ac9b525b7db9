// Offers API through HTTP on a real PGlite store: access per caller, validation, a delete refused while campaigns use it.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { CATALOG_CHANNEL, schema } from '@tracker/core';
import { DEFAULT_UTM_TEMPLATE, OFFER_REQUIRED_MESSAGE, UTM_TEMPLATE_TOKENS } from '@tracker/schemas';
import { createApiHarness, watchChanges, type ApiHarness } from '../testing/api-harness';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';

let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;

const newOffer = async (name = 'Offer') => {
  const [row] = await h.entities.db.insert(schema.offers).values({ name, url: 'https://offer.example/o' }).returning();
  return row!;
};
const valid = { name: 'Shop', url: 'https://offer.example/shop', utmTemplate: 'sub1={clickId}' };

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: ['offers'], without: ['clicks', 'landers', 'sparks'] });
  admin = cookies.admin!;
});
afterAll(() => h.close());

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/offers', request: () => ({ method: 'GET', url: '/api/offers' }), statuses: [401, 403, 200, 200] },
    { route: 'POST /api/offers', request: () => ({ method: 'POST', url: '/api/offers', payload: valid }), statuses: [401, 403, 403, 201] },
    {
      route: 'PATCH /api/offers/:id',
      request: async () => ({ method: 'PATCH', url: `/api/offers/${(await newOffer()).id}`, payload: { name: 'Renamed' } }),
      statuses: [401, 403, 403, 200],
    },
    {
      route: 'DELETE /api/offers/:id',
      request: async () => ({ method: 'DELETE', url: `/api/offers/${(await newOffer()).id}` }),
      statuses: [401, 403, 403, 204],
    },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));

  test.each([['campaigns'], ['dashboard']] as const)('a user with %s may read the list (campaign dialog, Stats filters)', async (feature) => {
    await newOffer('Readable');
    const res = await h.call({ method: 'GET', url: '/api/offers', cookie: await h.signIn('user', [feature]) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Readable' })]));
  });

  test('a refused write changes nothing', async () => {
    const offer = await newOffer('Kept');
    const res = await h.call({ method: 'DELETE', url: `/api/offers/${offer.id}`, cookie: cookies['user with the feature'] });
    expect(res.statusCode).toBe(403);
    expect(await h.entities.db.select().from(schema.offers).where(eq(schema.offers.id, offer.id))).toHaveLength(1);
  });
});

describe('create and edit', () => {
  test('stores trimmed values and answers the row', async () => {
    const res = await h.call({
      method: 'POST',
      url: '/api/offers',
      cookie: admin,
      payload: { name: '  Shop  ', url: ' https://offer.example/shop ', utmTemplate: ' s1={clickId} ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), name: 'Shop', url: 'https://offer.example/shop', utmTemplate: 's1={clickId}' });
  });

  test('an omitted UTM template takes the default', async () => {
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: { name: 'D', url: 'https://d.example' } });
    expect(res.json()).toMatchObject({ utmTemplate: DEFAULT_UTM_TEMPLATE });
    expect(DEFAULT_UTM_TEMPLATE).toBe(schema.DEFAULT_UTM_TEMPLATE);
  });

  test.each([
    [{ url: 'https://x.example', utmTemplate: 'a=1' }, OFFER_REQUIRED_MESSAGE],
    [{ name: '   ', url: 'https://x.example', utmTemplate: 'a=1' }, OFFER_REQUIRED_MESSAGE],
    [{ name: 'N', url: '', utmTemplate: 'a=1' }, OFFER_REQUIRED_MESSAGE],
    [{ name: 'N', url: 'https://x.example', utmTemplate: '  ' }, OFFER_REQUIRED_MESSAGE],
    [{ name: 'N', url: 'offer.example/path', utmTemplate: 'a=1' }, 'URL must start with http:// or https://'],
    [{ name: 'N', url: 'javascript:alert(1)', utmTemplate: 'a=1' }, 'URL must start with http:// or https://'],
  ])('POST %j → 400 %s', async (payload, message) => {
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test('PATCH validates the fields it gets', async () => {
    const offer = await newOffer();
    const res = await h.call({ method: 'PATCH', url: `/api/offers/${offer.id}`, cookie: admin, payload: { utmTemplate: '' } });
    expect(res.json()).toEqual({ message: OFFER_REQUIRED_MESSAGE });
  });

  // What the offer redirect appends must be a valid Location header, whatever was typed.
  test('the URL is stored normalised and the UTM template percent-encoded, its {tokens} kept', async () => {
    const payload = { name: 'Ü', url: 'https://Shöp.example/pür中?x=ü', utmTemplate: 'sub1={clickId}&name=pür tür&q="<>"' };
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload });
    expect(res.statusCode).toBe(201);
    const stored = { url: 'https://xn--shp-tna.example/p%C3%BCr%E4%B8%AD?x=%C3%BC', utmTemplate: 'sub1={clickId}&name=p%C3%BCr%20t%C3%BCr&q=%22%3C%3E%22' };
    expect(res.json()).toMatchObject(stored);
    const [row] = await h.entities.db.select().from(schema.offers).where(eq(schema.offers.id, res.json().id));
    expect(row).toMatchObject(stored);
    const edit = await h.call({ method: 'PATCH', url: `/api/offers/${row!.id}`, cookie: admin, payload: { utmTemplate: 'c={campaign}&n=中' } });
    expect(edit.json()).toMatchObject({ utmTemplate: 'c={campaign}&n=%E4%B8%AD' });
  });

  test('every token of the help text is accepted, also percent-encoded around it', async () => {
    const utmTemplate = UTM_TEMPLATE_TOKENS.map((token, i) => `s${i}=${token}`).join('&') + '&n=pür {clickId}';
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: { ...valid, utmTemplate } });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ utmTemplate: string }>().utmTemplate).toBe(utmTemplate.replace('pür {clickId}', 'p%C3%BCr%20{clickId}'));
  });

  test.each([
    [{ ...valid, url: 'https://offer.example/\u0000' }, 'Offer URL must not contain control characters such as tabs, line breaks or NUL'],
    [{ ...valid, utmTemplate: 'sub1={clickId}\n' + 'x=1' }, 'utmTemplate: The UTM template must not contain control characters such as tabs, line breaks or NUL'],
    [{ ...valid, utmTemplate: 'sub1=\u0000' }, 'utmTemplate: The UTM template must not contain control characters such as tabs, line breaks or NUL'],
    [{ ...valid, name: 'a\u0000b' }, 'Offer name must not contain control characters such as tabs, line breaks or NUL'],
    [{ ...valid, url: 'ftp://offer.example/' }, 'URL must start with http:// or https://'],
    [{ ...valid, utmTemplate: 'sub1={clickId}&sub2={clickid}' }, 'utmTemplate: Unknown token {clickid} in the UTM template. Valid tokens: {clickId}, {campaign}, {adGroup}, {creative}, {placement}, {campaignName}, {adGroupName}, {creativeName}'],
    [{ ...valid, utmTemplate: 's={subId}&t={ttclid}&u={subId}' }, 'utmTemplate: Unknown tokens {subId}, {ttclid} in the UTM template. Valid tokens: {clickId}, {campaign}, {adGroup}, {creative}, {placement}, {campaignName}, {adGroupName}, {creativeName}'],
    [{ ...valid, utmTemplate: 's={}' }, 'utmTemplate: Unknown token {} in the UTM template. Valid tokens: {clickId}, {campaign}, {adGroup}, {creative}, {placement}, {campaignName}, {adGroupName}, {creativeName}'],
    [{ ...valid, utmTemplate: 'sub1={clickId' }, "utmTemplate: The UTM template has a '{' or '}' that does not enclose a token. Valid tokens: {clickId}, {campaign}, {adGroup}, {creative}, {placement}, {campaignName}, {adGroupName}, {creativeName}"],
  ])('POST and PATCH %j → 400 %s, and nothing is stored', async (payload, message) => {
    const before = await h.entities.db.$count(schema.offers);
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await h.entities.db.$count(schema.offers)).toBe(before);
    const offer = await newOffer();
    const edit = await h.call({ method: 'PATCH', url: `/api/offers/${offer.id}`, cookie: admin, payload });
    expect(edit.json()).toEqual({ message });
    expect(await h.entities.db.select().from(schema.offers).where(eq(schema.offers.id, offer.id))).toEqual([offer]);
  });

  test.each(['999999', 'abc', '99999999999'])('PATCH and DELETE of unknown id %s → 404', async (id) => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await h.call({ method, url: `/api/offers/${id}`, cookie: admin, payload: method === 'PATCH' ? { name: 'x' } : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Offer not found' });
    }
  });
});

describe('default payout', () => {
  test('is stored exact, shown by create, list and edit; left out on an edit it stays, null or blank clears it', async () => {
    const created = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: { ...valid, payout: 12.5 } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(created.json()).toMatchObject({ payout: '12.50' });
    const [row] = await h.entities.db.select().from(schema.offers).where(eq(schema.offers.id, id));
    expect(row!.defaultPayout).toBe('12.50');
    const list = await h.call({ method: 'GET', url: '/api/offers', cookie: admin });
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id, payout: '12.50' })]));

    const patch = (payload: Record<string, unknown>) => h.call({ method: 'PATCH', url: `/api/offers/${id}`, cookie: admin, payload });
    expect((await patch({ name: 'Renamed' })).json()).toMatchObject({ name: 'Renamed', payout: '12.50' });
    expect((await patch({ payout: '0.3' })).json()).toMatchObject({ payout: '0.30' });
    expect((await patch({ payout: null })).json()).toMatchObject({ payout: null });
    expect((await patch({ payout: '7' })).json()).toMatchObject({ payout: '7.00' });
    expect((await patch({ payout: '  ' })).json()).toMatchObject({ payout: null });
  });

  test('an offer created without one has none', async () => {
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: valid });
    expect(res.json()).toMatchObject({ payout: null });
  });

  test.each([
    ['-1', 'Default payout must not be negative: "-1"'],
    ['1.234', 'Default payout must have at most 2 decimals: "1.234"'],
    ['abc', 'Default payout must be an amount such as 12.50, not "abc"'],
    ['100000000', 'Default payout must be at most 99999999.99: "100000000"'],
  ])('payout %s → 400 %s, nothing stored', async (payout, message) => {
    const before = await h.entities.db.$count(schema.offers);
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: { ...valid, payout } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await h.entities.db.$count(schema.offers)).toBe(before);
  });
});

describe('payout currency', () => {
  test('is optional (null: the workspace currency), read case-insensitively, kept when left out, cleared with null or blank', async () => {
    const created = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: { ...valid, payout: '10', payoutCurrency: ' eur ' } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(created.json()).toMatchObject({ payout: '10.00', payoutCurrency: 'EUR' });
    const [row] = await h.entities.db.select().from(schema.offers).where(eq(schema.offers.id, id));
    expect(row!.payoutCurrency).toBe('EUR');
    const list = await h.call({ method: 'GET', url: '/api/offers', cookie: admin });
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id, payoutCurrency: 'EUR' })]));

    const patch = (payload: Record<string, unknown>) => h.call({ method: 'PATCH', url: `/api/offers/${id}`, cookie: admin, payload });
    expect((await patch({ name: 'Renamed' })).json()).toMatchObject({ payoutCurrency: 'EUR' });
    expect((await patch({ payoutCurrency: 'JPY' })).json()).toMatchObject({ payoutCurrency: 'JPY' });
    expect((await patch({ payoutCurrency: null })).json()).toMatchObject({ payoutCurrency: null });
    expect((await patch({ payoutCurrency: 'GBP' })).json()).toMatchObject({ payoutCurrency: 'GBP' });
    expect((await patch({ payoutCurrency: '' })).json()).toMatchObject({ payoutCurrency: null });
    expect((await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: valid })).json()).toMatchObject({ payoutCurrency: null });
  });

  test('an unknown code is refused by name and nothing is stored', async () => {
    const before = await h.entities.db.$count(schema.offers);
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: { ...valid, payoutCurrency: 'XYZ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'payoutCurrency: Currency must be an ISO 4217 code such as USD, EUR or JPY, not "XYZ"' });
    expect(await h.entities.db.$count(schema.offers)).toBe(before);
  });
});

describe('daily cap', () => {
  test('is optional, saved, cleared with null, and the last day it was reached comes with the offer', async () => {
    const created = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: { ...valid, dailyCap: 50 } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(created.json()).toMatchObject({ dailyCap: 50, capHit: null });
    await h.entities.db.insert(schema.offerCapHits).values([
      { offerId: id, day: '2026-11-20', conversions: 50, hitAt: new Date('2026-11-20T15:00:00Z') },
      { offerId: id, day: '2026-11-26', conversions: 51, hitAt: new Date('2026-11-26T09:30:00Z') },
    ]);
    const list = await h.call({ method: 'GET', url: '/api/offers', cookie: admin });
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id, dailyCap: 50, capHit: { day: '2026-11-26', at: '2026-11-26T09:30:00.000Z', conversions: 51 } })]));
    const cleared = await h.call({ method: 'PATCH', url: `/api/offers/${id}`, cookie: admin, payload: { dailyCap: null } });
    expect(cleared.json()).toMatchObject({ dailyCap: null });
    const kept = await h.call({ method: 'PATCH', url: `/api/offers/${id}`, cookie: admin, payload: { name: 'Renamed' } });
    expect(kept.json()).toMatchObject({ dailyCap: null, name: 'Renamed' });
  });

  test.each([
    [0, 'dailyCap: The daily cap must be at least 1 (or empty for no cap)'],
    [2.5, 'dailyCap: The daily cap must be a whole number of conversions'],
    ['ten', 'dailyCap: The daily cap must be a whole number of conversions'],
  ])('cap %j → 400 %s, nothing stored', async (dailyCap, message) => {
    const before = await h.entities.db.$count(schema.offers);
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: { ...valid, dailyCap } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await h.entities.db.$count(schema.offers)).toBe(before);
  });
});

describe('delete: a delete never silently breaks live traffic', () => {
  test('an offer campaigns use is refused with a 409 naming them, and stays', async () => {
    const offer = await newOffer('Used');
    const [lander] = await h.entities.db.insert(schema.landers).values({ name: 'L', url: 'https://l.example' }).returning();
    await h.entities.db.insert(schema.campaigns).values([
      { id: 'offerUsed001', name: 'Spring', landerId: lander!.id, offerId: offer.id },
      { id: 'offerUsed002', name: 'Autumn', landerId: lander!.id, offerId: offer.id },
    ]);
    const res = await h.call({ method: 'DELETE', url: `/api/offers/${offer.id}`, cookie: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This offer is used by campaigns "Autumn" and "Spring": choose another offer for them (or none) before deleting it.',
    });
    expect(await h.entities.db.$count(schema.offers, eq(schema.offers.id, offer.id))).toBe(1);
    const [campaign] = await h.entities.db.select().from(schema.campaigns).where(eq(schema.campaigns.id, 'offerUsed001'));
    expect(campaign).toMatchObject({ offerId: offer.id });

    await h.entities.db.update(schema.campaigns).set({ offerId: null }).where(eq(schema.campaigns.offerId, offer.id));
    expect((await h.call({ method: 'DELETE', url: `/api/offers/${offer.id}`, cookie: admin })).statusCode).toBe(204);
  });
});

test('create, edit and delete each announce a catalog change', async () => {
  const changes = await watchChanges(h.entities, CATALOG_CHANNEL);
  const created = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, payload: valid });
  const id = created.json<{ id: number }>().id;
  await h.call({ method: 'PATCH', url: `/api/offers/${id}`, cookie: admin, payload: { name: 'B' } });
  await h.call({ method: 'DELETE', url: `/api/offers/${id}`, cookie: admin });
  expect(await changes.settle(3)).toBe(3);
});
