// Campaign rows as the Campaigns table and the View Code dialog need them: the campaign joined to its
// lander, offer, domain, spark and pixel, plus the hosts its tracking and exit links use (spec §9 order).
import { desc, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';

export interface CampaignView {
  id: string;
  name: string;
  landerId: number | null;
  offerId: number | null;
  domainId: number | null;
  sparkId: number | null;
  tiktokPixelId: number | null;
  defaultTiktokEvent: string;
  bhToggle: boolean;
  createdAt: Date;
  lander: { id: number; name: string; url: string } | null;
  offer: { id: number; name: string } | null;
  domain: { id: number; domain: string; subdomain: string | null; status: string; host: string } | null;
  /** `sparkId` is the public id that goes into tracking URLs. */
  spark: { id: number; name: string; sparkId: string } | null;
  pixel: { id: number; name: string; pixelId: string } | null;
  /** The campaign's active custom domain, else the redirect_domain setting; null: use the browser's origin. */
  trackingHost: string | null;
  /** The global exit domain for the landers' exit code; null: exits use the tracking link's domain. */
  exitHost: string | null;
}

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
