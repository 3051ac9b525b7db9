// Deletes a user, never the one asking. Their sessions, permissions and assignments go with them
// (the foreign keys cascade), so a deleted user is signed out at once.
import { eq } from 'drizzle-orm';
import { badRequest, notFound, schema, type Db } from '@tracker/core';

export async function deleteUser(db: Db, id: number, actingUserId: number): Promise<void> {
  if (id === actingUserId) throw badRequest('You cannot delete your own account');
  const deleted = await db.delete(schema.users).where(eq(schema.users.id, id)).returning({ id: schema.users.id });
  if (deleted.length === 0) throw notFound('User not found');
}
