// Changes a lander's name or URL; 404 for an unknown id.
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import type { LanderRow } from './list-landers';

export async function updateLander(db: Db, id: number, patch: { name?: string; url?: string }): Promise<LanderRow> {
  const [row] =
    Object.keys(patch).length > 0
      ? await db.update(schema.landers).set(patch).where(eq(schema.landers.id, id)).returning()
      : await db.select().from(schema.landers).where(eq(schema.landers.id, id));
  if (!row) throw notFound('Lander not found');
  return row;
}
