// Creates a campaign under a generated, unguessable id (the path of its tracking URL).
import { schema, type Db } from '@tracker/core';
import type { TiktokEventName } from '@tracker/schemas';
import { checkCampaignReferences, rethrowReferenceRace, type CampaignReferences } from './check-campaign-references';
import { findCampaign, type CampaignView } from './list-campaigns';
import { newCampaignId, withFreshId } from '../ids/public-id';

export interface NewCampaign extends CampaignReferences {
  name: string;
  landerId: number;
  defaultTiktokEvent?: TiktokEventName;
  bhToggle?: boolean;
}

export async function createCampaign(db: Db, body: NewCampaign): Promise<CampaignView> {
  await checkCampaignReferences(db, body);
  const id = await withFreshId(newCampaignId, async (candidate) => {
    const [row] = await db
      .insert(schema.campaigns)
      .values({ ...body, id: candidate })
      .onConflictDoNothing({ target: schema.campaigns.id })
      .returning({ id: schema.campaigns.id })
      .catch(rethrowReferenceRace);
    return row?.id;
  });
  return (await findCampaign(db, id))!;
}
