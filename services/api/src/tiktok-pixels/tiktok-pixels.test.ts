// TikTok pixels API through HTTP on a real PGlite store and the local fake TikTok server: access per
// caller, tokens encrypted at rest and shown in full to admins only, the Pixel Unlocker and its history.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { decryptSecret, encryptSecret, schema } from '@tracker/core';
import { PIXEL_ID_TAKEN_MESSAGE } from '@tracker/schemas';
import { LOCAL_FAKES_OUTGOING, startFakeTiktokServer, type FakeTiktokServer } from '@tracker/testing';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import type { PixelView } from './list-pixels';

const KEY = Buffer.alloc(32, 7);
const TOKEN = 'tt_live_token_0123456789abcdef';
let fake: FakeTiktokServer;
let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;
let user: string;

let seq = 0;
const newPixel = async (token = TOKEN) => {
  const [row] = await h.entities.db
    .insert(schema.tiktokPixels)
    .values({ name: 'Fixture', pixelId: `CFIXTURE${++seq}`, accessToken: encryptSecret(KEY, token), websiteUrl: 'https://shop.example/' })
    .returning();
  return row!;
};

beforeAll(async () => {
  fake = await startFakeTiktokServer({ accessTokens: [TOKEN] });
  h = await createApiHarness({ tiktokApiUrl: fake.url, outgoing: LOCAL_FAKES_OUTGOING, secretsKey: KEY });
  // Pixels need no feature (spec §6): "without" and "with" differ only in unrelated features.
  cookies = await signInCallers(h, { with: ['campaigns'], without: [] });
  admin = cookies.admin!;
  user = cookies['user without the feature']!;
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/tiktok-pixels', request: () => ({ method: 'GET', url: '/api/tiktok-pixels' }), statuses: [401, 200, 200, 200] },
    {
      route: 'POST /api/tiktok-pixels',
      request: () => ({ method: 'POST', url: '/api/tiktok-pixels', payload: { name: 'P', pixelId: `CNEW${++seq}`, accessToken: TOKEN } }),
      statuses: [401, 403, 403, 201],
    },
    {
      route: 'PATCH /api/tiktok-pixels/:id',
      request: async () => ({ method: 'PATCH', url: `/api/tiktok-pixels/${(await newPixel()).id}`, payload: { name: 'Renamed' } }),
      statuses: [401, 403, 403, 200],
    },
    {
      route: 'DELETE /api/tiktok-pixels/:id',
      request: async () => ({ method: 'DELETE', url: `/api/tiktok-pixels/${(await newPixel()).id}` }),
      statuses: [401, 403, 403, 204],
    },
    {
      route: 'POST /api/tiktok-pixels/:id/fire-event',
      request: async () => ({
        method: 'POST',
        url: `/api/tiktok-pixels/${(await newPixel()).id}/fire-event`,
        payload: { eventName: 'ViewContent' },
      }),
      statuses: [401, 200, 200, 200],
    },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));
});

