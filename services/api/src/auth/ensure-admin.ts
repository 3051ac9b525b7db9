// Start-up: ADMIN_USERNAME / ADMIN_PASSWORD make sure that admin exists with that password; with no
// such variables and no user at all, an `admin` is created with a one-time password to print.
// `tracker create-admin` sets an admin the same way (configureAdmin).
import { count, eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { generatePassword, hashPassword, verifyPassword } from './password';
import { endAllSessions } from './session-store';
import { findUserByUsername, lockUserCreation, usernameTaken } from './username-key';

export type AdminOutcome =
  | { kind: 'configured'; username: string; created: boolean }
  | { kind: 'generated'; username: string; password: string }
  | { kind: 'existing' };

/**
 * Creates that admin, or makes the user the name means (compared as sign-in compares it) an admin with
 * that password, ending the user's sessions when the password changes. The hash is rewritten only
 * when the password differs, so restarts with the same ADMIN_PASSWORD sign nobody out.
 */
export async function configureAdmin(db: Db, admin: { username: string; password: string }): Promise<{ created: boolean }> {
  // Hashed only when stored: a restart with the same password checks it (one scrypt), nothing more.
  return db.transaction(async (tx) => {
    await lockUserCreation(tx);
    const existing = await findUserByUsername(tx, admin.username);
    if (!existing) {
      // Several look-alikes and none exact: creating one more would only add to the confusion.
      if (await usernameTaken(tx, admin.username)) {
        throw new Error(`Several users have names that look like "${admin.username}": use the exact name of one of them`);
      }
      await tx.insert(schema.users).values({ username: admin.username, password: await hashPassword(admin.password), role: 'admin' });
      return { created: true };
    }
    const samePassword = await verifyPassword(admin.password, existing.password);
    if (!samePassword || existing.role !== 'admin') {
      await tx
        .update(schema.users)
        .set({ role: 'admin', password: samePassword ? existing.password : await hashPassword(admin.password) })
        .where(eq(schema.users.id, existing.id));
    }
    // A reset password is how an owner locks out whoever learned the old one: their sessions end with it.
    if (!samePassword) await endAllSessions(tx, existing.id);
    return { created: false };
  });
}

export async function ensureAdmin(db: Db, admin?: { username: string; password: string }): Promise<AdminOutcome> {
  if (admin) {
    const { created } = await configureAdmin(db, admin);
    return { kind: 'configured', username: admin.username, created };
  }
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts so that only one admin is generated.
    await lockUserCreation(tx);
    const [{ n }] = (await tx.select({ n: count() }).from(schema.users)) as [{ n: number }];
    if (n > 0) return { kind: 'existing' } as const;
    const password = generatePassword();
    await tx.insert(schema.users).values({ username: 'admin', password: await hashPassword(password), role: 'admin' });
    return { kind: 'generated', username: 'admin', password } as const;
  });
}
