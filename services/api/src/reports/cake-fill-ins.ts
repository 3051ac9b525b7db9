// How CAKE revenue meets postback revenue in the reports (docs/analytics.md "CAKE and postbacks").
// Postbacks are the source of truth per transaction. A CAKE conversion counts only when no postback
// covers it: none with its conversion id as transaction id, and none for its click (our click id,
// which CAKE reports in subid2). Such a "fill-in" counts as an approved conversion of that click, with
// CAKE's price as revenue, dated and grouped by the click like every conversion. The check runs at
// query time against the ledger, so a postback that arrives after a CAKE sync replaces the fill-in at
// once: a conversion seen by both is never counted twice. A postback still parked (waiting for its click or
// for its payout's reference rate) covers its click too: it will count once it is decided, and the CAKE
// figure must not stand in for it meanwhile. report-sql.ts adds the fill-ins to the conversions.
import { and, eq, gte, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { centsFromMoney } from '@tracker/schemas';

export interface CakeFillIns {
  /** Our click ids (CAKE subid2), index for index with the two lists below. */
  clickIds: string[];
  conversions: number[];
  revenueCents: number[];
}

export const NO_CAKE_FILL_INS: CakeFillIns = { clickIds: [], conversions: [], revenueCents: [] };

/** Conversions happen after their click: a click of the range converts on its first day or later
 *  (two days' margin covers every time zone's day boundary). */
const MARGIN_DAYS = 2;

export async function loadCakeFillIns(db: Db, startDate: string): Promise<CakeFillIns> {
  const c = schema.cakeConversions;
  const p = schema.postbackConversions;
  const parked = schema.parkedConversions;
  const since = new Date(Date.parse(`${startDate}T00:00:00Z`) - MARGIN_DAYS * 86_400_000);
  const candidates = and(isNotNull(c.subid2), ne(c.subid2, ''), gte(c.conversionDate, since));
  // Most workspaces sync no CAKE, and a report's range usually has no CAKE conversion: the look-up by date (its index)
  // is a fraction of planning the four NOT EXISTS below, which embedded PostgreSQL does on the server's one thread.
  const [any] = await db.select({ one: sql`1` }).from(c).where(candidates).limit(1);
  if (!any) return NO_CAKE_FILL_INS;
  const rows = await db
    .select({ clickId: c.subid2, conversions: sql<number>`count(*)::int`, revenue: sql<string>`sum(${c.revenue})::text` })
    .from(c)
    .where(
      and(
        candidates,
        notExists(db.select({ one: sql`1` }).from(p).where(eq(p.clickId, c.subid2))),
        notExists(db.select({ one: sql`1` }).from(p).where(eq(p.transactionId, c.conversionId))),
        notExists(db.select({ one: sql`1` }).from(parked).where(and(eq(parked.clickId, c.subid2), isNull(parked.unreadable)))),
        notExists(
          db
            .select({ one: sql`1` })
            .from(parked)
            .where(and(sql`${parked.event}->'data'->>'transactionId' = ${c.conversionId}`, isNull(parked.unreadable))),
        ),
      ),
    )
    .groupBy(c.subid2);
  const fillIns: CakeFillIns = { clickIds: [], conversions: [], revenueCents: [] };
  for (const row of rows) {
    fillIns.clickIds.push(row.clickId!);
    fillIns.conversions.push(Number(row.conversions));
    fillIns.revenueCents.push(centsFromMoney(row.revenue));
  }
  return fillIns;
}
