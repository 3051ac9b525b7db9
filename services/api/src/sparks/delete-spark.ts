// Deletes a spark no campaign uses; one in use is refused with a 409 naming its campaigns, so no live link breaks.
// Its media buyer assignments go with it (cascade).
import type { Db } from '@tracker/core';
import { deleteUnlessUsed } from '../campaigns/refuse-delete-in-use';

export async function deleteSpark(db: Db, id: number): Promise<void> {
  await deleteUnlessUsed(db, 'spark', id);
}
