// The sparks assigned to a user (a media buyer): read them, or replace the whole set. Clicks of these
// sparks are the buyer's: the Media Buyer grouping names them, and a non-admin sees only them.
import { asc, eq, inArray } from 'drizzle-orm';
import { badRequest, schema, type Db } from '@tracker/core';
import type { SparkAssignment } from '@tracker/schemas';
import { requireUser } from './list-users';

const a = schema.userSparkAssignments;

export async function getSparkAssignments(db: Db, userId: number): Promise<SparkAssignment[]> {
  await requireUser(db, userId);
  return db
    .select({ sparkId: schema.sparks.id, name: schema.sparks.name, publicId: schema.sparks.sparkId })
    .from(a)
    .innerJoin(schema.sparks, eq(schema.sparks.id, a.sparkId))
    .where(eq(a.userId, userId))
    .orderBy(asc(schema.sparks.name), asc(schema.sparks.id));
}

export async function setSparkAssignments(db: Db, userId: number, sparkIds: number[]): Promise<SparkAssignment[]> {
  await requireUser(db, userId);
  if (sparkIds.length > 0) {
    const known = new Set((await db.select({ id: schema.sparks.id }).from(schema.sparks).where(inArray(schema.sparks.id, sparkIds))).map((s) => s.id));
    const unknown = sparkIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw badRequest(`Unknown spark id: ${unknown.join(', ')}`);
  }
  await db.transaction(async (tx) => {
    await tx.delete(a).where(eq(a.userId, userId));
    if (sparkIds.length > 0) await tx.insert(a).values(sparkIds.map((sparkId) => ({ userId, sparkId })));
  });
  return getSparkAssignments(db, userId);
}
