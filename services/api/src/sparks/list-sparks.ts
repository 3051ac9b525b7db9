// The sparks list: newest first; a media buyer with assignments gets only theirs.
import { desc, inArray } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import type { ViewerScope } from '../reports/viewer-scope';

export type SparkRow = typeof schema.sparks.$inferSelect;

export async function listSparks(db: Db, viewer: ViewerScope | null = null): Promise<SparkRow[]> {
  return db
    .select()
    .from(schema.sparks)
    .where(viewer ? inArray(schema.sparks.id, viewer.sparkRowIds) : undefined)
    .orderBy(desc(schema.sparks.createdAt), desc(schema.sparks.id));
}

/** 404 for a spark the viewer may not see, as for one that does not exist: a buyer cannot probe for others' ids. */
export function refuseUnlessVisible(id: number, viewer: ViewerScope | null): number {
  if (viewer && !viewer.sparkRowIds.includes(id)) throw notFound('Spark not found');
  return id;
}
