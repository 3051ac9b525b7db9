// The CAKE subid1 values assigned to a user (a media buyer): read them, or replace the whole set. CAKE
// rows carrying these subid1s are the buyer's (docs/analytics.md "Media buyers").
import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { requireUser } from './list-users';

const a = schema.userSubid1Assignments;

export async function getSubid1Assignments(db: Db, userId: number): Promise<Array<{ subid1: string }>> {
  await requireUser(db, userId);
  return db.select({ subid1: a.subid1 }).from(a).where(eq(a.userId, userId)).orderBy(asc(a.subid1));
}

export async function setSubid1Assignments(db: Db, userId: number, subid1s: string[]): Promise<Array<{ subid1: string }>> {
  await requireUser(db, userId);
  await db.transaction(async (tx) => {
    await tx.delete(a).where(eq(a.userId, userId));
    if (subid1s.length > 0) await tx.insert(a).values(subid1s.map((subid1) => ({ userId, subid1 })));
  });
  return getSubid1Assignments(db, userId);
}
