// Deletes an offer; its campaigns keep existing without an offer (the foreign key sets null).
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';

export async function deleteOffer(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(schema.offers).where(eq(schema.offers.id, id)).returning({ id: schema.offers.id });
  if (deleted.length === 0) throw notFound('Offer not found');
}
