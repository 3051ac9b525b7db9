// Password hashing with scrypt (node:crypto, async so it never blocks the event loop).
// Stored as scrypt$N$r$p$salt$hash so the cost can rise later without breaking old hashes.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** What every password stored by the product costs to check (~90 ms of a core here): the API's default. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

/** `cost` lower than PASSWORD_COST is for tests only (their fixtures, and the harnesses' `passwordCost`): the check
 *  is the same code, it only takes less of a core. */
export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: 128 * cost.N * cost.r * 2 });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    ...options,
    maxmem: 128 * options.N * options.r * 2,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** Spent on unknown usernames so that timing does not tell which usernames exist: a check at the cost the API hashes
 *  its users' passwords at. */
const dummyHashes = new Map<string, Promise<string>>();
export async function burnPasswordCheck(password: string, cost: ScryptCost = PASSWORD_COST): Promise<void> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) dummyHashes.set(key, (dummy = hashPassword('not-a-real-password', cost)));
  await verifyPassword(password, await dummy);
}

export function generatePassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}