describe('access tokens', () => {
  test('are stored encrypted, masked for users, and shown in full to admins only', async () => {
    const res = await h.call({
      method: 'POST',
      url: '/api/tiktok-pixels',
      cookie: admin,
      payload: { name: ' Main ', pixelId: ' CMAIN001 ', accessToken: TOKEN, websiteUrl: '' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<PixelView>();
    expect(created).toMatchObject({ name: 'Main', pixelId: 'CMAIN001', websiteUrl: null, accessToken: TOKEN, accessTokenMasked: '••••cdef' });

    const [row] = await h.entities.db.select().from(schema.tiktokPixels).where(eq(schema.tiktokPixels.id, created.id));
    expect(row!.accessToken).not.toContain(TOKEN);
    expect(decryptSecret(KEY, row!.accessToken)).toBe(TOKEN);

    const asUser = await h.call({ method: 'GET', url: '/api/tiktok-pixels', cookie: user });
    expect(asUser.body).not.toContain(TOKEN);
    expect(asUser.body).not.toContain(row!.accessToken);
    const mine = asUser.json<PixelView[]>().find((p) => p.id === created.id)!;
    expect(mine).toEqual({
      id: created.id,
      name: 'Main',
      pixelId: 'CMAIN001',
      websiteUrl: null,
      createdAt: expect.any(String),
      accessTokenMasked: '••••cdef',
    });

    const asAdmin = await h.call({ method: 'GET', url: '/api/tiktok-pixels', cookie: admin });
    expect(asAdmin.json<PixelView[]>().find((p) => p.id === created.id)).toMatchObject({ accessToken: TOKEN });
  });

  test('an edit without a token keeps it; with one replaces it', async () => {
    const pixel = await newPixel();
    const url = `/api/tiktok-pixels/${pixel.id}`;
    const kept = await h.call({ method: 'PATCH', url, cookie: admin, payload: { name: 'N', accessToken: '', websiteUrl: '' } });
    expect(kept.json()).toMatchObject({ name: 'N', accessToken: TOKEN, websiteUrl: null });
    const replaced = await h.call({ method: 'PATCH', url, cookie: admin, payload: { accessToken: 'another-token-9999' } });
    expect(replaced.json()).toMatchObject({ accessToken: 'another-token-9999', accessTokenMasked: '••••9999' });
    const [row] = await h.entities.db.select().from(schema.tiktokPixels).where(eq(schema.tiktokPixels.id, pixel.id));
    expect(row!.accessToken).not.toContain('another-token-9999');
  });
});

describe('validation', () => {
  test.each([
    [{ pixelId: 'C1', accessToken: 't' }, 'Pixel name is required'],
    [{ name: 'P', accessToken: 't' }, 'Pixel ID is required'],
    [{ name: 'P', pixelId: 'C1', accessToken: ' ' }, 'Access token is required'],
    [{ name: 'P', pixelId: 'C1', accessToken: 't', websiteUrl: 'shop' }, 'Website URL must start with http:// or https://'],
  ])('POST %j → 400 %s', async (payload, message) => {
    const res = await h.call({ method: 'POST', url: '/api/tiktok-pixels', cookie: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test('the website URL is stored normalised; control characters are refused', async () => {
    const payload = { name: 'P', pixelId: 'CNORMAL1', accessToken: 't', websiteUrl: 'https://Shöp.example/中' };
    const res = await h.call({ method: 'POST', url: '/api/tiktok-pixels', cookie: admin, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ websiteUrl: 'https://xn--shp-tna.example/%E4%B8%AD' });
    const refused = await h.call({ method: 'PATCH', url: `/api/tiktok-pixels/${res.json().id}`, cookie: admin, payload: { websiteUrl: 'https://shop.example/\u0000' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'websiteUrl: Website URL must not contain control characters such as tabs, line breaks or NUL' });
    const [row] = await h.entities.db.select().from(schema.tiktokPixels).where(eq(schema.tiktokPixels.pixelId, 'CNORMAL1'));
    expect(row!.websiteUrl).toBe('https://xn--shp-tna.example/%E4%B8%AD');
  });

  test('a Pixel ID in use is 409, on create and on edit', async () => {
    const first = await newPixel();
    const second = await newPixel();
    const dup = await h.call({ method: 'POST', url: '/api/tiktok-pixels', cookie: admin, payload: { name: 'P', pixelId: first.pixelId, accessToken: 't' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: PIXEL_ID_TAKEN_MESSAGE });
    const edit = await h.call({ method: 'PATCH', url: `/api/tiktok-pixels/${second.id}`, cookie: admin, payload: { pixelId: first.pixelId } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: PIXEL_ID_TAKEN_MESSAGE });
    const same = await h.call({ method: 'PATCH', url: `/api/tiktok-pixels/${second.id}`, cookie: admin, payload: { pixelId: second.pixelId } });
    expect(same.statusCode).toBe(200);
  });
});

describe('fire-event (Pixel Unlocker)', () => {
  const fire = (id: number | string, payload: object, cookie = user) =>
    h.call({ method: 'POST', url: `/api/tiktok-pixels/${id}/fire-event`, cookie, payload, headers: { 'user-agent': 'jest-browser' } });
  const historyOf = (pixelId: number) =>
    h.entities.db.select().from(schema.tiktokPixelEventHistory).where(eq(schema.tiktokPixelEventHistory.pixelId, pixelId));

  test('success: TikTok gets the token in its header, the answer and history say success, no token is stored', async () => {
    const pixel = await newPixel();
    const res = await fire(pixel.id, { eventName: 'CompletePayment', testEventCode: 'TEST42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, httpStatus: 200, response: { code: 0, message: 'OK', request_id: expect.any(String) } });

    const sent = fake.requests.at(-1)!;
    expect(sent.headers['access-token']).toBe(TOKEN);
    expect(sent.body).toMatchObject({
      event_source: 'web',
      event_source_id: pixel.pixelId,
      test_event_code: 'TEST42',
      data: [{ event: 'CompletePayment', event_time: expect.any(Number), event_id: expect.any(String), page: { url: 'https://shop.example/' }, user: { user_agent: 'jest-browser' } }],
    });

    const [history] = await historyOf(pixel.id);
    expect(history).toMatchObject({ eventName: 'CompletePayment', status: 'success', message: 'OK' });
    expect(history!.requestPayload).toEqual(sent.body);
    expect(JSON.stringify(history)).not.toContain(TOKEN);
    expect(res.body).not.toContain(TOKEN);
  });

  test('a TikTok error (40001) is HTTP 200 with success false, and recorded as an error', async () => {
    const pixel = await newPixel('revoked-token-0000');
    const res = await fire(pixel.id, { eventName: 'ViewContent' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, response: { code: 40001 } });
    const [history] = await historyOf(pixel.id);
    expect(history).toMatchObject({ status: 'error', eventName: 'ViewContent' });
    expect(JSON.stringify(history)).not.toContain('revoked-token-0000');
  });

  test('throttling (40100 with HTTP 200) is shown as an error', async () => {
    const pixel = await newPixel();
    fake.answerNext(40100);
    const res = await fire(pixel.id, { eventName: 'ViewContent' });
    expect(res.json()).toMatchObject({ success: false, response: { code: 40100 } });
  });

  test.each([
    ['abc', { eventName: 'ViewContent' }, 400, 'Please select a pixel'],
    ['undefined', { eventName: 'ViewContent' }, 400, 'Please select a pixel'],
    ['987654', { eventName: 'ViewContent' }, 404, 'Pixel not found'],
  ])('pixel %s → %i %s', async (id, payload, status, message) => {
    const res = await fire(id, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
  });

  test('an unknown event name is 400 and nothing is sent', async () => {
    const pixel = await newPixel();
    const before = fake.requests.length;
    const res = await fire(pixel.id, { eventName: 'Purchase' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^eventName must be one of ViewContent/);
    expect(fake.requests.length).toBe(before);
  });
});

// A pixel a campaign fires events to is not deleted from under it.
test('a pixel a campaign uses is refused with a 409 naming it, and stays', async () => {
  const pixel = await newPixel();
  await h.entities.db.insert(schema.campaigns).values({ id: 'pixelUsed001', name: 'Evergreen', tiktokPixelId: pixel.id });
  const res = await h.call({ method: 'DELETE', url: `/api/tiktok-pixels/${pixel.id}`, cookie: admin });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({
    message: 'This TikTok pixel is used by campaign "Evergreen": choose another TikTok pixel for it (or none) before deleting it.',
  });
  expect(await h.entities.db.$count(schema.tiktokPixels, eq(schema.tiktokPixels.id, pixel.id))).toBe(1);
  const missing = await h.call({ method: 'DELETE', url: '/api/tiktok-pixels/987654', cookie: admin });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ message: 'Pixel not found' });
});
