// A signed-in user changes their own password. The current one must be right; every other session of
// the user ends, so a stolen cookie stops working once its owner changes the password.
import { eq } from 'drizzle-orm';
import { badRequest, schema, unauthorized, type Db } from '@tracker/core';
import type { PasswordChangeBody } from '@tracker/schemas';
import { hashPassword, verifyPassword, type ScryptCost } from './password';
import type { SessionStore } from './session-store';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not correct';

export async function changePassword(
  deps: { db: Db; sessions: SessionStore; passwordCost: ScryptCost },
  userId: number,
  body: PasswordChangeBody,
  keepToken: string,
): Promise<void> {
  const [user] = await deps.db.select({ password: schema.users.password }).from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw unauthorized();
  if (!(await verifyPassword(body.currentPassword, user.password))) throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
  const hash = await hashPassword(body.newPassword, deps.passwordCost);
  await deps.db.transaction(async (tx) => {
    await tx.update(schema.users).set({ password: hash }).where(eq(schema.users.id, userId));
    await deps.sessions.endOtherSessions(userId, keepToken, tx);
  });
}
