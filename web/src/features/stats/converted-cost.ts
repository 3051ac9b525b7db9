// The tooltip on a converted Cost (docs/currencies.md): when the report is grouped by TikTok campaign, the
// Cost of a campaign whose spend was converted from another currency says, per advertiser day, what TikTok
// reported and at which rate ('2026-04-11: €50.00 at 1.0823 USD/EUR (ECB, 2026-04-10)'), from the spend rows
// of GET /api/tiktok/spend.
import type { SpendRow } from '@tracker/schemas';
import { convertedCostNote } from '../settings/currency-rate';

/** At most this many days are named per campaign; the rest are counted. */
const DAYS_SHOWN = 7;

/** Per TikTok campaign id, the lines of its tooltip, newest day first; campaigns without converted spend are absent. */
export function convertedCostNotes(rows: readonly SpendRow[]): ReadonlyMap<string, readonly string[]> {
  const byCampaign = new Map<string, Array<{ date: string; note: string }>>();
  for (const row of rows) {
    const note = convertedCostNote(row);
    if (note === null) continue;
    const days = byCampaign.get(row.tiktokCampaignId) ?? [];
    days.push({ date: row.date, note });
    byCampaign.set(row.tiktokCampaignId, days);
  }
  return new Map(
    [...byCampaign].map(([campaign, days]) => {
      const newest = days.sort((a, b) => b.date.localeCompare(a.date));
      const lines = newest.slice(0, DAYS_SHOWN).map((d) => `${d.date}: ${d.note}`);
      const more = newest.length - DAYS_SHOWN;
      return [campaign, more > 0 ? [...lines, `and ${more} more ${more === 1 ? 'day' : 'days'}`] : lines];
    }),
  );
}
