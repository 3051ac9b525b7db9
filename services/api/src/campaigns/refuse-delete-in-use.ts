// Deleting a lander, offer, spark or pixel that a campaign uses would silently break live traffic (a
// campaign without a lander answers no redirect): such a delete is refused with a 409 naming the campaigns.
import { asc, eq } from 'drizzle-orm';
import { conflict, notFound, schema, type Db } from '@tracker/core';
import { campaignsWhoseFlowUses } from './campaign-flow';

/** How many campaign names a refusal lists before it says "and N more". */
const NAMES_SHOWN = 5;

const USES = {
  // A campaign must have a lander (spec §9); the others it may go without.
  lander: { table: schema.landers, column: schema.campaigns.landerId, missing: 'Lander not found', optional: false },
  offer: { table: schema.offers, column: schema.campaigns.offerId, missing: 'Offer not found', optional: true },
  spark: { table: schema.sparks, column: schema.campaigns.sparkId, missing: 'Spark not found', optional: true },
  'TikTok pixel': { table: schema.tiktokPixels, column: schema.campaigns.tiktokPixelId, missing: 'Pixel not found', optional: true },
} as const;

type CampaignReference = keyof typeof USES;

/** `This offer is used by campaigns "A" and "B": choose another offer for them (or none) before deleting it.` */
function inUseMessage(thing: CampaignReference, names: string[]): string {
  const quoted = names.slice(0, NAMES_SHOWN).map((name) => `"${name}"`);
  if (names.length > NAMES_SHOWN) quoted.push(`${names.length - NAMES_SHOWN} more`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  const noun = names.length === 1 ? 'campaign' : 'campaigns';
  const them = names.length === 1 ? 'it' : 'them';
  return `This ${thing} is used by ${noun} ${list}: choose another ${thing} for ${them}${USES[thing].optional ? ' (or none)' : ''} before deleting it.`;
}

/**
 * Deletes the row unless a campaign points at it. The row is locked first, so a campaign saved at the
 * same moment (whose foreign key check needs that row) waits for the delete and then fails cleanly,
 * rather than slipping in between the check and the delete and losing its reference to set-null.
 */
export async function deleteUnlessUsed(db: Db, thing: CampaignReference, id: number): Promise<void> {
  const { table, column, missing } = USES[thing];
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    if (!row) throw notFound(missing);
    const users = await tx
      .select({ name: schema.campaigns.name })
      .from(schema.campaigns)
      .where(eq(column, id))
      .orderBy(asc(schema.campaigns.name));
    // A lander or offer in any path of a campaign's flow is in use too.
    const flowUsers = thing === 'lander' || thing === 'offer' ? await campaignsWhoseFlowUses(tx, thing, id) : [];
    const names = [...new Set([...users.map((u) => u.name), ...flowUsers])].sort((a, b) => a.localeCompare(b));
    if (names.length > 0) throw conflict(inUseMessage(thing, names));
    await tx.delete(table).where(eq(table.id, id));
  });
}
