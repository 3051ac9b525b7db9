// Creates a pixel with its access token encrypted at rest; a taken Pixel ID is a 409.
import { conflict, encryptSecret, schema, type Db } from '@tracker/core';
import { PIXEL_ID_TAKEN_MESSAGE } from '@tracker/schemas';
import type { PixelRow } from './list-pixels';

export interface NewPixel {
  name: string;
  pixelId: string;
  accessToken: string;
  websiteUrl: string | null;
}

export async function createPixel(db: Db, secretsKey: Buffer, body: NewPixel): Promise<PixelRow> {
  const [row] = await db
    .insert(schema.tiktokPixels)
    .values({ ...body, accessToken: encryptSecret(secretsKey, body.accessToken) })
    .onConflictDoNothing({ target: schema.tiktokPixels.pixelId })
    .returning();
  if (!row) throw conflict(PIXEL_ID_TAKEN_MESSAGE);
  return row;
}
