// The sparks list: newest first.
import { desc } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export type SparkRow = typeof schema.sparks.$inferSelect;

export async function listSparks(db: Db): Promise<SparkRow[]> {
  return db.select().from(schema.sparks).orderBy(desc(schema.sparks.createdAt), desc(schema.sparks.id));
}
