// Everything a click needs from the entity store, held in memory: campaigns joined to their lander,
// offer and spark, the active custom domains, and the settings. No database round trip per click.
// Reloaded whenever an admin changes entities (the change feed), and every minute in case a
// notification was missed.
import { and, eq, isNotNull } from 'drizzle-orm';
import { CATALOG_CHANNEL, ensurePostbackKey, schema, type ChangeFeed, type Db, type Logger } from '@tracker/core';
import { singlePathFlow } from '@tracker/schemas';
import { renderExitTrackerScript } from './exit-tracker-script';
import { compileFlow, type CompiledFlow } from './flow/choose-route';
import { toLocationUrl } from './location-url';

export interface CatalogCampaign {
  id: string;
  name: string;
  landerId: number | null;
  /** The lander's URL made Location-safe; null when there is no lander or its URL is unusable. */
  landerUrl: string | null;
  /** The stored lander URL is not an http(s) URL: no click may be recorded for a redirect to nowhere. */
  landerUrlUnusable: boolean;
  offerId: number | null;
  /** `url` is Location-safe; null when there is no offer or its URL is unusable. */
  offer: { url: string; utmTemplate: string } | null;
  offerUrlUnusable: boolean;
  /** The public spark id of the campaign's spark, '' when none. */
  sparkId: string;
  /** Where its clicks go: the stored flow, or its one lander and offer at weight 100. */
  flow: CompiledFlow;
}

/** A lander or offer a flow may send a click to. `url` is Location-safe; null when the stored URL is unusable. */
export interface CatalogDestination {
  url: string | null;
  utmTemplate: string;
}

export interface CatalogSnapshot {
  campaigns: Map<string, CatalogCampaign>;
  /** Offers with a daily conversion cap, and the cap. */
  offerCaps: Map<number, number>;
  /** The report time zone (setting report_timezone): caps count conversions of its day. */
  reportTimezone: string;
  landers: Map<number, CatalogDestination>;
  offers: Map<number, CatalogDestination>;
  /** Public spark ids that exist, to accept a `spark` parameter only when it names one. */
  sparkIds: Set<string>;
  /** The fallback URL setting made Location-safe, or null when unset: see stranded-visitor.ts. */
  fallbackUrl: string | null;
  /** `https://{global exit domain}/click`, or null when no global exit domain is set. */
  exitUrl: string | null;
  postbackKey: string;
  /** The default payout ('12.50') of each offer that has one: a postback without a payout pays it. */
  offerPayouts: Map<number, string>;
  /** The hosts (`host` or `host:port`) of the domain settings and of campaigns' active custom domains. */
  trackingHosts: Set<string>;
  /** /exit-tracker.js, rendered for the tracking hosts this snapshot knows (the exitUrl it may trust). */
  exitTrackerScript: string;
}

