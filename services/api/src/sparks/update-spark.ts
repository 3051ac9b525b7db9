// Changes a spark's name or code; its public Spark ID stays, since live tracking links carry it.
// 404 for an unknown id.
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import type { SparkRow } from './list-sparks';

export async function updateSpark(db: Db, id: number, patch: { name?: string; code?: string }): Promise<SparkRow> {
  const [row] =
    Object.keys(patch).length > 0
      ? await db.update(schema.sparks).set(patch).where(eq(schema.sparks.id, id)).returning()
      : await db.select().from(schema.sparks).where(eq(schema.sparks.id, id));
  if (!row) throw notFound('Spark not found');
  return row;
}
