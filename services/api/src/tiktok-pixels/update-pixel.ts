// Changes a pixel; a new access token is encrypted, an omitted one is kept. A taken Pixel ID is a 409.
import { and, eq, ne } from 'drizzle-orm';
import { conflict, encryptSecret, notFound, schema, type Db } from '@tracker/core';
import { PIXEL_ID_TAKEN_MESSAGE } from '@tracker/schemas';
import type { PixelRow } from './list-pixels';

export interface PixelPatch {
  name?: string;
  pixelId?: string;
  accessToken?: string;
  websiteUrl?: string | null;
}

const isUniqueViolation = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function updatePixel(db: Db, secretsKey: Buffer, id: number, patch: PixelPatch): Promise<PixelRow> {
  const t = schema.tiktokPixels;
  if (patch.pixelId !== undefined && (await db.$count(t, and(eq(t.pixelId, patch.pixelId), ne(t.id, id)))) > 0) {
    throw conflict(PIXEL_ID_TAKEN_MESSAGE);
  }
  const values = { ...patch, ...(patch.accessToken ? { accessToken: encryptSecret(secretsKey, patch.accessToken) } : {}) };
  const [row] =
    Object.keys(values).length > 0
      ? await db
          .update(t)
          .set(values)
          .where(eq(t.id, id))
          .returning()
          .catch((error: unknown) => {
            // Taken by a concurrent write after the check above.
            throw isUniqueViolation(error) ? conflict(PIXEL_ID_TAKEN_MESSAGE) : error;
          })
      : await db.select().from(t).where(eq(t.id, id));
  if (!row) throw notFound('Pixel not found');
  return row;
}
