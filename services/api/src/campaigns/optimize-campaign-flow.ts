// The auto-optimiser for one campaign: each path of its flow with auto-optimise on gets new lander and offer weights
// from its split test over the last 7 report days (core's optimizeWeights; docs/split-tests.md, "Auto-optimisation").
// The change is saved as a person's save is (the history records it, by the auto-optimiser, with why; the tracking
// catalogue reloads), but only while the flow is still the one measured: a person's save in between wins.
import { inArray } from 'drizzle-orm';
import { CATALOG_CHANNEL, HttpError, optimizeWeights, schema, SPLIT_TEST, type Analytics, type ChangeFeed, type Db, type WeightDecision } from '@tracker/core';
import { addDays, autoOptimizeSettings, type CampaignFlow, type FlowOptimization, type FlowPath } from '@tracker/schemas';
import { readReportTimezone } from '../reports/report-timezone';
import { FLOW_CHANGED_MESSAGE, readCampaignFlow, saveCampaignFlow } from './campaign-flow';
import { readPathArms, type PathArms } from './split-test';

/** Report days the optimiser weighs, today's included: a week holds every weekday once, so a lander strong on
 *  weekends is not judged on weekdays alone, and last month's audience no longer counts. */
export const AUTO_OPTIMIZE_WINDOW_DAYS = 7;

export interface FlowOptimizerDeps {
  db: Db;
  analytics: Analytics;
  changes: ChangeFeed;
}

type Kind = 'landers' | 'offers';
type PathOutcome = FlowOptimization['paths'][number];
type KindOutcome = PathOutcome['landers'];

/** A measured flow and what the optimiser would make of it: `next` is saved only if the flow is still `flow`. */
export interface FlowOptimizationPlan {
  campaignId: string;
  flow: CampaignFlow;
  next: CampaignFlow;
  outcome: FlowOptimization;
  /** The history's why, when anything moves. */
  reason: string;
}

const METRIC_LABEL = { cr: 'CR', epv: 'EPV' } as const;
const NOUN = { landers: 'lander', offers: 'offer' } as const;
const percent = (p: number) => `${(100 * p).toFixed(1)} %`;

/** yyyy-MM-dd of the instant in the zone ('en-CA' formats dates that way). */
function dayInZone(epochMs: number, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(epochMs);
}

function pathLabel(rule: string | null): string {
  return rule === null ? 'Default path' : `Rule '${rule}'`;
}

async function itemNames(db: Db, flow: CampaignFlow): Promise<{ landers: Map<number, string>; offers: Map<number, string> }> {
  const paths = [flow.defaultPath, ...flow.rules.map((r) => r.path)];
  const landerIds = [...new Set(paths.flatMap((p) => p.landers.map((l) => l.landerId)))];
  const offerIds = [...new Set(paths.flatMap((p) => p.offers.map((o) => o.offerId)))];
  const [landers, offers] = await Promise.all([
    landerIds.length ? db.select({ id: schema.landers.id, name: schema.landers.name }).from(schema.landers).where(inArray(schema.landers.id, landerIds)) : [],
    offerIds.length ? db.select({ id: schema.offers.id, name: schema.offers.name }).from(schema.offers).where(inArray(schema.offers.id, offerIds)) : [],
  ]);
  return { landers: new Map(landers.map((l) => [l.id, l.name])), offers: new Map(offers.map((o) => [o.id, o.name])) };
}

function explain(decision: WeightDecision, kind: Kind, items: ReadonlyArray<{ name: string; weight: number }>, arms: PathArms[Kind], window: string): string {
  const noun = NOUN[kind];
  const odds = () =>
    items
      .flatMap((item, i) => (decision.probabilities?.[i] == null ? [] : [`${item.name} ${percent(decision.probabilities[i]!)}`]))
      .join(', ');
  switch (decision.status) {
    case 'changed':
      return `Probability to be best ${odds()}`;
    case 'under a point':
      return `No weight would move by a whole point (probability to be best ${odds()})`;
    case 'too few arms':
      return items.length === 0 ? `No ${kind} in this path` : `One ${noun} in rotation: nothing to weigh`;
    case 'not enough data': {
      const active = items.flatMap((item, i) => (item.weight > 0 ? [{ name: item.name, arm: arms[i]! }] : []));
      const conversions = active.reduce((sum, a) => sum + a.arm.conversions, 0);
      return (
        `Not enough data ${window}: every ${noun} in rotation needs ${SPLIT_TEST.minVisitsPerArm} visits and the ${kind} ${SPLIT_TEST.minConversions} conversions together ` +
        `(${active.map((a) => `${a.name} ${a.arm.visits.toLocaleString('en-US')} visits`).join(', ')}; ${conversions} conversions)`
      );
    }
  }
}

