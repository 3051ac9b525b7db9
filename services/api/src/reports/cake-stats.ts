// GET /api/cake/stats: the affiliate network's stats rows (cake_stats) of the date range. The table
// fills once the CAKE sync exists; until then the answer is an empty list from a real query.
import { and, asc, desc, gte, lte } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { CakeStatsRow, DateRangeQuery } from '@tracker/schemas';

export async function listCakeStats(db: Db, query: DateRangeQuery): Promise<CakeStatsRow[]> {
  const t = schema.cakeStats;
  const rows = await db
    .select()
    .from(t)
    .where(and(gte(t.date, query.startDate), lte(t.date, query.endDate)))
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
