// Creates an offer (admin only; validated by offerCreateSchema).
import { schema, type Db } from '@tracker/core';
import type { OfferRow } from './list-offers';

export async function createOffer(db: Db, body: { name: string; url: string; utmTemplate: string }): Promise<OfferRow> {
  const [row] = await db.insert(schema.offers).values(body).returning();
  return row!;
}
