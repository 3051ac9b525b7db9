// Whose data a signed-in user sees. An admin, and a user without spark or subid1
// assignments (a team lead), see the team's data: null. A user with assignments sees only the clicks
// of their sparks, the conversions and allocated spend of those clicks, and the CAKE rows of their
// subid1 values: every report, drill-down, total, the Click Log, the Conversions log and Offers; and
// among sparks, only theirs to list, rename or delete (writes are scoped exactly as reads).
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { SessionUser } from '@tracker/schemas';

export interface ViewerScope {
  /** Public spark ids (the ids clicks carry). */
  sparkIds: string[];
  /** The same sparks' row ids (the ids of /api/sparks/:id). */
  sparkRowIds: number[];
  subid1s: string[];
}

export async function loadViewerScope(db: Db, user: SessionUser | null): Promise<ViewerScope | null> {
  if (!user || user.role === 'admin') return null;
  const [sparks, subid1s] = await Promise.all([
    db
      .select({ id: schema.sparks.id, sparkId: schema.sparks.sparkId })
      .from(schema.userSparkAssignments)
      .innerJoin(schema.sparks, eq(schema.sparks.id, schema.userSparkAssignments.sparkId))
      .where(eq(schema.userSparkAssignments.userId, user.id)),
    db.select({ subid1: schema.userSubid1Assignments.subid1 }).from(schema.userSubid1Assignments).where(eq(schema.userSubid1Assignments.userId, user.id)),
  ]);
  if (sparks.length === 0 && subid1s.length === 0) return null;
  return { sparkIds: sparks.map((s) => s.sparkId), sparkRowIds: sparks.map((s) => s.id), subid1s: subid1s.map((s) => s.subid1) };
}

/** The ClickHouse condition keeping a scoped viewer's rows (every fact and rollup has spark_id). */
export const VIEWER_SPARKS_CONDITION = 'has({viewerSparks:Array(String)}, spark_id)';
