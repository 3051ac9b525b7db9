// User Management API through HTTP on a real PGlite store: admin only; create, delete (never yourself,
// sessions end), permissions and VCN assignments replaced as a whole.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { schema } from '@tracker/core';
import { ADMIN_FEATURES_MESSAGE, FEATURES, USER_REQUIRED_MESSAGE } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import type { UserView } from './list-users';

let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;

let seq = 0;
const newUser = async () => {
  const [row] = await h.entities.db.insert(schema.users).values({ username: `fixture-${++seq}`, password: 'scrypt$x' }).returning();
  return row!;
};
const me = (cookie: string) => h.call({ method: 'GET', url: '/api/user', cookie });

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: [...FEATURES], without: [] });
  admin = cookies.admin!;
});
afterAll(() => h.close());

describe('access: everything is admin only', () => {
  const adminOnly = [401, 403, 403] as const;
  const cases = accessTable([
    { route: 'GET /api/users', request: () => ({ method: 'GET', url: '/api/users' }), statuses: [...adminOnly, 200] },
    {
      route: 'POST /api/users',
      request: () => ({ method: 'POST', url: '/api/users', payload: { username: `new-${++seq}`, password: 'long-enough-pw' } }),
      statuses: [...adminOnly, 201],
    },
    {
      route: 'DELETE /api/users/:id',
      request: async () => ({ method: 'DELETE', url: `/api/users/${(await newUser()).id}` }),
      statuses: [...adminOnly, 204],
    },
    { route: 'GET /api/users/vcn-options', request: () => ({ method: 'GET', url: '/api/users/vcn-options' }), statuses: [...adminOnly, 200] },
    {
      route: 'GET /api/users/:id/permissions',
      request: async () => ({ method: 'GET', url: `/api/users/${(await newUser()).id}/permissions` }),
      statuses: [...adminOnly, 200],
    },
    {
      route: 'POST /api/users/:id/permissions',
      request: async () => ({ method: 'POST', url: `/api/users/${(await newUser()).id}/permissions`, payload: { features: ['clicks'] } }),
      statuses: [...adminOnly, 200],
    },
    {
      route: 'GET /api/users/:id/vcn-assignments',
      request: async () => ({ method: 'GET', url: `/api/users/${(await newUser()).id}/vcn-assignments` }),
      statuses: [...adminOnly, 200],
    },
    {
      route: 'POST /api/users/:id/vcn-assignments',
      request: async () => ({ method: 'POST', url: `/api/users/${(await newUser()).id}/vcn-assignments`, payload: { vcnNicknames: ['Ads 1'] } }),
      statuses: [...adminOnly, 200],
    },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));
});

