// GET /api/campaigns/:id/split-test: the landers and the offers of one of the campaign's paths (a rule's, or the
// default path) as the arms of a split test, each with its visits, conversions, revenue, metric and interval,
// probability to be best, and the verdict (docs/split-tests.md). The figures are the report's for the clicks that
// path took (the campaign's clicks filtered by the rule they recorded, by the lander and by the offer each was
// sent to, in the report time zone, scoped to what the viewer may see). The auto-optimiser weighs the same arms.
import { judgeSplitTest, notFound, type Analytics, type Db, type SplitTestArm, type SplitTestMetric, type SplitTestVerdict } from '@tracker/core';
import { centsFromMoney, DEFAULT_PATH, NONE_FILTER, type CampaignFlow, type FlowPath, type ReportRow } from '@tracker/schemas';
import { getReport } from '../reports/get-report';
import { readReportTimezone } from '../reports/report-timezone';
import type { ViewerScope } from '../reports/viewer-scope';
import { readCampaignFlow } from './campaign-flow';

export interface SplitTestQuery {
  startDate: string;
  endDate: string;
  metric: SplitTestMetric;
  /** The path measured: a rule of the campaign's flow by name (in any case), or the default path when absent,
   *  'default' or 'none' (the report filter's word for it). */
  path?: string;
}

export interface SplitTestAnswer {
  campaignId: string;
  metric: SplitTestMetric;
  /** The rule whose path was measured, as the flow names it; null for the default path. */
  rule: string | null;
  landers: SplitTestVerdict;
  offers: SplitTestVerdict;
}

/** The path a query names in the flow, and the rule its clicks recorded (null: the default path, recorded as ''). */
export function splitTestPath(flow: CampaignFlow, path: string | undefined): { rule: string | null; path: FlowPath } {
  const wanted = path?.trim().toLowerCase();
  if (wanted === undefined || wanted === '' || wanted === DEFAULT_PATH || wanted === NONE_FILTER) return { rule: null, path: flow.defaultPath };
  const rule = flow.rules.find((r) => r.name.toLowerCase() === wanted);
  if (!rule) throw notFound(`This campaign's flow has no rule named '${path!.trim()}'`);
  return { rule: rule.name, path: rule.path };
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

/** Σ payout² (cents²) of the approved postback conversions per lander and per offer of the campaign's clicks that
 *  took the path of `rule` ('' for the default path), dated by their click as the report dates them: the spread of
 *  revenue per visit the EPV verdict needs. */
async function payoutSquares(analytics: Analytics, campaignId: string, rule: string, query: PathArmsQuery, tz: string, viewer: ViewerScope | null) {
  const rows = await analytics.query<{ lander_id: number; offer_id: number; squares: number }>(
    `SELECT lander_id, offer_id, sum(sign * toFloat64(payout * 100) * toFloat64(payout * 100)) AS squares
     FROM conversions FINAL
     WHERE status = 'approved' AND campaign_id = {campaign:String} AND rule = {rule:String}
       AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
       ${viewer ? 'AND has({sparks:Array(String)}, spark_id)' : ''}
     GROUP BY lander_id, offer_id`,
    { campaign: campaignId, rule, startDate: query.startDate, endDate: query.endDate, tz, sparks: viewer?.sparkIds ?? [] },
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
  /** A rule's name (in any case); absent, 'default' or 'none': the default path. */
  path?: string;
}

export interface PathArms {
  /** The rule whose path was measured, as the flow names it; null for the default path. */
  rule: string | null;
  landers: SplitTestArm[];
  offers: SplitTestArm[];
}

/** The landers and offers of one path of `flow` (the campaign's, as read) as split-test arms with the report's
 *  figures over the days, counting only the clicks that path took: what the verdict judges and the auto-optimiser
 *  weighs. */
export async function readPathArms(deps: { db: Db; analytics: Analytics }, campaignId: string, flow: CampaignFlow, query: PathArmsQuery, viewer: ViewerScope | null): Promise<PathArms> {
  const { rule, path } = splitTestPath(flow, query.path);
  // Only the clicks this path took: a click records the rule that routed it, '' (the 'none' filter) the default path.
  const range = { startDate: query.startDate, endDate: query.endDate, campaignId, rule: rule ?? NONE_FILTER };
  const tz = await readReportTimezone(deps.db);
  const [byLander, byOffer, squares] = await Promise.all([
    getReport(deps, { ...range, groupBy: 'lander' }, viewer, { series: false }),
    getReport(deps, { ...range, groupBy: 'offer' }, viewer, { series: false }),
    payoutSquares(deps.analytics, campaignId, rule ?? '', query, tz, viewer),
  ]);
  return {
    rule,
    landers: armsOf(byLander.rows, path.landers.map((l) => l.landerId), squares.landers),
    offers: armsOf(byOffer.rows, path.offers.map((o) => o.offerId), squares.offers),
  };
}

export async function readSplitTest(deps: { db: Db; analytics: Analytics }, campaignId: string, query: SplitTestQuery, viewer: ViewerScope | null): Promise<SplitTestAnswer> {
  const flow: CampaignFlow = await readCampaignFlow(deps.db, campaignId);
  const arms = await readPathArms(deps, campaignId, flow, query, viewer);
  return {
    campaignId,
    metric: query.metric,
    rule: arms.rule,
    landers: judgeSplitTest(arms.landers, query.metric),
    offers: judgeSplitTest(arms.offers, query.metric),
  };
}
