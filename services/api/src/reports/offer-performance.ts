// GET /api/cake/offers: the Offers performance screen. Two sources, as separate rows:
// - 'tracker': our own visits, clicks to the offer (lander exits) and conversions per offer (the
//   click's offer at click time): postbacks, plus the CAKE conversions no postback covers
//   (cake-fill-ins.ts), dated by click time in the report time zone, like every report;
//   clicks without an offer form the 'Unknown' row (offerId ''), conversions whose click never came and
//   cost no visit matches the 'No click' row (NO_CLICK_KEY); each with its allocated cost and pending conversions;
// - 'cake': the affiliate network's stats (cake_stats) summed per network offer id; its clicks are
//   clicks on the offer too, and it knows no visits.
// The network's offer ids are not ours, so the two are never merged: the 'cake' rows are the network's
// own view, beside ours, and a screen must not add them to the tracker rows.
import { and, gte, lte, sql } from 'drizzle-orm';
import { schema, type Analytics, type Db } from '@tracker/core';
import { centsFromMoney, computeMetrics, moneyFromCents, type DateRangeQuery, type OfferPerformanceRow } from '@tracker/schemas';
import { viewerSubid1Condition } from './cake-stats';
import { getReport } from './get-report';
import type { ViewerScope } from './viewer-scope';

/** EPV and EPC as the Stats screen computes them: revenue per visit and per click on the offer. */
const earnings = (revenueCents: number, visits: number, clicks: number) =>
  computeMetrics({ clicks: visits, exitClicks: clicks, conversions: 0, revenueCents, spendCents: 0 });

export async function offerPerformance(
  deps: { db: Db; analytics: Analytics },
  query: DateRangeQuery,
  viewer: ViewerScope | null = null,
): Promise<OfferPerformanceRow[]> {
  const { db } = deps;
  const t = schema.cakeStats;
  // Our rows are the Stats screen's offer grouping: the same visits, exits, conversions (CAKE fill-ins
  // included), allocated cost and pending conversions, so the two screens never disagree.
  const [report, cake] = await Promise.all([
    getReport(deps, { groupBy: 'offer', startDate: query.startDate, endDate: query.endDate }, viewer, { series: false }),
    db
      .select({
        offerId: t.offerId,
        offerName: sql<string>`max(${t.offerName})`,
        clicks: sql<string>`sum(${t.clicks})`,
        conversions: sql<string>`sum(${t.conversions})`,
        revenue: sql<string>`sum(${t.revenue})`,
      })
      .from(t)
      .where(and(gte(t.date, query.startDate), lte(t.date, query.endDate), viewer ? viewerSubid1Condition(t.subid1, viewer) : undefined))
      .groupBy(t.offerId)
      .orderBy(t.offerId),
  ]);
  const tracker: OfferPerformanceRow[] = report.rows.map((row) => ({
    source: 'tracker',
    offerId: row.key,
    offerName: row.label,
    visits: row.clicks,
    clicks: row.exitClicks,
    conversions: row.conversions,
    revenue: row.revenue,
    cost: row.spend,
    pendingConversions: row.pendingConversions,
    pendingPayout: row.pendingPayout,
    epv: row.epv,
    epc: row.epc,
  }));
  const network: OfferPerformanceRow[] = cake.map((c) => {
    const revenueCents = centsFromMoney(String(c.revenue ?? '0'));
    const clicks = Number(c.clicks ?? 0);
    return {
      source: 'cake',
      offerId: c.offerId,
      offerName: c.offerName ?? '',
      visits: null,
      clicks,
      conversions: Number(c.conversions ?? 0),
      revenue: moneyFromCents(revenueCents),
      cost: null,
      pendingConversions: 0,
      pendingPayout: '0.00',
      epv: null,
      epc: earnings(revenueCents, 0, clicks).epc,
    };
  });
  return [...tracker, ...network];
}
