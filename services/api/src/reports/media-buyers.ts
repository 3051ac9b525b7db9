// The media buyer of a click is the user assigned to its spark (user_spark_assignments); a spark
// with several users counts for the first by username. Passed to ClickHouse as two parallel arrays.
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { compareBytes } from './compare-bytes';

export interface MediaBuyers {
  /** Public spark ids (the ids clicks carry). */
  sparkIds: string[];
  /** The username of each spark's media buyer, index for index. */
  usernames: string[];
}

export const NO_MEDIA_BUYERS: MediaBuyers = { sparkIds: [], usernames: [] };

export async function loadMediaBuyers(db: Db): Promise<MediaBuyers> {
  const rows = await db
    .select({ sparkId: schema.sparks.sparkId, username: schema.users.username })
    .from(schema.userSparkAssignments)
    .innerJoin(schema.sparks, eq(schema.sparks.id, schema.userSparkAssignments.sparkId))
    .innerJoin(schema.users, eq(schema.users.id, schema.userSparkAssignments.userId));
  const first = new Map<string, string>();
  for (const row of rows) {
    const current = first.get(row.sparkId);
    if (current === undefined || compareBytes(row.username, current) < 0) first.set(row.sparkId, row.username);
  }
  return { sparkIds: [...first.keys()], usernames: [...first.values()] };
}