/** Measures every auto-optimised path of the campaign's flow and works out its new weights, saving nothing. */
export async function planFlowOptimization(deps: Omit<FlowOptimizerDeps, 'changes'>, campaignId: string, now: number): Promise<FlowOptimizationPlan> {
  const flow = await readCampaignFlow(deps.db, campaignId);
  const timezone = await readReportTimezone(deps.db);
  const endDate = dayInZone(now, timezone);
  const startDate = addDays(endDate, 1 - AUTO_OPTIMIZE_WINDOW_DAYS);
  const windowText = `over ${startDate} to ${endDate} (${timezone})`;
  const names = await itemNames(deps.db, flow);
  const next: CampaignFlow = structuredClone(flow);
  const paths: PathOutcome[] = [];
  const whys: string[] = [];

  const candidates: Array<{ rule: string | null; path: FlowPath; nextPath: FlowPath }> = [
    { rule: null, path: flow.defaultPath, nextPath: next.defaultPath },
    ...flow.rules.map((r, i) => ({ rule: r.name, path: r.path, nextPath: next.rules[i]!.path })),
  ];
  for (const { rule, path, nextPath } of candidates.filter((c) => c.path.autoOptimize)) {
    const { metric, floorPercent } = autoOptimizeSettings(path);
    const itemsOf = (kind: Kind) =>
      kind === 'landers'
        ? path.landers.map((l) => ({ id: l.landerId, name: names.landers.get(l.landerId) ?? `Lander ${l.landerId}`, weight: l.weight }))
        : path.offers.map((o) => ({ id: o.offerId, name: names.offers.get(o.offerId) ?? `Offer ${o.offerId}`, weight: o.weight }));
    // The rule names come from the flow just read, so the reader always finds the path.
    const arms = await readPathArms(deps, campaignId, flow, { startDate, endDate, ...(rule === null ? {} : { path: rule }) }, null);
    const outcomes = {} as Record<Kind, KindOutcome>;
    for (const kind of ['landers', 'offers'] as const) {
      const items = itemsOf(kind);
      const byId = new Map(arms[kind].map((a) => [a.id, a]));
      const kindArms = items.map((item) => ({ ...(byId.get(String(item.id)) ?? { id: String(item.id), visits: 0, conversions: 0, revenueCents: 0 }), weight: item.weight }));
      const decision = optimizeWeights(kindArms, { metric, floorPercent });
      const reason = explain(decision, kind, items, kindArms, windowText);
      outcomes[kind] = {
        changed: decision.status === 'changed',
        reason,
        items: items.map((item, i) => ({
          id: item.id,
          name: item.name,
          visits: kindArms[i]!.visits,
          conversions: kindArms[i]!.conversions,
          probabilityToBeBest: decision.probabilities?.[i] ?? null,
          before: item.weight,
          after: decision.weights[i]!,
        })),
      };
      if (decision.status !== 'changed') continue;
      if (kind === 'landers') nextPath.landers = nextPath.landers.map((l, i) => ({ ...l, weight: decision.weights[i]! }));
      else nextPath.offers = nextPath.offers.map((o, i) => ({ ...o, weight: decision.weights[i]! }));
      whys.push(`${pathLabel(rule)} ${kind} by ${METRIC_LABEL[metric]}, floor ${floorPercent} %: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
    }
    paths.push({ rule, metric, floorPercent, landers: outcomes.landers, offers: outcomes.offers });
  }

  const outcome: FlowOptimization = { campaignId, window: { startDate, endDate, timezone }, saved: false, summary: '', paths };
  return { campaignId, flow, next, outcome, reason: `Auto-optimised ${windowText}. ${whys.join('. ')}` };
}

function summaryOf(outcome: FlowOptimization): string {
  if (outcome.paths.length === 0) return 'Auto-optimise is off on every path of this flow: nothing to weigh.';
  // "Default path landers: Quiz 50 → 10, Story 50 → 90. Default path offers: one offer in rotation: nothing to weigh."
  const kindText = (label: string, kind: Kind, k: KindOutcome) =>
    `${label} ${kind}: ${k.changed ? k.items.map((i) => `${i.name} ${i.before} → ${i.after}`).join(', ') : `${k.reason.charAt(0).toLowerCase()}${k.reason.slice(1)}`}.`;
  return outcome.paths.flatMap((p) => [kindText(pathLabel(p.rule), 'landers', p.landers), kindText(pathLabel(p.rule), 'offers', p.offers)]).join(' ');
}

/** Saves a plan's new weights if anything moves and the flow is still the one measured; answers what happened. */
export async function applyFlowOptimization(deps: FlowOptimizerDeps, plan: FlowOptimizationPlan): Promise<FlowOptimization> {
  const outcome = structuredClone(plan.outcome);
  const kinds = outcome.paths.flatMap((p) => [p.landers, p.offers]);
  if (kinds.some((k) => k.changed)) {
    try {
      await saveCampaignFlow(deps.db, plan.campaignId, plan.next, { by: null, reason: plan.reason }, { expected: plan.flow });
      await deps.changes.notify(CATALOG_CHANNEL);
      outcome.saved = true;
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 409 && error.message === FLOW_CHANGED_MESSAGE)) throw error;
      // A person saved the flow while it was measured: theirs stands, and the next run weighs it.
      for (const k of kinds.filter((k) => k.changed)) {
        k.changed = false;
        k.reason = 'The flow was saved by someone else while it was measured: nothing moved; the next run weighs the new flow';
        for (const item of k.items) item.after = item.before;
      }
    }
  }
  outcome.summary = summaryOf(outcome);
  return outcome;
}

/** POST /api/campaigns/:id/flow/optimize, and the job's work for each campaign. */
export async function optimizeCampaignFlow(deps: FlowOptimizerDeps, campaignId: string, now: number): Promise<FlowOptimization> {
  return applyFlowOptimization(deps, await planFlowOptimization(deps, campaignId, now));
}
