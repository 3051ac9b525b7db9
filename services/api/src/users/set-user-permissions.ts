// A user's feature permissions: read them, or replace the whole set (the checkbox dialog saves all of them).
import { asc, eq } from 'drizzle-orm';
import { badRequest, notFound, schema, type Db } from '@tracker/core';
import { ADMIN_FEATURES_MESSAGE, type Feature } from '@tracker/schemas';
import { requireUser } from './list-users';

export async function getUserPermissions(db: Db, userId: number): Promise<Array<{ feature: Feature }>> {
  await requireUser(db, userId);
  const rows = await db
    .select({ feature: schema.userPermissions.feature })
    .from(schema.userPermissions)
    .where(eq(schema.userPermissions.userId, userId))
    .orderBy(asc(schema.userPermissions.feature));
  // The column is plain text, but it is written only through featureListSchema (this file, create-user).
  return rows as Array<{ feature: Feature }>;
}

export async function setUserPermissions(db: Db, userId: number, features: Feature[]): Promise<Array<{ feature: Feature }>> {
  const [user] = await db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw notFound('User not found');
  // As on create: stored grants on an admin would read as if they limited it. An empty set (clearing) is fine.
  if (user.role === 'admin' && features.length > 0) throw badRequest(ADMIN_FEATURES_MESSAGE);
  await db.transaction(async (tx) => {
    await tx.delete(schema.userPermissions).where(eq(schema.userPermissions.userId, userId));
    if (features.length > 0) {
      await tx.insert(schema.userPermissions).values(features.map((feature) => ({ userId, feature })));
    }
  });
  return getUserPermissions(db, userId);
}
