// Everything a click needs from the entity store, held in memory: campaigns with their compiled flow and
// spark, every lander and offer a flow may send a click to, the active custom domains, and the settings. No database round trip per click.
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
  /** The campaign's own offer (its default path's first): where a click made before it had one exits. */
  offerId: number | null;
  /** The public spark id of the campaign's spark, '' when none. */
  sparkId: string;
  /** Where its clicks go: the stored flow, or its one lander and offer at weight 100. */
  flow: CompiledFlow;
}

/** An offer a click may be sent to. `url` is Location-safe; null when the stored URL is unusable. */
export interface CatalogOffer {
  url: string | null;
  utmTemplate: string;
  /** The default payout ('12.50'): a postback without a payout pays it. */
  payout: string | null;
  /** Approved conversions a report day before the offer leaves every rotation (offer-caps.ts). */
  dailyCap: number | null;
}

export interface CatalogSnapshot {
  campaigns: Map<string, CatalogCampaign>;
  /** Every lander's URL made Location-safe; null when the stored URL is not an http(s) URL. */
  landers: Map<number, string | null>;
  offers: Map<number, CatalogOffer>;
  /** The report time zone (setting report_timezone): caps count conversions of its day. */
  reportTimezone: string;
  /** Public spark ids that exist, to accept a `spark` parameter only when it names one. */
  sparkIds: Set<string>;
  /** The fallback URL setting made Location-safe, or null when unset: see stranded-visitor.ts. */
  fallbackUrl: string | null;
  /** `https://{global exit domain}/click`, or null when no global exit domain is set. */
  exitUrl: string | null;
  postbackKey: string;
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
        landerId: schema.campaigns.landerId,
        offerId: schema.campaigns.offerId,
        sparkId: schema.sparks.sparkId,
        flow: schema.campaigns.flow,
      })
      .from(schema.campaigns)
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
    campaigns.set(row.id, {
      id: row.id,
      offerId: row.offerId,
      sparkId: row.sparkId ?? '',
      // Without a stored flow, a campaign without a lander strands its visitors (it is not a direct link).
      flow: compileFlow(row.flow ?? singlePathFlow(row.landerId, row.landerId === null ? null : row.offerId)),
    });
  }
  const landers = new Map(landerRows.map((l) => [l.id, locationUrl(l.url)]));
  const offers = new Map(
    offerRows.map((o): [number, CatalogOffer] => [o.id, { url: locationUrl(o.url), utmTemplate: o.utmTemplate, payout: o.payout, dailyCap: o.dailyCap }]),
  );
  const exitOrigin = originOf(setting.get('global_exit_domain') ?? '');
  const trackingHosts = new Set<string>();
  for (const domain of trackingDomains) {
    const origin = originOf(domain);
    if (origin) trackingHosts.add(new URL(origin).host);
  }
  return {
    campaigns,
    landers,
    offers,
    reportTimezone: setting.get('report_timezone') || 'UTC',
    sparkIds: new Set(sparkRows.map((r) => r.sparkId)),
    exitUrl: exitOrigin ? `${exitOrigin}/click` : null,
    fallbackUrl: locationUrl(setting.get('fallback_url') ?? ''),
    postbackKey,
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
