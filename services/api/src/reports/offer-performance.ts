// GET /api/cake/offers: the Offers performance screen. Two sources, as separate rows:
// - 'tracker': our own visits, clicks to the offer (lander exits) and conversions per offer (the
//   click's offer at click time): postbacks, plus the CAKE conversions no postback covers
//   (cake-fill-ins.ts), dated by click time in the report time zone, like every report;
//   conversions without a click or an offer form the 'Unknown' row (offerId '');
// - 'cake': the affiliate network's stats (cake_stats) summed per network offer id; its clicks are
//   clicks on the offer too, and it knows no visits.
// The network's offer ids are not ours, so the two are never merged: the 'cake' rows are the network's
// own view, beside ours, and a screen must not add them to the tracker rows.
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { schema, type Analytics, type Db } from '@tracker/core';
import {
  centsFromMoney,
  computeMetrics,
  EMPTY_GROUP_LABELS,
  moneyFromCents,
  type DateRangeQuery,
  type OfferPerformanceRow,
} from '@tracker/schemas';
import { loadCakeFillIns } from './cake-fill-ins';
import { viewerSubid1Condition } from './cake-stats';
import { NO_MEDIA_BUYERS } from './media-buyers';
import { planReport } from './report-plan';
import { queryConversions, queryExitClicks, queryVisits } from './report-query';
import { collectMeasures, compareGroups } from './report-rows';
import { groupMeasuresSql } from './report-sql';
import { readReportTimezone } from './report-timezone';
import type { ViewerScope } from './viewer-scope';

/** EPV and EPC as the Stats screen computes them: revenue per visit and per click on the offer. */
const earnings = (revenueCents: number, visits: number, clicks: number) =>
  computeMetrics({ clicks: visits, exitClicks: clicks, conversions: 0, revenueCents, spendCents: 0 });

export async function offerPerformance(
  deps: { db: Db; analytics: Analytics },
  query: DateRangeQuery,
  viewer: ViewerScope | null = null,
): Promise<OfferPerformanceRow[]> {
  const { db, analytics } = deps;
  const [timezone, fillIns] = await Promise.all([readReportTimezone(db), loadCakeFillIns(db, query.startDate)]);
  const filters = viewer ? { viewerSparks: viewer.sparkIds } : {};
  const scope = { timezone, startDate: query.startDate, endDate: query.endDate, filters, buyers: NO_MEDIA_BUYERS, cake: fillIns };
  const t = schema.cakeStats;
  const plan = planReport(scope, ['offer']);
  const queries = groupMeasuresSql(plan);
  const [visits, conversions, exits, cake] = await Promise.all([
    queryVisits(analytics, queries.visits, plan.params),
    queryConversions(analytics, queries.conversions, plan.params),
    queryExitClicks(analytics, queries.exitClicks, plan.params),
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
  const measures = collectMeasures(visits, conversions('key'));
  const ids = [...measures.keys()].filter((k) => k !== '').map(Number);
  const names = new Map(
    ids.length === 0
      ? []
      : (await db.select({ id: schema.offers.id, name: schema.offers.name }).from(schema.offers).where(inArray(schema.offers.id, ids))).map(
          (o) => [String(o.id), o.name] as const,
        ),
  );
  // In the report order; offer keys are digits or '', which sort bytewise as they compare in any locale.
  const sorted = [...measures].map(([key, m]) => ({ key, m })).sort(compareGroups);
  const tracker: OfferPerformanceRow[] = sorted.map(({ key: offerId, m }) => {
    const clicks = exits.get(offerId) ?? 0;
    const { epv, epc } = earnings(m.revenueCents, m.clicks, clicks);
    return {
      source: 'tracker',
      offerId,
      offerName: offerId === '' ? EMPTY_GROUP_LABELS.offer : (names.get(offerId) ?? offerId),
      visits: m.clicks,
      clicks,
      conversions: m.conversions,
      revenue: moneyFromCents(m.revenueCents),
      epv,
      epc,
    };
  });
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
      epv: null,
      epc: earnings(revenueCents, 0, clicks).epc,
    };
  });
  return [...tracker, ...network];
}
