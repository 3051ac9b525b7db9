// Offer daily caps: which offers have taken their cap of approved conversions today (the report time zone's day) and
// so leave every rotation until the day turns. Counted from the analytics store every few seconds, off the click
// path: /r reads only the set held here. The first process to see an offer reach its cap records when, for the
// Offer Configuration screen. Between two counts a cap can be passed by the conversions of those seconds.
import { schema, type Analytics, type Db, type Logger } from '@tracker/core';
import type { TrackingCatalog } from '../tracking-catalog';

export const OFFER_CAP_REFRESH_MS = 15_000;

export class OfferCaps {
  #capped: ReadonlySet<number> = new Set();
  #timer?: NodeJS.Timeout;
  #refreshing?: Promise<void>;

  constructor(
    private readonly deps: { catalog: TrackingCatalog; analytics: Analytics; db: Db; logger: Logger },
    private readonly refreshMs = OFFER_CAP_REFRESH_MS,
  ) {}

  /** Offers over their cap now. */
  get capped(): ReadonlySet<number> {
    return this.#capped;
  }

  async start(): Promise<void> {
    await this.refresh();
    this.#timer = setInterval(() => void this.refresh(), this.refreshMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** Counts again; concurrent calls share one count. A failed count keeps the last set (and says so). */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#count()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'offer caps: counting today’s conversions failed; keeping the last caps'))
      .finally(() => (this.#refreshing = undefined));
    return this.#refreshing;
  }

  async #count(): Promise<void> {
    const { offers, reportTimezone } = this.deps.catalog.current;
    const offerCaps = new Map<number, number>();
    for (const [id, offer] of offers) if (offer.dailyCap !== null) offerCaps.set(id, offer.dailyCap);
    if (offerCaps.size === 0) {
      this.#capped = new Set();
      return;
    }
    // Approved conversions net of revisions (a revision cancels its row with sign -1), converted since the report
    // day began; clicks older than 90 days cannot convert today, which keeps the scan to recent partitions.
    const rows = await this.deps.analytics.query<{ offer_id: number; conversions: number; day: string }>(
      `SELECT offer_id, toInt64(sum(sign)) AS conversions, toString(toDate(now(), {tz:String})) AS day
       FROM conversions FINAL
       WHERE status = 'approved' AND offer_id IN {offers:Array(UInt32)}
         AND converted_at >= toDateTime(toDate(now(), {tz:String}), {tz:String})
         AND clicked_at >= toDateTime(toDate(now(), {tz:String}) - 90, {tz:String})
       GROUP BY offer_id`,
      { tz: reportTimezone, offers: [...offerCaps.keys()] },
    );
    const capped = new Set<number>();
    const reached: Array<{ offerId: number; day: string; conversions: number }> = [];
    for (const row of rows) {
      const cap = offerCaps.get(row.offer_id);
      if (cap === undefined || row.conversions < cap) continue;
      capped.add(row.offer_id);
      if (!this.#capped.has(row.offer_id)) reached.push({ offerId: row.offer_id, day: row.day, conversions: row.conversions });
    }
    this.#capped = capped;
    if (reached.length > 0) {
      await this.deps.db.insert(schema.offerCapHits).values(reached).onConflictDoNothing();
      this.deps.logger.info({ offers: reached.map((r) => r.offerId) }, 'offer caps reached: out of rotation until the report day turns');
    }
  }
}
