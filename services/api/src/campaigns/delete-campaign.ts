// Deletes a campaign (its generated website goes with it); its tracking URL then sends visitors to the
// fallback URL setting when one is set, else answers not found.
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';

export async function deleteCampaign(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(schema.campaigns).where(eq(schema.campaigns.id, id)).returning({ id: schema.campaigns.id });
  if (deleted.length === 0) throw notFound('Campaign not found');
}
