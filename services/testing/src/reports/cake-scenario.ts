// Test support for the reports property test: CAKE conversions beside the postbacks of a generated
// stream, as the CAKE sync stores them (cake_conversions), covering each case of the CAKE/postback rule
// (docs/analytics.md): a click both a postback and CAKE report, a transaction id CAKE reports under
// another click, clicks only CAKE reports (once or twice), and a click id we never saw.
import { schema, type Db } from '@tracker/core';
import type { ClickEvent, ConversionEvent, TrackingEvent } from '@tracker/schemas';
import type { OracleCakeConversion } from './report-oracle';

export interface CakeSeed {
  rows: OracleCakeConversion[];
  /** Click ids both a postback and CAKE report (must count once). */
  reportedByBoth: string[];
  /** Click ids only CAKE reports (must count through CAKE). */
  onlyCake: string[];
}

export async function seedCakeConversions(db: Db, events: TrackingEvent[]): Promise<CakeSeed> {
  const clicks = events.filter((e): e is ClickEvent => e.type === 'click');
  const conversions = events.filter((e): e is ConversionEvent => e.type === 'conversion');
  const postbackClicks = new Set(conversions.map((c) => c.data.clickId));
  const at = new Map(clicks.map((c) => [c.id, c.at]));
  const rows: Array<OracleCakeConversion & { at: number }> = [];
  const reportedByBoth: string[] = [];
  const onlyCake: string[] = [];

  // Postbacks CAKE reports too: every third one, under CAKE's own conversion id.
  conversions.forEach((c, i) => {
    if (i % 3 !== 0 || !at.has(c.data.clickId)) return;
    rows.push({ conversionId: `cake-both-${i}`, clickId: c.data.clickId, cents: 1234 + i, at: at.get(c.data.clickId)! + 3_600_000 });
    reportedByBoth.push(c.data.clickId);
  });
  const withoutPostback = clicks.filter((c) => !postbackClicks.has(c.id));
  // A postback's transaction id reported by CAKE under a click no postback names: the transaction counts once.
  const first = conversions[0];
  if (first && withoutPostback[0]) {
    rows.push({ conversionId: first.data.transactionId, clickId: withoutPostback[0].id, cents: 999, at: withoutPostback[0].at + 60_000 });
  }
  // Clicks only CAKE saw convert: every ninth of the others; every second of those converts twice.
  withoutPostback.slice(1).forEach((c, i) => {
    if (i % 9 !== 0) return;
    rows.push({ conversionId: `cake-only-${i}`, clickId: c.id, cents: 250 + 17 * i, at: c.at + 600_000 });
    if (i % 2 === 0) rows.push({ conversionId: `cake-only-${i}-upsell`, clickId: c.id, cents: 99, at: c.at + 900_000 });
    onlyCake.push(c.id);
  });
  // A click id we never saw: the network's own row, in no report of ours.
  rows.push({ conversionId: 'cake-stranger', clickId: 'not-a-click-of-ours', cents: 5000, at: Date.parse('2026-03-08T12:00:00Z') });

  await db.insert(schema.cakeConversions).values(
    rows.map((r) => ({
      conversionId: r.conversionId,
      conversionDate: new Date(r.at),
      offerId: '77',
      offerName: 'Network offer',
      subid1: 'buyer-sub',
      subid2: r.clickId,
      revenue: (r.cents / 100).toFixed(2),
    })),
  );
  return { rows: rows.map(({ at: _at, ...r }) => r), reportedByBoth, onlyCake };
}
