// Creates a user (admin only) with a hashed password and, for a role user, the features ticked in the
// Create User dialog, in one transaction; a taken username (or a look-alike of one) is a 409 and writes nothing.
import { conflict, schema, type Db } from '@tracker/core';
import { FEATURES, type Feature, type Role } from '@tracker/schemas';
import { hashPassword, type ScryptCost } from '../auth/password';
import { lockUserCreation, usernameTaken } from '../auth/username-key';
import type { UserView } from './list-users';

export async function createUser(
  db: Db,
  body: { username: string; password: string; role: Role; features: Feature[] },
  passwordCost: ScryptCost,
): Promise<UserView> {
  const password = await hashPassword(body.password, passwordCost);
  return db.transaction(async (tx) => {
    await lockUserCreation(tx);
    if (await usernameTaken(tx, body.username)) throw conflict('Username already exists');
    const [row] = await tx
      .insert(schema.users)
      .values({ username: body.username, password, role: body.role })
      .onConflictDoNothing({ target: schema.users.username })
      .returning({ id: schema.users.id, username: schema.users.username, role: schema.users.role, createdAt: schema.users.createdAt });
    if (!row) throw conflict('Username already exists');
    if (body.features.length > 0) {
      await tx.insert(schema.userPermissions).values(body.features.map((feature) => ({ userId: row.id, feature })));
    }
    // The order the list answers in, so a created row reads like a listed one.
    return { ...row, permissions: FEATURES.filter((feature) => body.features.includes(feature)) };
  });
}
