// Changes any subset of a campaign's fields (the BH switch sends only bhToggle); null clears an option.
import { eq } from 'drizzle-orm';
import { badRequest, notFound, schema, type Db } from '@tracker/core';
import { campaignFlowSchema, type TiktokEventName } from '@tracker/schemas';
import { recordFlowChange, withPrimaryItems, type FlowChange } from './campaign-flow';
import { checkCampaignReferences, rethrowReferenceRace, type CampaignReferences } from './check-campaign-references';
import { findCampaign, type CampaignView } from './list-campaigns';

export interface CampaignPatch extends CampaignReferences {
  name?: string;
  defaultTiktokEvent?: TiktokEventName;
  bhToggle?: boolean;
}

export async function updateCampaign(db: Db, id: string, patch: CampaignPatch, change: FlowChange): Promise<CampaignView> {
  const [current] = await db
    .select({ domainId: schema.campaigns.domainId, flow: schema.campaigns.flow })
    .from(schema.campaigns)
    .where(eq(schema.campaigns.id, id));
  if (!current) throw notFound('Campaign not found');
  await checkCampaignReferences(db, patch, current.domainId);
  // On a campaign with a flow, the dialog's lander and offer are its default path's first items.
  let flow = current.flow;
  if (flow && (patch.landerId !== undefined || patch.offerId !== undefined)) {
    const changed = campaignFlowSchema.safeParse(withPrimaryItems(flow, patch));
    if (!changed.success) throw badRequest(`This change would leave the campaign's flow invalid: ${changed.error.issues[0]!.message}`);
    flow = changed.data;
  }
  if (Object.keys(patch).length > 0) {
    await db
      .transaction(async (tx) => {
        await tx
          .update(schema.campaigns)
          .set(flow === current.flow ? patch : { ...patch, flow })
          .where(eq(schema.campaigns.id, id));
        if (current.flow && flow && flow !== current.flow) await recordFlowChange(tx, id, current.flow, flow, change);
      })
      .catch(rethrowReferenceRace);
  }
  const updated = await findCampaign(db, id);
  if (!updated) throw notFound('Campaign not found');
  return updated;
}
