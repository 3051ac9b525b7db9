// Start-up: ADMIN_USERNAME / ADMIN_PASSWORD make sure that admin exists with that password; with no
// such variables and no user at all, an `admin` is created with a one-time password to print.
import { count, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { generatePassword, hashPassword, verifyPassword } from './password';

export type AdminOutcome =
  | { kind: 'configured'; username: string; created: boolean }
  | { kind: 'generated'; username: string; password: string }
  | { kind: 'existing' };

export async function ensureAdmin(db: Db, admin?: { username: string; password: string }): Promise<AdminOutcome> {
  if (admin) {
    const [existing] = await db.select().from(schema.users).where(eq(schema.users.username, admin.username));
    if (!existing) {
      await db.insert(schema.users).values({
        username: admin.username,
        password: await hashPassword(admin.password),
        role: 'admin',
      });
      return { kind: 'configured', username: admin.username, created: true };
    }
    const samePassword = await verifyPassword(admin.password, existing.password);
    if (!samePassword || existing.role !== 'admin') {
      await db
        .update(schema.users)
        .set({ role: 'admin', password: samePassword ? existing.password : await hashPassword(admin.password) })
        .where(eq(schema.users.id, existing.id));
    }
    return { kind: 'configured', username: admin.username, created: false };
  }
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts so that only one admin is generated.
    await tx.execute(sql`select pg_advisory_xact_lock(7401)`);
    const [{ n }] = (await tx.select({ n: count() }).from(schema.users)) as [{ n: number }];
    if (n > 0) return { kind: 'existing' } as const;
    const password = generatePassword();
    await tx.insert(schema.users).values({ username: 'admin', password: await hashPassword(password), role: 'admin' });
    return { kind: 'generated', username: 'admin', password } as const;
  });
}
