// Changes any subset of a campaign's fields (the BH switch sends only bhToggle); null clears an option.
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db } from '@tracker/core';
import type { TiktokEventName } from '@tracker/schemas';
import { checkCampaignReferences, rethrowReferenceRace, type CampaignReferences } from './check-campaign-references';
import { findCampaign, type CampaignView } from './list-campaigns';

export interface CampaignPatch extends CampaignReferences {
  name?: string;
  defaultTiktokEvent?: TiktokEventName;
  bhToggle?: boolean;
}

export async function updateCampaign(db: Db, id: string, patch: CampaignPatch): Promise<CampaignView> {
  const [current] = await db
    .select({ domainId: schema.campaigns.domainId })
    .from(schema.campaigns)
    .where(eq(schema.campaigns.id, id));
  if (!current) throw notFound('Campaign not found');
  await checkCampaignReferences(db, patch, current.domainId);
  if (Object.keys(patch).length > 0) {
    await db.update(schema.campaigns).set(patch).where(eq(schema.campaigns.id, id)).catch(rethrowReferenceRace);
  }
  const updated = await findCampaign(db, id);
  if (!updated) throw notFound('Campaign not found');
  return updated;
}
