// Campaign rows as the Campaigns table and the View Code dialog need them: the campaign joined to its
// lander, offer, domain, spark and pixel, plus the hosts its tracking and exit links use (spec §9 order).
import { desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type Db } from '@tracker/core';
import type { campaignSchema, TiktokEventName } from '@tracker/schemas';

/** The row as the route holds it (createdAt a Date); campaignSchema says how it goes on the wire. */
export type CampaignView = z.input<typeof campaignSchema>;

export async function listCampaigns(db: Db, only?: { id: string }): Promise<CampaignView[]> {
  const c = schema.campaigns;
  const [rows, settingRows] = await Promise.all([
    db
      .select({
        campaign: c,
        lander: { id: schema.landers.id, name: schema.landers.name, url: schema.landers.url },
        offer: { id: schema.offers.id, name: schema.offers.name },
        domain: {
          id: schema.domains.id,
          domain: schema.domains.domain,
          subdomain: schema.domains.subdomain,
          status: schema.domains.status,
        },
        spark: { id: schema.sparks.id, name: schema.sparks.name, sparkId: schema.sparks.sparkId },
        pixel: { id: schema.tiktokPixels.id, name: schema.tiktokPixels.name, pixelId: schema.tiktokPixels.pixelId },
      })
      .from(c)
      .leftJoin(schema.landers, eq(schema.landers.id, c.landerId))
      .leftJoin(schema.offers, eq(schema.offers.id, c.offerId))
      .leftJoin(schema.domains, eq(schema.domains.id, c.domainId))
      .leftJoin(schema.sparks, eq(schema.sparks.id, c.sparkId))
      .leftJoin(schema.tiktokPixels, eq(schema.tiktokPixels.id, c.tiktokPixelId))
      .where(only ? eq(c.id, only.id) : undefined)
      .orderBy(desc(c.createdAt), desc(c.id)),
    db
      .select()
      .from(schema.settings)
      .where(inArray(schema.settings.key, ['redirect_domain', 'global_exit_domain'])),
  ]);
  const setting = new Map(settingRows.map((r) => [r.key, r.value]));
  const redirectDomain = setting.get('redirect_domain') || null;
  const exitHost = setting.get('global_exit_domain') || null;

  return rows.map(({ campaign, lander, offer, domain, spark, pixel }) => {
    const domainView = domain
      ? { ...domain, host: domain.subdomain ? `${domain.subdomain}.${domain.domain}` : domain.domain }
      : null;
    const customHost = domainView && domainView.status === 'active' && domainView.subdomain ? domainView.host : null;
    return {
      ...campaign,
      // The column is plain text, but every write goes through tiktokEventSchema.
      defaultTiktokEvent: campaign.defaultTiktokEvent as TiktokEventName,
      lander,
      offer,
      domain: domainView,
      spark,
      pixel,
      trackingHost: customHost ?? redirectDomain,
      exitHost,
    };
  });
}

export async function findCampaign(db: Db, id: string): Promise<CampaignView | undefined> {
  const [row] = await listCampaigns(db, { id });
  return row;
}
