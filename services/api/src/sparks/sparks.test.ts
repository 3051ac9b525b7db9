// Sparks API through HTTP on a real PGlite store: access per caller, validation, generated spark ids.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { CATALOG_CHANNEL, schema } from '@tracker/core';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, watchChanges, type ApiHarness } from '../testing/api-harness';

let h: ApiHarness;
let cookies: CallerCookies;
let sparksUser: string;

let seq = 0;
const newSpark = async () => {
  const [row] = await h.entities.db
    .insert(schema.sparks)
    .values({ name: 'S', code: '<script></script>', sparkId: `spk_fixture${++seq}` })
    .returning();
  return row!;
};

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: ['sparks'], without: ['campaigns', 'offers', 'landers'] });
  sparksUser = cookies['user with the feature']!;
});
afterAll(() => h.close());

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/sparks', request: () => ({ method: 'GET', url: '/api/sparks' }), statuses: [401, 403, 200, 200] },
    {
      route: 'POST /api/sparks',
      request: () => ({ method: 'POST', url: '/api/sparks', payload: { name: 'S', code: 'c' } }),
      statuses: [401, 403, 201, 201],
    },
    {
      route: 'PATCH /api/sparks/:id',
      request: async () => ({ method: 'PATCH', url: `/api/sparks/${(await newSpark()).id}`, payload: { name: 'Renamed' } }),
      statuses: [401, 403, 200, 200],
    },
    {
      route: 'DELETE /api/sparks/:id',
      request: async () => ({ method: 'DELETE', url: `/api/sparks/${(await newSpark()).id}` }),
      statuses: [401, 403, 204, 204],
    },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));

  test('a user with dashboard may read the list (Stats spark filter) but not write', async () => {
    const cookie = await h.signIn('user', ['dashboard']);
    expect((await h.call({ method: 'GET', url: '/api/sparks', cookie })).statusCode).toBe(200);
    expect((await h.call({ method: 'POST', url: '/api/sparks', cookie, payload: { name: 'S', code: 'c' } })).statusCode).toBe(403);
  });
});

describe('create', () => {
  test('generates a unique, hard-to-guess spark id and announces the change', async () => {
    const changes = await watchChanges(h.entities, CATALOG_CHANNEL);
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await h.call({ method: 'POST', url: '/api/sparks', cookie: sparksUser, payload: { name: ` Spark ${i} `, code: '<b>x</b>' } });
      expect(res.statusCode).toBe(201);
      const spark = res.json<{ name: string; sparkId: string }>();
      expect(spark.name).toBe(`Spark ${i}`);
      expect(spark.sparkId).toMatch(/^spk_[0-9A-Za-z]{16}$/);
      ids.add(spark.sparkId);
    }
    expect(ids.size).toBe(20);
    expect(await changes.settle(20)).toBe(20);
  });

  test('a client cannot choose the spark id', async () => {
    const res = await h.call({ method: 'POST', url: '/api/sparks', cookie: sparksUser, payload: { name: 'S', code: 'c', sparkId: 'mine' } });
    expect(res.json<{ sparkId: string }>().sparkId).not.toBe('mine');
  });

  test.each([
    [{ code: 'c' }, 'Name is required'],
    [{ name: '  ', code: 'c' }, 'Name is required'],
    [{ name: 'S' }, 'Code is required'],
    [{ name: 'S', code: ' \n ' }, 'Code is required'],
  ])('POST %j → 400 %s', async (payload, message) => {
    const res = await h.call({ method: 'POST', url: '/api/sparks', cookie: sparksUser, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('edit', () => {
  test('changes the name and code, keeps the Spark ID campaigns link to, and announces the change', async () => {
    const spark = await newSpark();
    const changes = await watchChanges(h.entities, CATALOG_CHANNEL);
    const res = await h.call({
      method: 'PATCH',
      url: `/api/sparks/${spark.id}`,
      cookie: sparksUser,
      payload: { name: ' Winter promo ', code: '<script>\n\tspark(2)\n</script>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: spark.id, sparkId: spark.sparkId, name: 'Winter promo', code: '<script>\n\tspark(2)\n</script>' });
    expect(await changes.settle(1)).toBe(1);
    const list = await h.call({ method: 'GET', url: '/api/sparks', cookie: sparksUser });
    expect(list.json<Array<{ id: number; name: string }>>().find((s) => s.id === spark.id)).toMatchObject({ name: 'Winter promo', sparkId: spark.sparkId });
  });

  test('a field left out keeps its value; the Spark ID cannot be changed (sending one is refused)', async () => {
    const spark = await newSpark();
    const res = await h.call({ method: 'PATCH', url: `/api/sparks/${spark.id}`, cookie: sparksUser, payload: { code: 'new()' } });
    expect(res.json()).toMatchObject({ name: spark.name, code: 'new()', sparkId: spark.sparkId });
    const refused = await h.call({ method: 'PATCH', url: `/api/sparks/${spark.id}`, cookie: sparksUser, payload: { code: 'other()', sparkId: 'spk_mine' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "Unknown field 'sparkId'" });
    const [row] = await h.entities.db.select().from(schema.sparks).where(eq(schema.sparks.id, spark.id));
    expect(row).toMatchObject({ code: 'new()', sparkId: spark.sparkId });
  });

  test.each([
    [{ name: '  ' }, 'Name is required'],
    [{ code: ' \n ' }, 'Code is required'],
    [{ name: 'a\tb' }, 'Name must not contain control characters such as tabs, line breaks or NUL'],
    [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
  ])('PATCH %j → 400 %s, and nothing changes', async (payload, message) => {
    const spark = await newSpark();
    const res = await h.call({ method: 'PATCH', url: `/api/sparks/${spark.id}`, cookie: sparksUser, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await h.entities.db.select().from(schema.sparks).where(eq(schema.sparks.id, spark.id))).toEqual([spark]);
  });

  test.each(['999999', 'abc'])('an unknown id %s is 404', async (id) => {
    const res = await h.call({ method: 'PATCH', url: `/api/sparks/${id}`, cookie: sparksUser, payload: { name: 'N' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Spark not found' });
  });
});

test('a spark a campaign uses is refused with a 409 naming it; once unused it deletes; an unknown id is 404', async () => {
  const spark = await newSpark();
  await h.entities.db.insert(schema.campaigns).values({ id: 'sparkUsed001', name: 'Black Friday', sparkId: spark.id });
  const refused = await h.call({ method: 'DELETE', url: `/api/sparks/${spark.id}`, cookie: sparksUser });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({
    message: 'This spark is used by campaign "Black Friday": choose another spark for it (or none) before deleting it.',
  });
  const [campaign] = await h.entities.db.select().from(schema.campaigns).where(eq(schema.campaigns.id, 'sparkUsed001'));
  expect(campaign).toMatchObject({ sparkId: spark.id });

  await h.entities.db.delete(schema.campaigns).where(eq(schema.campaigns.id, 'sparkUsed001'));
  expect((await h.call({ method: 'DELETE', url: `/api/sparks/${spark.id}`, cookie: sparksUser })).statusCode).toBe(204);
  const again = await h.call({ method: 'DELETE', url: `/api/sparks/${spark.id}`, cookie: sparksUser });
  expect(again.statusCode).toBe(404);
  expect(again.json()).toEqual({ message: 'Spark not found' });
});
