// Deletes an offer no campaign uses; one in use is refused with a 409 naming its campaigns, so no live link breaks.
import type { Db } from '@tracker/core';
import { deleteUnlessUsed } from '../campaigns/refuse-delete-in-use';

export async function deleteOffer(db: Db, id: number): Promise<void> {
  await deleteUnlessUsed(db, 'offer', id);
}
