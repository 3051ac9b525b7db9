// Creates a user (admin only) with a hashed password; a taken username is a 409.
import { conflict, schema, type Db } from '@tracker/core';
import type { Role } from '@tracker/schemas';
import { hashPassword } from '../auth/password';
import type { UserView } from './list-users';

export async function createUser(db: Db, body: { username: string; password: string; role: Role }): Promise<UserView> {
  const [row] = await db
    .insert(schema.users)
    .values({ username: body.username, password: await hashPassword(body.password), role: body.role })
    .onConflictDoNothing({ target: schema.users.username })
    .returning({ id: schema.users.id, username: schema.users.username, role: schema.users.role, createdAt: schema.users.createdAt });
  if (!row) throw conflict('Username already exists');
  return { ...row, permissions: [] };
}
