// The offers list: newest first.
import { desc } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export type OfferRow = typeof schema.offers.$inferSelect;

export async function listOffers(db: Db): Promise<OfferRow[]> {
  return db.select().from(schema.offers).orderBy(desc(schema.offers.createdAt), desc(schema.offers.id));
}