/** `exit.example.com`, `https://exit.example.com/` → `https://exit.example.com`. */
export function originOf(domain: string): string | null {
  const trimmed = domain.trim();
  if (!trimmed) return null;
  try {
    return new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`).origin;
  } catch {
    return null;
  }
}

export async function loadCatalog(db: Db): Promise<CatalogSnapshot> {
  const [rows, sparkRows, settingRows, postbackKey, activeDomains, landerRows, offerRows] = await Promise.all([
    db
      .select({
        id: schema.campaigns.id,
        name: schema.campaigns.name,
        landerId: schema.campaigns.landerId,
        landerUrl: schema.landers.url,
        offerId: schema.campaigns.offerId,
        offerUrl: schema.offers.url,
        utmTemplate: schema.offers.utmTemplate,
        sparkId: schema.sparks.sparkId,
        flow: schema.campaigns.flow,
      })
      .from(schema.campaigns)
      .leftJoin(schema.landers, eq(schema.landers.id, schema.campaigns.landerId))
      .leftJoin(schema.offers, eq(schema.offers.id, schema.campaigns.offerId))
      .leftJoin(schema.sparks, eq(schema.sparks.id, schema.campaigns.sparkId)),
    db.select({ sparkId: schema.sparks.sparkId }).from(schema.sparks),
    db.select().from(schema.settings),
    ensurePostbackKey(db),
    // Every live custom domain, used by a campaign or not: the edge worker forwards any of them here.
    db
      .select({ domain: schema.domains.domain, subdomain: schema.domains.subdomain })
      .from(schema.domains)
      .where(and(eq(schema.domains.status, 'active'), isNotNull(schema.domains.subdomain))),
    db.select({ id: schema.landers.id, url: schema.landers.url }).from(schema.landers),
    db
      .select({ id: schema.offers.id, url: schema.offers.url, utmTemplate: schema.offers.utmTemplate, payout: schema.offers.defaultPayout, dailyCap: schema.offers.dailyCap })
      .from(schema.offers),
  ]);
  const campaigns = new Map<string, CatalogCampaign>();
  // Campaigns share landers and offers: each distinct URL is parsed once per load.
  const locationUrls = new Map<string, string | null>();
  const locationUrl = (stored: string) => {
    let url = locationUrls.get(stored);
    if (url === undefined) locationUrls.set(stored, (url = toLocationUrl(stored)));
    return url;
  };
  const setting = new Map(settingRows.map((r) => [r.key, r.value]));
  // The hosts tracking links and exits use (spec §9): the two domain settings and the active custom domains.
  const trackingDomains = new Set([setting.get('global_exit_domain') ?? '', setting.get('redirect_domain') ?? '']);
  for (const row of activeDomains) if (row.subdomain) trackingDomains.add(`${row.subdomain}.${row.domain}`);
  for (const row of rows) {
    const landerUrl = row.landerUrl ? locationUrl(row.landerUrl) : null;
    const offerUrl = row.offerUrl ? locationUrl(row.offerUrl) : null;
    campaigns.set(row.id, {
      id: row.id,
      name: row.name,
      landerId: row.landerId,
      landerUrl,
      landerUrlUnusable: Boolean(row.landerUrl) && !landerUrl,
      offerId: row.offerId,
      offer: offerUrl ? { url: offerUrl, utmTemplate: row.utmTemplate ?? '' } : null,
      offerUrlUnusable: Boolean(row.offerUrl) && !offerUrl,
      sparkId: row.sparkId ?? '',
      // Without a stored flow, a campaign without a lander strands its visitors (it is not a direct link).
      flow: compileFlow(row.flow ?? singlePathFlow(row.landerId, row.landerId === null ? null : row.offerId)),
    });
  }
  const landers = new Map(landerRows.map((l): [number, CatalogDestination] => [l.id, { url: locationUrl(l.url), utmTemplate: '' }]));
  const offers = new Map(offerRows.map((o): [number, CatalogDestination] => [o.id, { url: locationUrl(o.url), utmTemplate: o.utmTemplate ?? '' }]));
  const exitOrigin = originOf(setting.get('global_exit_domain') ?? '');
  const trackingHosts = new Set<string>();
  for (const domain of trackingDomains) {
    const origin = originOf(domain);
    if (origin) trackingHosts.add(new URL(origin).host);
  }
  return {
    campaigns,
    offerCaps: new Map(offerRows.flatMap((r): Array<[number, number]> => (r.dailyCap === null ? [] : [[r.id, r.dailyCap]]))),
    reportTimezone: setting.get('report_timezone') || 'UTC',
    landers,
    offers,
    sparkIds: new Set(sparkRows.map((r) => r.sparkId)),
    exitUrl: exitOrigin ? `${exitOrigin}/click` : null,
    fallbackUrl: locationUrl(setting.get('fallback_url') ?? ''),
    postbackKey,
    offerPayouts: new Map(offerRows.flatMap((r): Array<[number, string]> => (r.payout === null ? [] : [[r.id, r.payout]]))),
    trackingHosts,
    exitTrackerScript: renderExitTrackerScript([...trackingHosts]),
  };
}

export class TrackingCatalog {
  private snapshot!: CatalogSnapshot;
  private timer?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private reloading?: Promise<void>;
  private reloadAgain = false;

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly logger: Logger,
    private readonly refreshMs = 60_000,
  ) {}

  get current(): CatalogSnapshot {
    return this.snapshot;
  }

  async start(): Promise<void> {
    this.snapshot = await loadCatalog(this.db);
    this.unsubscribe = await this.changes.on(CATALOG_CHANNEL, () => void this.reload());
    this.timer = setInterval(() => void this.reload(), this.refreshMs);
    this.timer.unref();
  }

  /** Coalesces bursts of notifications into at most one reload in flight plus one after it. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        try {
          this.snapshot = await loadCatalog(this.db);
        } catch (error) {
          // Keep serving the last good snapshot: a failed reload must not stop the redirects.
          this.logger.error({ err: error }, 'tracking catalog reload failed');
        }
      } while (this.reloadAgain);
      this.reloading = undefined;
    })();
    return this.reloading;
  }

  stop(): void {
    clearInterval(this.timer);
    this.unsubscribe?.();
  }
}
