// Finds the clicks that conversions belong to in the analytics store's click_index (one query per
// batch), keeping those it found: a click often converts more than once (pending, then approved).
import { LRUCache } from 'lru-cache';
import { clickDimensionsOf, type Analytics, type ClickIndexRow } from '@tracker/core';
import type { ResolvedClick } from './analytics-rows';

export class ClickResolver {
  private readonly recent = new LRUCache<string, ResolvedClick>({ max: 20_000 });

  constructor(private readonly analytics: Analytics) {}

  async resolve(clickIds: Iterable<string>): Promise<Map<string, ResolvedClick>> {
    const found = new Map<string, ResolvedClick>();
    const missing: string[] = [];
    for (const id of new Set(clickIds)) {
      const cached = this.recent.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await this.analytics.query<ClickIndexRow>(
        'SELECT * FROM click_index WHERE click_id IN {ids:Array(String)}',
        { ids: missing },
      );
      for (const row of rows) {
        const click: ResolvedClick = { ...clickDimensionsOf(row), ttclid: row.ttclid, ip: row.ip, userAgent: row.user_agent };
        found.set(row.click_id, click);
        this.recent.set(row.click_id, click);
      }
    }
    return found;
  }
}
