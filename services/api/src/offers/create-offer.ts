// Creates an offer (admin only; validated by offerCreateSchema).
import { schema, type Db } from '@tracker/core';
import { offerView, type OfferView } from './list-offers';

export async function createOffer(db: Db, body: { name: string; url: string; utmTemplate: string; payout: string | null; payoutCurrency: string | null; dailyCap: number | null }): Promise<OfferView> {
  const { payout, ...fields } = body;
  const [row] = await db.insert(schema.offers).values({ ...fields, defaultPayout: payout }).returning();
  return offerView(row!);
}
