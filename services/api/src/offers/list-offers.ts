// The offers list: newest first, each row as the API shows it (`offerView`).
import { desc } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export type OfferRow = typeof schema.offers.$inferSelect;
/** An offer as offerSchema sends it (the timestamp still a Date). */
export type OfferView = Omit<OfferRow, 'defaultPayout'> & { payout: string | null };

/** A stored offer on the wire: the default payout column is the offer's `payout`. */
export function offerView({ defaultPayout, ...row }: OfferRow): OfferView {
  return { ...row, payout: defaultPayout };
}

export async function listOffers(db: Db): Promise<OfferView[]> {
  const rows = await db.select().from(schema.offers).orderBy(desc(schema.offers.createdAt), desc(schema.offers.id));
  return rows.map(offerView);
}
