// Creates a spark with a generated public spark id (`spk_` + 16 base62 characters). A media buyer with
// assignments gets it assigned in the same transaction, so the spark they made is theirs to see and change.
import { schema, type Db } from '@tracker/core';
import { newSparkId, withFreshId } from '../ids/public-id';
import type { SparkRow } from './list-sparks';

export async function createSpark(db: Db, body: { name: string; code: string }, assignTo: number | null = null): Promise<SparkRow> {
  return withFreshId(newSparkId, (sparkId) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(schema.sparks)
        .values({ ...body, sparkId })
        .onConflictDoNothing({ target: schema.sparks.sparkId })
        .returning();
      if (row && assignTo !== null) await tx.insert(schema.userSparkAssignments).values({ userId: assignTo, sparkId: row.id });
      return row;
    }),
  );
}
