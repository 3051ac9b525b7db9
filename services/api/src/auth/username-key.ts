// Usernames are compared as people read them: NFKC folds compatibility forms (fullwidth ａｄｍｉｎ,
// ligatures) and case folding makes `Admin` and `admin` one name. Names are stored as typed.
import { eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export function usernameKey(username: string): string {
  // Lower-casing can leave a sequence NFKC would fold again (rare), so normalise once more.
  return username.normalize('NFKC').toLowerCase().normalize('NFKC');
}

/**
 * The user a typed name means: the exact name first (so accounts created before names were compared
 * this way, differing only in case, each stay reachable), else the one user whose name looks the same.
 * Several look-alikes and no exact match: none, rather than a guess.
 */
export async function findUserByUsername(db: Db, username: string): Promise<typeof schema.users.$inferSelect | undefined> {
  const [exact] = await db.select().from(schema.users).where(eq(schema.users.username, username));
  if (exact) return exact;
  const key = usernameKey(username);
  // The users table is small (admins and media buyers): reading the names beats a stored key that
  // PostgreSQL's own lower() (locale-dependent, ASCII-only under C) could not keep equal to this one.
  const names = await db.select({ id: schema.users.id, username: schema.users.username }).from(schema.users);
  const alike = names.filter((row) => usernameKey(row.username) === key);
  if (alike.length !== 1) return undefined;
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, alike[0]!.id));
  return row;
}

/** True when a user already has this name or one that looks the same. */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const key = usernameKey(username);
  const names = await db.select({ username: schema.users.username }).from(schema.users);
  return names.some((row) => usernameKey(row.username) === key);
}

/**
 * Held until the transaction ends by every write that creates a user, so two look-alike names sent at
 * once cannot both pass `usernameTaken` (the unique index compares exact names only).
 */
export async function lockUserCreation(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7401)`);
}
