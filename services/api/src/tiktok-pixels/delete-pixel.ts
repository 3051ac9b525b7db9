// Deletes a pixel no campaign uses; one in use is refused with a 409 naming its campaigns, so no campaign loses its pixel.
// Its event history keeps existing without it (set null).
import type { Db } from '@tracker/core';
import { deleteUnlessUsed } from '../campaigns/refuse-delete-in-use';

export async function deletePixel(db: Db, id: number): Promise<void> {
  await deleteUnlessUsed(db, 'TikTok pixel', id);
}