describe('creating users', () => {
  test('answers the user without its password, which is stored hashed; the user can sign in', async () => {
    const res = await h.call({ method: 'POST', url: '/api/users', cookie: admin, payload: { username: ' media-buyer ', password: 'buyer-password', role: 'user' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), username: 'media-buyer', role: 'user', createdAt: expect.any(String), permissions: [] });
    const [row] = await h.entities.db.select().from(schema.users).where(eq(schema.users.username, 'media-buyer'));
    expect(row!.password).not.toContain('buyer-password');
    const login = await h.call({ method: 'POST', url: '/api/login', payload: { username: 'media-buyer', password: 'buyer-password' } });
    expect(login.statusCode).toBe(200);
  });

  test.each([
    [{ password: 'long-enough-pw' }, USER_REQUIRED_MESSAGE],
    [{ username: 'x' }, USER_REQUIRED_MESSAGE],
    [{ username: '  ', password: 'long-enough-pw' }, USER_REQUIRED_MESSAGE],
    [{ username: 'x', password: 'short' }, 'Password must be at least 8 characters'],
    [{ username: 'x', password: 'long-enough-pw', role: 'owner' }, 'The role must be user or admin'],
  ])('POST %j → 400 %s', async (payload, message) => {
    const res = await h.call({ method: 'POST', url: '/api/users', cookie: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  test('a taken username is 409', async () => {
    const existing = await newUser();
    const res = await h.call({ method: 'POST', url: '/api/users', cookie: admin, payload: { username: existing.username, password: 'long-enough-pw' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists' });
  });

  test.each([
    ['Look-Alike', 'look-alike'],
    ['look-alike', 'LOOK-ALIKE'],
    ['admin', 'ａｄｍｉｎ'],
    ['ﬁnance', 'FINANCE'],
  ])('a name that only looks like a taken one (%s, then %s) is 409 too', async (first, second) => {
    const n = ++seq;
    expect((await h.call({ method: 'POST', url: '/api/users', cookie: admin, payload: { username: `${first}-${n}`, password: 'long-enough-pw' } })).statusCode).toBe(201);
    const res = await h.call({ method: 'POST', url: '/api/users', cookie: admin, payload: { username: `${second}-${n}`, password: 'long-enough-pw' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists' });
    expect(await h.entities.db.select().from(schema.users).where(eq(schema.users.username, `${second}-${n}`))).toEqual([]);
  });

  test('with features: the user is created holding them, in one step, and can use them at once', async () => {
    const res = await h.call({
      method: 'POST',
      url: '/api/users',
      cookie: admin,
      payload: { username: 'granted-buyer', password: 'buyer-password', role: 'user', features: ['landers', 'clicks', 'landers'] },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<UserView>();
    expect(created).toMatchObject({ username: 'granted-buyer', role: 'user', permissions: ['landers', 'clicks'] });
    const stored = await h.call({ method: 'GET', url: `/api/users/${created.id}/permissions`, cookie: admin });
    expect(stored.json()).toEqual([{ feature: 'clicks' }, { feature: 'landers' }]);

    const login = await h.call({ method: 'POST', url: '/api/login', payload: { username: 'granted-buyer', password: 'buyer-password' } });
    expect(login.json()).toMatchObject({ permissions: ['landers', 'clicks'] });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    expect((await h.call({ method: 'GET', url: '/api/landers', cookie })).statusCode).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/sparks', cookie })).statusCode).toBe(403);
  });

  test.each([
    [{ role: 'user', features: ['landers', 'billing'] }, /^Unknown feature: billing/],
    [{ role: 'user', features: 'landers' }, /features must be a list of feature names/],
    [{ role: 'admin', features: ['landers'] }, /^Features are granted to role-user accounts only/],
  ])('with bad features %j → 400 %s, and no user is created', async (extra, message) => {
    const username = `refused-${++seq}`;
    const res = await h.call({ method: 'POST', url: '/api/users', cookie: admin, payload: { username, password: 'long-enough-pw', ...extra } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await h.entities.db.select().from(schema.users).where(eq(schema.users.username, username))).toEqual([]);
  });

  test('an admin may be sent an empty features list (the dialog always sends one)', async () => {
    const res = await h.call({
      method: 'POST',
      url: '/api/users',
      cookie: admin,
      payload: { username: `second-admin-${++seq}`, password: 'long-enough-pw', role: 'admin', features: [] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'admin', permissions: [] });
  });

  test('a taken username with features is 409 and grants the existing user nothing', async () => {
    const existing = await newUser();
    const res = await h.call({
      method: 'POST',
      url: '/api/users',
      cookie: admin,
      payload: { username: existing.username, password: 'long-enough-pw', features: ['campaigns'] },
    });
    expect(res.statusCode).toBe(409);
    expect(await h.entities.db.select().from(schema.userPermissions).where(eq(schema.userPermissions.userId, existing.id))).toEqual([]);
  });

  test('the list shows every user with role and permissions, never a password', async () => {
    const res = await h.call({ method: 'GET', url: '/api/users', cookie: admin });
    const users = res.json<UserView[]>();
    expect(users.length).toBeGreaterThan(3);
    expect(res.body).not.toContain('scrypt$');
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['createdAt', 'id', 'permissions', 'role', 'username']);
  });
});

describe('deleting users', () => {
  test('an admin cannot delete their own account', async () => {
    const self = (await me(admin)).json<{ id: number }>();
    const res = await h.call({ method: 'DELETE', url: `/api/users/${self.id}`, cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot delete your own account' });
    expect((await me(admin)).statusCode).toBe(200);
  });

  test("deleting a user ends that user's sessions", async () => {
    const cookie = await h.signIn('user', ['campaigns']);
    const victim = (await me(cookie)).json<{ id: number }>();
    expect((await h.call({ method: 'DELETE', url: `/api/users/${victim.id}`, cookie: admin })).statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/api/campaigns', cookie })).statusCode).toBe(401);
  });

  test('an unknown user is 404', async () => {
    const res = await h.call({ method: 'DELETE', url: '/api/users/999999', cookie: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });
});

describe('permissions', () => {
  test("replace the whole set, and apply to the user's live session at once", async () => {
    const cookie = await h.signIn('user', ['campaigns', 'sparks']);
    const { id } = (await me(cookie)).json<{ id: number }>();
    const url = `/api/users/${id}/permissions`;
    expect((await h.call({ method: 'GET', url, cookie: admin })).json()).toEqual([{ feature: 'campaigns' }, { feature: 'sparks' }]);

    const res = await h.call({ method: 'POST', url, cookie: admin, payload: { features: ['landers', 'clicks', 'landers'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ feature: 'clicks' }, { feature: 'landers' }]);
    expect((await me(cookie)).json()).toMatchObject({ permissions: ['landers', 'clicks'] });
    // sparks was taken away: its list is refused at once.
    expect((await h.call({ method: 'GET', url: '/api/sparks', cookie })).statusCode).toBe(403);
    expect((await h.call({ method: 'GET', url: '/api/landers', cookie })).statusCode).toBe(200);

    expect((await h.call({ method: 'POST', url, cookie: admin, payload: { features: [] } })).json()).toEqual([]);
  });

  test('only the seven features are accepted', async () => {
    const user = await newUser();
    const res = await h.call({ method: 'POST', url: `/api/users/${user.id}/permissions`, cookie: admin, payload: { features: ['campaigns', 'billing'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Unknown feature: billing/);
    expect(await h.entities.db.select().from(schema.userPermissions).where(eq(schema.userPermissions.userId, user.id))).toEqual([]);
  });

  test('an admin is refused features as on create (400, same message), and nothing is stored', async () => {
    const [adminRow] = await h.entities.db.insert(schema.users).values({ username: `granted-admin-${++seq}`, password: 'scrypt$x', role: 'admin' }).returning();
    const url = `/api/users/${adminRow!.id}/permissions`;
    const res = await h.call({ method: 'POST', url, cookie: admin, payload: { features: ['campaigns'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ADMIN_FEATURES_MESSAGE });
    expect(await h.entities.db.select().from(schema.userPermissions).where(eq(schema.userPermissions.userId, adminRow!.id))).toEqual([]);
    expect((await h.call({ method: 'POST', url, cookie: admin, payload: { features: [] } })).statusCode).toBe(200);
  });

  test('an unknown user is 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await h.call({ method, url: '/api/users/777777/permissions', cookie: admin, payload: method === 'POST' ? { features: [] } : undefined });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('VCN assignments', () => {
  test('replace the whole set (trimmed, blanks and duplicates dropped)', async () => {
    const user = await newUser();
    const url = `/api/users/${user.id}/vcn-assignments`;
    await h.call({ method: 'POST', url, cookie: admin, payload: { vcnNicknames: ['Card A', 'Card B'] } });
    const res = await h.call({ method: 'POST', url, cookie: admin, payload: { vcnNicknames: [' Card C ', '', 'Card C'] } });
    expect(res.json()).toEqual([{ vcnNickname: 'Card C' }]);
    expect((await h.call({ method: 'GET', url, cookie: admin })).json()).toEqual([{ vcnNickname: 'Card C' }]);
  });

  test('the options are the distinct nicknames of uploaded transactions', async () => {
    expect((await h.call({ method: 'GET', url: '/api/users/vcn-options', cookie: admin })).json()).toEqual([]);
    await h.entities.db.insert(schema.transactions).values(
      ['Card B', 'Card A', 'Card B', '', null].map((vcnNickname, i) => ({ status: 'CLEARED' as const, authBillingAmount: '1.00', vcnNickname, identityKey: `ref:${i}` })),
    );
    expect((await h.call({ method: 'GET', url: '/api/users/vcn-options', cookie: admin })).json()).toEqual(['Card A', 'Card B']);
  });
});
