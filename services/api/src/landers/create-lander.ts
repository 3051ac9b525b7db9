// Creates a lander (admin only; validated by landerCreateSchema).
import { schema, type Db } from '@tracker/core';
import type { LanderRow } from './list-landers';

export async function createLander(db: Db, body: { name: string; url: string }): Promise<LanderRow> {
  const [row] = await db.insert(schema.landers).values(body).returning();
  return row!;
}
