// GET /api/cake/stats: the affiliate network's stats rows (cake_stats) of the date range, as the CAKE
// sync stored them; a scoped viewer sees the rows of their subid1 values only.
import { and, asc, desc, gte, inArray, lte, sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { CakeStatsRow, DateRangeQuery } from '@tracker/schemas';
import type { ViewerScope } from './viewer-scope';

/** A scoped viewer's CAKE rows: those of their subid1 values (none when they have none). */
export const viewerSubid1Condition = (column: Parameters<typeof inArray>[0], viewer: ViewerScope) =>
  viewer.subid1s.length > 0 ? inArray(column, viewer.subid1s) : sql`false`;

export async function listCakeStats(db: Db, query: DateRangeQuery, viewer: ViewerScope | null = null): Promise<CakeStatsRow[]> {
  const t = schema.cakeStats;
  const rows = await db
    .select()
    .from(t)
    .where(and(gte(t.date, query.startDate), lte(t.date, query.endDate), viewer ? viewerSubid1Condition(t.subid1, viewer) : undefined))
    .orderBy(desc(t.date), asc(t.offerId), asc(t.subid1), asc(t.subid2), asc(t.subid3));
  return rows.map((r) => ({
    date: r.date,
    offerId: r.offerId,
    offerName: r.offerName,
    subid1: r.subid1,
    subid2: r.subid2,
    subid3: r.subid3,
    clicks: r.clicks,
    conversions: r.conversions,
    revenue: r.revenue,
  }));
}
