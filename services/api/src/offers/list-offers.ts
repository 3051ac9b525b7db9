// The offers list: newest first, each row as the API shows it (`offerView`), with the last day its cap was reached.
import { desc, inArray } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export type OfferRow = typeof schema.offers.$inferSelect;
type CapHit = { day: string; at: Date; conversions: number };
/** An offer as offerSchema sends it (the timestamp still a Date). */
export type OfferView = Omit<OfferRow, 'defaultPayout'> & { payout: string | null; capHit: CapHit | null };

/** A stored offer on the wire: the default payout column is the offer's `payout`. */
export function offerView({ defaultPayout, ...row }: OfferRow, capHit: CapHit | null = null): OfferView {
  return { ...row, payout: defaultPayout, capHit };
}

/** The latest cap hit of each offer (report days sort as text). */
export async function lastCapHits(db: Db, offerIds: number[]): Promise<Map<number, CapHit>> {
  if (offerIds.length === 0) return new Map();
  const hits = await db
    .select()
    .from(schema.offerCapHits)
    .where(inArray(schema.offerCapHits.offerId, offerIds))
    .orderBy(desc(schema.offerCapHits.day));
  const last = new Map<number, CapHit>();
  for (const hit of hits) if (!last.has(hit.offerId)) last.set(hit.offerId, { day: hit.day, at: hit.hitAt, conversions: hit.conversions });
  return last;
}

export async function listOffers(db: Db): Promise<OfferView[]> {
  const rows = await db.select().from(schema.offers).orderBy(desc(schema.offers.createdAt), desc(schema.offers.id));
  const hits = await lastCapHits(db, rows.filter((r) => r.dailyCap !== null).map((r) => r.id));
  return rows.map((row) => offerView(row, hits.get(row.id) ?? null));
}
