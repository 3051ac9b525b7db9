// A campaign may only point at a lander, offer, domain, spark and pixel that exist (400 otherwise), and a
// newly chosen domain must be active with a subdomain, as the dialog offers (spec §9).
import { eq } from 'drizzle-orm';
import { badRequest, schema, type Db } from '@tracker/core';

export interface CampaignReferences {
  landerId?: number | null;
  offerId?: number | null;
  domainId?: number | null;
  sparkId?: number | null;
  tiktokPixelId?: number | null;
}

type SerialTable = typeof schema.landers | typeof schema.offers | typeof schema.sparks | typeof schema.tiktokPixels;

async function exists(db: Db, table: SerialTable, id: number): Promise<boolean> {
  return (await db.$count(table, eq(table.id, id))) > 0;
}

/** `currentDomainId`: the campaign's domain before an update, which may stay even if no longer active. */
export async function checkCampaignReferences(db: Db, refs: CampaignReferences, currentDomainId: number | null = null) {
  if (refs.landerId != null && !(await exists(db, schema.landers, refs.landerId))) {
    throw badRequest('The selected lander does not exist');
  }
  if (refs.offerId != null && !(await exists(db, schema.offers, refs.offerId))) {
    throw badRequest('The selected offer does not exist');
  }
  if (refs.domainId != null && refs.domainId !== currentDomainId) {
    const [domain] = await db.select().from(schema.domains).where(eq(schema.domains.id, refs.domainId));
    if (!domain) throw badRequest('The selected domain does not exist');
    if (domain.status !== 'active' || !domain.subdomain) {
      throw badRequest('The selected domain is not active yet: only active domains with a subdomain can carry tracking links');
    }
  }
  if (refs.sparkId != null && !(await exists(db, schema.sparks, refs.sparkId))) {
    throw badRequest('The selected spark does not exist');
  }
  if (refs.tiktokPixelId != null && !(await exists(db, schema.tiktokPixels, refs.tiktokPixelId))) {
    throw badRequest('The selected TikTok pixel does not exist');
  }
}

/** A reference deleted between the check and the write: still the caller's 400, not a server error. */
export function rethrowReferenceRace(error: unknown): never {
  if ((error as { cause?: { code?: string } }).cause?.code === '23503') {
    throw badRequest('A selected lander, offer, domain, spark or pixel no longer exists');
  }
  throw error;
}
