// Changes an offer's name, URL or UTM template; 404 for an unknown id.
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import type { OfferRow } from './list-offers';

export async function updateOffer(
  db: Db,
  id: number,
  patch: { name?: string; url?: string; utmTemplate?: string },
): Promise<OfferRow> {
  const [row] =
    Object.keys(patch).length > 0
      ? await db.update(schema.offers).set(patch).where(eq(schema.offers.id, id)).returning()
      : await db.select().from(schema.offers).where(eq(schema.offers.id, id));
  if (!row) throw notFound('Offer not found');
  return row;
}
