// The virtual-card nicknames assigned to a user: read them, or replace the whole set.
import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { requireUser } from './list-users';

export async function getVcnAssignments(db: Db, userId: number): Promise<Array<{ vcnNickname: string }>> {
  await requireUser(db, userId);
  return db
    .select({ vcnNickname: schema.userVcnAssignments.vcnNickname })
    .from(schema.userVcnAssignments)
    .where(eq(schema.userVcnAssignments.userId, userId))
    .orderBy(asc(schema.userVcnAssignments.vcnNickname));
}

export async function setVcnAssignments(db: Db, userId: number, vcnNicknames: string[]): Promise<Array<{ vcnNickname: string }>> {
  await requireUser(db, userId);
  await db.transaction(async (tx) => {
    await tx.delete(schema.userVcnAssignments).where(eq(schema.userVcnAssignments.userId, userId));
    if (vcnNicknames.length > 0) {
      await tx.insert(schema.userVcnAssignments).values(vcnNicknames.map((vcnNickname) => ({ userId, vcnNickname })));
    }
  });
  return getVcnAssignments(db, userId);
}
