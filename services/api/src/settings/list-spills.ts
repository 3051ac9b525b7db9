// GET /api/event-log-spills: the ingest spills that still hold events Kafka has not acknowledged, as each
// ingest process last reported them (report-spill.ts), for the warning on the Settings page.
import { desc, gt } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export interface SpillReport {
  instance: string;
  records: number;
  bytes: number;
  forwardedTotal: number;
  refusedTotal: number;
  lastForwardedAt: string | null;
  lastError: string | null;
  updatedAt: string;
}

export async function listSpills(db: Db): Promise<{ spills: SpillReport[] }> {
  const rows = await db
    .select()
    .from(schema.eventLogSpills)
    .where(gt(schema.eventLogSpills.records, 0))
    .orderBy(desc(schema.eventLogSpills.records));
  return {
    spills: rows.map((r) => ({
      ...r,
      lastForwardedAt: r.lastForwardedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
