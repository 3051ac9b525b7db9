// Deletes a pixel; campaigns using it and its event history keep existing without it (set null).
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';

export async function deletePixel(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(schema.tiktokPixels).where(eq(schema.tiktokPixels.id, id)).returning({ id: schema.tiktokPixels.id });
  if (deleted.length === 0) throw notFound('Pixel not found');
}
