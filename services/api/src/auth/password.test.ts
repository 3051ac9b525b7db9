// What a stored password costs to check. Test harnesses build their API at a lower scrypt cost (FIXTURE_PASSWORD_COST)
// to save CPU; the product's own cost is pinned here: by default every password the API stores is hashed at
// PASSWORD_COST (N = 2^15), and an unknown username costs a check at that cost too.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { schema } from '@tracker/core';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { burnPasswordCheck, hashPassword, PASSWORD_COST, verifyPassword } from './password';

const STORED_AT_PASSWORD_COST = /^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/;

let h: ApiHarness;
beforeAll(async () => {
  // `passwordCost` left out, as `tracker` leaves it: the API's default.
  h = await createApiHarness({ passwordCost: undefined });
});
afterAll(() => h?.close());

const storedHash = async (username: string) =>
  (await h.entities.db.select({ password: schema.users.password }).from(schema.users).where(eq(schema.users.username, username)))[0]!.password;

test('PASSWORD_COST is scrypt N = 2^15, r = 8, p = 1; a hash names its cost and checks only its own password', async () => {
  expect(PASSWORD_COST).toEqual({ N: 32768, r: 8, p: 1 });
  const hash = await hashPassword('correct horse');
  expect(hash).toMatch(STORED_AT_PASSWORD_COST);
  expect(await verifyPassword('correct horse', hash)).toBe(true);
  expect(await verifyPassword('correct horsf', hash)).toBe(false);
  // A cheaper hash (a test fixture's) is checked at the cost it names.
  const cheap = await hashPassword('correct horse', { N: 1024, r: 8, p: 1 });
  expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
  expect(await verifyPassword('correct horse', cheap)).toBe(true);
});

test('by default the API stores every password at PASSWORD_COST: sign-up, a new user, a changed password', async () => {
  const owner = await h.call({ method: 'POST', url: '/api/register', payload: { username: 'owner', password: 'owner-password' } });
  expect(owner.statusCode).toBe(201);
  expect(await storedHash('owner')).toMatch(STORED_AT_PASSWORD_COST);
  const cookie = String(owner.headers['set-cookie']).split(';')[0]!;

  const created = await h.call({ method: 'POST', url: '/api/users', cookie, payload: { username: 'buyer', password: 'buyer-password', role: 'user', features: [] } });
  expect(created.statusCode).toBe(201);
  expect(await storedHash('buyer')).toMatch(STORED_AT_PASSWORD_COST);

  const changed = await h.call({ method: 'POST', url: '/api/user/password', cookie, payload: { currentPassword: 'owner-password', newPassword: 'owner-password-2' } });
  expect(changed.statusCode).toBe(200);
  expect(await storedHash('owner')).toMatch(STORED_AT_PASSWORD_COST);
  const signIn = await h.call({ method: 'POST', url: '/api/login', payload: { username: 'owner', password: 'owner-password-2' } });
  expect(signIn.statusCode).toBe(200);
});

test('an unknown username costs a check at the cost asked for, as a known one does', async () => {
  const cpu = async (work: () => Promise<unknown>) => {
    const start = process.cpuUsage();
    await work();
    const used = process.cpuUsage(start);
    return used.user + used.system;
  };
  await burnPasswordCheck('warm-up'); // the dummy hash is made once
  const stored = await hashPassword('some-password');
  const known = await cpu(() => verifyPassword('guess', stored));
  const unknown = await cpu(() => burnPasswordCheck('guess'));
  const cheap = await cpu(() => burnPasswordCheck('guess', { N: 1024, r: 8, p: 1 }).then(() => burnPasswordCheck('guess', { N: 1024, r: 8, p: 1 })));
  // Same work, whatever the machine's speed: within a factor of two of each other, and far above a cheap check.
  expect(unknown).toBeGreaterThan(known / 2);
  expect(unknown).toBeLessThan(known * 2);
  expect(unknown).toBeGreaterThan(cheap * 4);
});
