// Creates a spark with a generated public spark id (`spk_` + 16 base62 characters).
import { schema, type Db } from '@tracker/core';
import { newSparkId, withFreshId } from '../ids/public-id';
import type { SparkRow } from './list-sparks';

export async function createSpark(db: Db, body: { name: string; code: string }): Promise<SparkRow> {
  return withFreshId(newSparkId, async (sparkId) => {
    const [row] = await db
      .insert(schema.sparks)
      .values({ ...body, sparkId })
      .onConflictDoNothing({ target: schema.sparks.sparkId })
      .returning();
    return row;
  });
}
