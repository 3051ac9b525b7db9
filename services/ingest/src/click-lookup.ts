// Finds a click's dimensions when its lander exit arrives: first among the clicks this process just
// redirected (recent-clicks.ts), then in the analytics store's click_index, retried briefly because the
// projector may not have written a click made a moment ago through another ingest process. Misses are
// remembered briefly and concurrent lookups of one id shared, so made-up ids cannot multiply queries.
import { LRUCache } from 'lru-cache';
import { clickDimensionsOf, type Analytics, type ClickIndexRow } from '@tracker/core';
import { clickEventSchema, type ClickDimensions } from '@tracker/schemas';
import { RecentClicks } from './recent-clicks';

export interface KnownClick extends ClickDimensions {
  clickedAt: number;
}

/** `SELECT * EXCEPT (click_id, ttclid, ip, user_agent)`: the dimensions an exit copies, and the time. */
type FoundRow = Omit<ClickIndexRow, 'click_id' | 'ttclid' | 'ip' | 'user_agent'>;

export class ClickLookup {
  /** The clicks redirected here, as the events they were published as; decoded only on an exit. */
  private readonly redirected: RecentClicks;
  /** Clicks found in click_index: a lander's second exit needs no second lookup. */
  private readonly found = new LRUCache<string, KnownClick>({ max: 10_000 });
  /** Ids the store did not have a moment ago. Short-lived: a click made through another ingest process
   *  and projected late must be found on a retry. Checked after `redirected`, so a click this process
   *  made is never hidden by a miss. */
  private readonly misses: LRUCache<string, true>;
  /** Lookups under way: a burst of exits for one id costs one lookup. Bounded by requests in flight. */
  private readonly pending = new Map<string, Promise<KnownClick | null>>();
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(
    private readonly analytics: Analytics,
    options: { cacheBytes?: number; retries?: number; retryDelayMs?: number; missTtlMs?: number; maxMisses?: number } = {},
  ) {
    this.redirected = new RecentClicks({ capacityBytes: options.cacheBytes });
    this.retries = options.retries ?? 3;
    this.retryDelayMs = options.retryDelayMs ?? 400;
    this.misses = new LRUCache({ max: options.maxMisses ?? 50_000, ttl: options.missTtlMs ?? 2_000, ttlAutopurge: false });
  }

  /** `encodedClick` is the click event's JSON, as published. */
  remember(clickId: string, encodedClick: Buffer): void {
    this.redirected.remember(clickId, encodedClick);
  }

  async find(clickId: string): Promise<KnownClick | null> {
    const redirected = this.redirected.get(clickId);
    if (redirected) return fromClickEvent(redirected);
    const found = this.found.get(clickId);
    if (found) return found;
    if (this.misses.has(clickId)) return null;
    let lookup = this.pending.get(clickId);
    if (!lookup) {
      lookup = this.lookUp(clickId).finally(() => this.pending.delete(clickId));
      this.pending.set(clickId, lookup);
    }
    return lookup;
  }

  private async lookUp(clickId: string): Promise<KnownClick | null> {
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, this.retryDelayMs));
      const [row] = await this.analytics.query<FoundRow>(
        'SELECT * EXCEPT (click_id, ttclid, ip, user_agent) FROM click_index WHERE click_id = {clickId:String} LIMIT 1',
        { clickId },
      );
      if (row) {
        const click = clickDimensionsOf(row);
        this.found.set(clickId, click);
        return click;
      }
    }
    this.misses.set(clickId, true);
    return null;
  }
}

function fromClickEvent(encoded: Buffer): KnownClick {
  const event = clickEventSchema.parse(JSON.parse(encoded.toString('utf8')));
  const { ttclid: _t, ip: _i, userAgent: _u, referrer: _r, bot: _b, ...dimensions } = event.data;
  return { ...dimensions, clickedAt: event.at };
}
