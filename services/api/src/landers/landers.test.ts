// Landers API through HTTP on a real PGlite store: access per caller, validation, a delete refused while campaigns use it.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { CATALOG_CHANNEL, schema } from '@tracker/core';
import { LANDER_REQUIRED_MESSAGE } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, watchChanges, type ApiHarness } from '../testing/api-harness';

let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;

const newLander = async (name = 'Lander') => {
  const [row] = await h.entities.db.insert(schema.landers).values({ name, url: 'https://lander.example/l' }).returning();
  return row!;
};

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: ['landers'], without: ['offers', 'dashboard', 'sparks'] });
  admin = cookies.admin!;
});
afterAll(() => h.close());

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/landers', request: () => ({ method: 'GET', url: '/api/landers' }), statuses: [401, 403, 200, 200] },
    {
      route: 'POST /api/landers',
      request: () => ({ method: 'POST', url: '/api/landers', payload: { name: 'L', url: 'https://l.example' } }),
      statuses: [401, 403, 403, 201],
    },
    {
      route: 'PATCH /api/landers/:id',
      request: async () => ({ method: 'PATCH', url: `/api/landers/${(await newLander()).id}`, payload: { name: 'R', url: 'https://r.example' } }),
      statuses: [401, 403, 403, 200],
    },
    {
      route: 'DELETE /api/landers/:id',
      request: async () => ({ method: 'DELETE', url: `/api/landers/${(await newLander()).id}` }),
      statuses: [401, 403, 403, 204],
    },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));

  test('a user with campaigns may read the list (campaign dialog)', async () => {
    const res = await h.call({ method: 'GET', url: '/api/landers', cookie: await h.signIn('user', ['campaigns']) });
    expect(res.statusCode).toBe(200);
  });
});

describe('validation', () => {
  test.each([
    [{ url: 'https://l.example' }, LANDER_REQUIRED_MESSAGE],
    [{ name: 'L', url: '   ' }, LANDER_REQUIRED_MESSAGE],
    [{ name: ' ', url: 'https://l.example' }, LANDER_REQUIRED_MESSAGE],
    [{ name: 'L', url: 'lander.example' }, 'URL must start with http:// or https://'],
  ])('POST %j → 400 %s', async (payload, message) => {
    const res = await h.call({ method: 'POST', url: '/api/landers', cookie: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test('an edit answers the changed row, trimmed', async () => {
    const lander = await newLander();
    const res = await h.call({ method: 'PATCH', url: `/api/landers/${lander.id}`, cookie: admin, payload: { name: ' New ', url: 'https://new.example/p?q=1' } });
    expect(res.json()).toMatchObject({ id: lander.id, name: 'New', url: 'https://new.example/p?q=1' });
  });

  test('unknown ids are 404', async () => {
    const res = await h.call({ method: 'DELETE', url: '/api/landers/424242', cookie: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Lander not found' });
  });

  // A URL the redirect cannot put in a Location header is normalised, or refused, when saved.
  test('a non-ASCII URL is stored normalised: IDNA host, percent-encoded path, query and fragment', async () => {
    const res = await h.call({ method: 'POST', url: '/api/landers', cookie: admin, payload: { name: 'Pür', url: 'https://Bücher.example/pür中?q=ü ü#ü' } });
    expect(res.statusCode).toBe(201);
    const url = 'https://xn--bcher-kva.example/p%C3%BCr%E4%B8%AD?q=%C3%BC%20%C3%BC#%C3%BC';
    expect(res.json()).toMatchObject({ name: 'Pür', url });
    const [row] = await h.entities.db.select().from(schema.landers).where(eq(schema.landers.id, res.json().id));
    expect(row!.url).toBe(url);
    const edit = await h.call({ method: 'PATCH', url: `/api/landers/${row!.id}`, cookie: admin, payload: { url: 'https://a.example/中' } });
    expect(edit.json()).toMatchObject({ url: 'https://a.example/%E4%B8%AD' });
  });

  test.each([
    [{ name: 'L', url: 'https://a.example/\u0000' }, 'Lander URL must not contain control characters such as tabs, line breaks or NUL'],
    [{ name: 'L', url: 'https://a.exa\tmple/' }, 'Lander URL must not contain control characters such as tabs, line breaks or NUL'],
    [{ name: 'L\u0000', url: 'https://a.example/' }, 'Lander name must not contain control characters such as tabs, line breaks or NUL'],
    [{ name: 'L', url: 'javascript:alert(1)' }, 'URL must start with http:// or https://'],
    [{ name: 'L', url: 'ftp://files.example/' }, 'URL must start with http:// or https://'],
    [{ name: 'L', url: 'https://exa mple.com/' }, 'URL must start with http:// or https://'],
    [{ name: 'L', url: `https://a.example/${'中'.repeat(300)}` }, 'Lander URL must be at most 2000 characters once encoded'],
  ])('POST and PATCH %j → 400 %s, and nothing is stored', async (payload, message) => {
    const before = await h.entities.db.$count(schema.landers);
    const res = await h.call({ method: 'POST', url: '/api/landers', cookie: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await h.entities.db.$count(schema.landers)).toBe(before);

    const lander = await newLander();
    const edit = await h.call({ method: 'PATCH', url: `/api/landers/${lander.id}`, cookie: admin, payload });
    expect(edit.json()).toEqual({ message });
    expect(await h.entities.db.select().from(schema.landers).where(eq(schema.landers.id, lander.id))).toEqual([lander]);
  });
});

test('deleting a lander no campaign uses announces the change', async () => {
  const lander = await newLander('Going');
  const changes = await watchChanges(h.entities, CATALOG_CHANNEL);
  const res = await h.call({ method: 'DELETE', url: `/api/landers/${lander.id}`, cookie: admin });
  expect(res.statusCode).toBe(204);
  expect(await changes.settle(1)).toBe(1);
});

// Deleting a campaign's lander used to leave it 'No lander' and its tracking link a 404.
test('a lander campaigns use is refused with a 409 naming them (at most five), and nothing changes', async () => {
  const lander = await newLander('Used');
  const names = ['Zeta', 'Alpha', 'Beta', 'Gamma', 'Delta', 'Eta', 'Theta'];
  await h.entities.db.insert(schema.campaigns).values(names.map((name, i) => ({ id: `landerUsed0${i}`, name, landerId: lander.id })));
  const res = await h.call({ method: 'DELETE', url: `/api/landers/${lander.id}`, cookie: admin });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({
    message:
      'This lander is used by campaigns "Alpha", "Beta", "Delta", "Eta", "Gamma" and 2 more: choose another lander for them before deleting it.',
  });
  const [campaign] = await h.entities.db.select().from(schema.campaigns).where(eq(schema.campaigns.id, 'landerUsed00'));
  expect(campaign).toMatchObject({ landerId: lander.id });
  expect(await h.entities.db.$count(schema.landers, eq(schema.landers.id, lander.id))).toBe(1);
});
