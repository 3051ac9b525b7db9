// The User Management list: every user with the features granted to them (never a password hash).
import { asc, eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import { FEATURES, type Feature, type Role } from '@tracker/schemas';

export interface UserView {
  id: number;
  username: string;
  role: Role;
  createdAt: Date;
  /** Granted features as stored (an admin has every feature whatever is stored). */
  permissions: Feature[];
}

export async function listUsers(db: Db): Promise<UserView[]> {
  const [users, grants] = await Promise.all([
    db
      .select({ id: schema.users.id, username: schema.users.username, role: schema.users.role, createdAt: schema.users.createdAt })
      .from(schema.users)
      .orderBy(asc(schema.users.id)),
    db.select().from(schema.userPermissions),
  ]);
  return users.map((user) => {
    const granted = new Set(grants.filter((g) => g.userId === user.id).map((g) => g.feature));
    return { ...user, permissions: FEATURES.filter((f) => granted.has(f)) };
  });
}

/** 404 unless the user exists. */
export async function requireUser(db: Db, id: number): Promise<void> {
  if ((await db.$count(schema.users, eq(schema.users.id, id))) === 0) throw notFound('User not found');
}
