// The landers list: newest first.
import { desc } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export type LanderRow = typeof schema.landers.$inferSelect;

export async function listLanders(db: Db): Promise<LanderRow[]> {
  return db.select().from(schema.landers).orderBy(desc(schema.landers.createdAt), desc(schema.landers.id));
}
