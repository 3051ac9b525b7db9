// GET and PUT /api/campaigns/:id/flow. A campaign without a stored flow reads as its one lander and one offer at
// weight 100. Saving checks that every lander and offer the flow names exists (a 400 naming the missing ones,
// nothing changed) and keeps the campaign's landerId and offerId on the default path's first items, so every
// screen and report that reads a campaign's lander and offer keeps working.
import { desc, eq, inArray } from 'drizzle-orm';
import { badRequest, conflict, notFound, schema, type Db } from '@tracker/core';
import { flowReferences, singlePathFlow, SINGLE_ITEM_WEIGHT, type CampaignFlow } from '@tracker/schemas';
import { rethrowReferenceRace } from './check-campaign-references';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function readCampaignFlow(db: Db, id: string): Promise<CampaignFlow> {
  const [campaign] = await db
    .select({ flow: schema.campaigns.flow, landerId: schema.campaigns.landerId, offerId: schema.campaigns.offerId })
    .from(schema.campaigns)
    .where(eq(schema.campaigns.id, id));
  if (!campaign) throw notFound('Campaign not found');
  return campaign.flow ?? singlePathFlow(campaign.landerId, campaign.offerId);
}

/** "Lander 12 does not exist" / "Offers 4 and 9 do not exist". */
function missingMessage(noun: 'Lander' | 'Offer', ids: number[]): string {
  const list = ids.length === 1 ? String(ids[0]) : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
  return ids.length === 1 ? `${noun} ${list} does not exist` : `${noun}s ${list} do not exist`;
}

async function checkFlowReferences(db: Db | Tx, flow: CampaignFlow): Promise<void> {
  const { landerIds, offerIds } = flowReferences(flow);
  const [landers, offers] = await Promise.all([
    landerIds.length ? db.select({ id: schema.landers.id }).from(schema.landers).where(inArray(schema.landers.id, landerIds)) : [],
    offerIds.length ? db.select({ id: schema.offers.id }).from(schema.offers).where(inArray(schema.offers.id, offerIds)) : [],
  ]);
  const knownLanders = new Set(landers.map((l) => l.id));
  const knownOffers = new Set(offers.map((o) => o.id));
  const missingLanders = landerIds.filter((id) => !knownLanders.has(id)).sort((a, b) => a - b);
  const missingOffers = offerIds.filter((id) => !knownOffers.has(id)).sort((a, b) => a - b);
  const problems = [missingLanders.length ? missingMessage('Lander', missingLanders) : '', missingOffers.length ? missingMessage('Offer', missingOffers) : ''].filter(Boolean);
  if (problems.length) throw badRequest(`${problems.join('; ')}: choose landers and offers from the lists`);
}

/** The campaign's own lander and offer columns: the default path's first items. */
export function primaryItems(flow: CampaignFlow): { landerId: number | null; offerId: number | null } {
  return { landerId: flow.defaultPath.landers[0]?.landerId ?? null, offerId: flow.defaultPath.offers[0]?.offerId ?? null };
}

/** Who changed a flow and why, for its history. */
export interface FlowChange {
  /** The person's username; null for the auto-optimiser. */
  by: string | null;
  reason: string;
}

/** The message of a save refused because the flow is no longer the one its change was made from. */
export const FLOW_CHANGED_MESSAGE = 'The flow changed since it was read: reload it and try again';

/**
 * The flow and the change record in one transaction: the history never misses a change nor shows one that failed.
 * With `expected`, a compare-and-set: the save is refused (409) unless the stored flow is still that one, so a
 * change computed from a stale read (the auto-optimiser's) never overwrites a person's save made meanwhile.
 */
export async function saveCampaignFlow(db: Db, id: string, flow: CampaignFlow, change: FlowChange, options: { expected?: CampaignFlow } = {}): Promise<CampaignFlow> {
  await checkFlowReferences(db, flow);
  await db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ flow: schema.campaigns.flow, landerId: schema.campaigns.landerId, offerId: schema.campaigns.offerId })
        .from(schema.campaigns)
        .where(eq(schema.campaigns.id, id))
        .for('update');
      if (!current) throw notFound('Campaign not found');
      const before = current.flow ?? singlePathFlow(current.landerId, current.offerId);
      if (options.expected && canonical(before) !== canonical(options.expected)) throw conflict(FLOW_CHANGED_MESSAGE);
      await tx.update(schema.campaigns).set({ flow, ...primaryItems(flow) }).where(eq(schema.campaigns.id, id));
      await recordFlowChange(tx, id, before, flow, change);
    })
    .catch(rethrowReferenceRace);
  return flow;
}

/** JSON with keys sorted: jsonb hands objects back with their keys in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Records a change unless nothing changed (a save of the same flow is no event). */
export async function recordFlowChange(db: Db | Tx, campaignId: string, before: CampaignFlow, after: CampaignFlow, change: FlowChange): Promise<void> {
  if (canonical(before) === canonical(after)) return;
  await db.insert(schema.campaignFlowChanges).values({ campaignId, changedBy: change.by, reason: change.reason, before, after });
}

/** GET /api/campaigns/:id/flow/history: newest first, at most `limit`. */
export async function listFlowChanges(db: Db, id: string, limit = 100) {
  const [campaign] = await db.select({ id: schema.campaigns.id }).from(schema.campaigns).where(eq(schema.campaigns.id, id));
  if (!campaign) throw notFound('Campaign not found');
  const rows = await db
    .select()
    .from(schema.campaignFlowChanges)
    .where(eq(schema.campaignFlowChanges.campaignId, id))
    .orderBy(desc(schema.campaignFlowChanges.changedAt), desc(schema.campaignFlowChanges.id))
    .limit(limit);
  return rows.map((row) => ({ at: row.changedAt, by: row.changedBy, reason: row.reason, before: row.before, after: row.after }));
}

/**
 * The simple dialog's lander or offer, on a campaign that has a flow: it replaces the default path's first item
 * (keeping its weight; dropping the chosen one's other place in the path), and null removes that first item.
 */
export function withPrimaryItems(flow: CampaignFlow, patch: { landerId?: number | null; offerId?: number | null }): CampaignFlow {
  const replaceFirst = <K extends 'landerId' | 'offerId'>(items: Array<Record<K, number> & { weight: number }>, key: K, chosen: number | null | undefined) => {
    if (chosen === undefined) return items;
    const [first, ...rest] = items;
    if (chosen === null) return rest;
    const others = rest.filter((item) => item[key] !== chosen);
    return [{ ...(first ?? { weight: SINGLE_ITEM_WEIGHT }), [key]: chosen } as Record<K, number> & { weight: number }, ...others];
  };
  return {
    ...flow,
    defaultPath: {
      ...flow.defaultPath,
      landers: replaceFirst(flow.defaultPath.landers, 'landerId', patch.landerId),
      offers: replaceFirst(flow.defaultPath.offers, 'offerId', patch.offerId),
    },
  };
}

/** Campaign names whose flow names the lander or offer: a delete of it is refused, as for the campaign's own. */
export async function campaignsWhoseFlowUses(db: Db | Tx, thing: 'lander' | 'offer', id: number): Promise<string[]> {
  const rows = await db.select({ name: schema.campaigns.name, flow: schema.campaigns.flow }).from(schema.campaigns);
  return rows
    .filter((row) => row.flow && (thing === 'lander' ? flowReferences(row.flow).landerIds : flowReferences(row.flow).offerIds).includes(id))
    .map((row) => row.name);
}
