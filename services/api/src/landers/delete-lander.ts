// Deletes a lander no campaign uses; one in use is refused with a 409 naming its campaigns, so no live link breaks.
import type { Db } from '@tracker/core';
import { deleteUnlessUsed } from '../campaigns/refuse-delete-in-use';

export async function deleteLander(db: Db, id: number): Promise<void> {
  await deleteUnlessUsed(db, 'lander', id);
}
