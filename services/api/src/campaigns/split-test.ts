// GET /api/campaigns/:id/split-test: the landers and the offers of one of the campaign's paths as the arms of a
// split test, each with its visits, conversions, revenue, metric and interval, probability to be best, and the
// verdict (docs/split-tests.md). The figures are the report's (the campaign's clicks by the lander and by the
// offer each was sent to, in the report time zone, scoped to what the viewer may see).
// Clicks do not record the rule that routed them yet, so a path can be measured only while it is the campaign's
// only one: a campaign with rules is answered 409 saying so, rather than with arms mixing two paths' traffic.
import { conflict, judgeSplitTest, notFound, type Analytics, type Db, type SplitTestArm, type SplitTestMetric, type SplitTestVerdict } from '@tracker/core';
import { centsFromMoney, type CampaignFlow, type ReportRow } from '@tracker/schemas';
import { getReport } from '../reports/get-report';
import { readReportTimezone } from '../reports/report-timezone';
import type { ViewerScope } from '../reports/viewer-scope';
import { readCampaignFlow } from './campaign-flow';

export interface SplitTestQuery {
  startDate: string;
  endDate: string;
  metric: SplitTestMetric;
}

export interface SplitTestAnswer {
  campaignId: string;
  metric: SplitTestMetric;
  landers: SplitTestVerdict;
  offers: SplitTestVerdict;
}

function armsOf(rows: readonly ReportRow[], ids: readonly number[], squares: ReadonlyMap<number, number>) {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return ids.map((id) => {
    const row = byKey.get(String(id));
    return {
      id: String(id),
      visits: row?.clicks ?? 0,
      conversions: row?.conversions ?? 0,
      revenueCents: row ? centsFromMoney(row.revenue) : 0,
      revenueSquaresCents: squares.get(id),
    };
  });
}

/** Σ payout² (cents²) of the campaign's approved postback conversions per lander and per offer, dated by their
 *  click as the report dates them: the spread of revenue per visit the EPV verdict needs. */
async function payoutSquares(analytics: Analytics, campaignId: string, query: PathArmsQuery, tz: string, viewer: ViewerScope | null) {
  const rows = await analytics.query<{ lander_id: number; offer_id: number; squares: number }>(
    `SELECT lander_id, offer_id, sum(sign * toFloat64(payout * 100) * toFloat64(payout * 100)) AS squares
     FROM conversions FINAL
     WHERE status = 'approved' AND campaign_id = {campaign:String}
       AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
       ${viewer ? 'AND has({sparks:Array(String)}, spark_id)' : ''}
     GROUP BY lander_id, offer_id`,
    { campaign: campaignId, startDate: query.startDate, endDate: query.endDate, tz, sparks: viewer?.sparkIds ?? [] },
  );
  const landers = new Map<number, number>();
  const offers = new Map<number, number>();
  for (const row of rows) {
    landers.set(row.lander_id, (landers.get(row.lander_id) ?? 0) + row.squares);
    offers.set(row.offer_id, (offers.get(row.offer_id) ?? 0) + row.squares);
  }
  return { landers, offers };
}

export interface PathArmsQuery {
  startDate: string;
  endDate: string;
  /** A rule's name; absent: the default path. */
  path?: string;
}

export interface PathArms {
  landers: SplitTestArm[];
  offers: SplitTestArm[];
}

/** The landers and offers of one path of `flow` (the campaign's, as read) as split-test arms with the report's
 *  figures over the days: what the verdict judges and the auto-optimiser weighs. */
export async function readPathArms(deps: { db: Db; analytics: Analytics }, campaignId: string, flow: CampaignFlow, query: PathArmsQuery, viewer: ViewerScope | null): Promise<PathArms> {
  if (query.path !== undefined && !flow.rules.some((r) => r.name === query.path)) throw notFound(`The flow has no rule named '${query.path}'`);
  if (flow.rules.length > 0) {
    throw conflict(
      'This campaign routes by rules, and clicks do not record which rule took them yet: a split test can measure a path only while it is the campaign’s only one',
    );
  }
  const range = { startDate: query.startDate, endDate: query.endDate, campaignId };
  const tz = await readReportTimezone(deps.db);
  const [byLander, byOffer, squares] = await Promise.all([
    getReport(deps, { ...range, groupBy: 'lander' }, viewer, { series: false }),
    getReport(deps, { ...range, groupBy: 'offer' }, viewer, { series: false }),
    payoutSquares(deps.analytics, campaignId, query, tz, viewer),
  ]);
  return {
    landers: armsOf(byLander.rows, flow.defaultPath.landers.map((l) => l.landerId), squares.landers),
    offers: armsOf(byOffer.rows, flow.defaultPath.offers.map((o) => o.offerId), squares.offers),
  };
}

export async function readSplitTest(deps: { db: Db; analytics: Analytics }, campaignId: string, query: SplitTestQuery, viewer: ViewerScope | null): Promise<SplitTestAnswer> {
  const flow: CampaignFlow = await readCampaignFlow(deps.db, campaignId);
  const arms = await readPathArms(deps, campaignId, flow, query, viewer);
  return {
    campaignId,
    metric: query.metric,
    landers: judgeSplitTest(arms.landers, query.metric),
    offers: judgeSplitTest(arms.offers, query.metric),
  };
}
