// Changes an offer's name, URL, UTM template or default payout; 404 for an unknown id.
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import { lastCapHits, offerView, type OfferView } from './list-offers';

export async function updateOffer(
  db: Db,
  id: number,
  patch: { name?: string; url?: string; utmTemplate?: string; payout?: string | null; payoutCurrency?: string | null; dailyCap?: number | null },
): Promise<OfferView> {
  const { payout, ...fields } = patch;
  // A payout left out stays as it is; null clears it.
  const changes = payout === undefined ? fields : { ...fields, defaultPayout: payout };
  const [row] =
    Object.keys(changes).length > 0
      ? await db.update(schema.offers).set(changes).where(eq(schema.offers.id, id)).returning()
      : await db.select().from(schema.offers).where(eq(schema.offers.id, id));
  if (!row) throw notFound('Offer not found');
  return offerView(row, (await lastCapHits(db, [row.id])).get(row.id) ?? null);
}
