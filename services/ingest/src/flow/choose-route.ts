// Where one click goes, decided on the hot path from the campaign's flow as the catalogue holds it in memory:
// the first rule whose conditions all hold (else the default path), then a lander and an offer drawn by weight.
// A flow is compiled once per catalogue change, so a click pays for a few set lookups and two weighted draws; the
// visitor's audience (country, device, OS, browser) is asked for only when a condition needs it.
import type { CampaignFlow, FlowCondition, FlowField, FlowPath } from '@tracker/schemas';

export interface Visitor {
  /** Lazily derived: only rules that test them pay for the GeoIP lookup or the user-agent parse. */
  audience(): { country: string; device: string; os: string; browser: string };
  /** The primary subtag of the first Accept-Language tag, lower-cased ('' without one); read only if a rule asks. */
  language(): string;
  bot: boolean;
}

export interface Route {
  /** The rule that matched; null for the default path. */
  rule: string | null;
  landerId: number | null;
  offerId: number | null;
  /** The path has offers, but all of them (and the fallback offer) are over their cap: the visitor goes to the
   *  fallback URL instead. */
  offersCapped: boolean;
}

/** Weighted items with their running totals: a draw is one random number and a short scan. */
interface Rotation {
  ids: number[];
  cumulative: number[];
  total: number;
}

interface CompiledPath {
  landers: Rotation;
  offers: Rotation;
}

interface CompiledRule {
  name: string;
  test: (visitor: Visitor) => boolean;
  path: CompiledPath;
}

export interface CompiledFlow {
  rules: CompiledRule[];
  defaultPath: CompiledPath;
  fallbackOfferId: number | null;
}

function rotation(items: ReadonlyArray<{ id: number; weight: number }>): Rotation {
  const ids: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    if (item.weight <= 0) continue; // weight 0: in the path, out of the rotation
    total += item.weight;
    ids.push(item.id);
    cumulative.push(total);
  }
  return { ids, cumulative, total };
}

function compilePath(path: FlowPath): CompiledPath {
  return {
    landers: rotation(path.landers.map((l) => ({ id: l.landerId, weight: l.weight }))),
    offers: rotation(path.offers.map((o) => ({ id: o.offerId, weight: o.weight }))),
  };
}

function valueOf(field: FlowField, visitor: Visitor): string {
  switch (field) {
    case 'bot':
      return visitor.bot ? 'bot' : 'human';
    case 'language':
      return visitor.language();
    default:
      return visitor.audience()[field].toLowerCase();
  }
}

function compileCondition(condition: FlowCondition): (visitor: Visitor) => boolean {
  const values = new Set(condition.values.map((v) => v.toLowerCase()));
  const wanted = condition.op === 'in';
  return (visitor) => values.has(valueOf(condition.field, visitor)) === wanted;
}

export function compileFlow(flow: CampaignFlow): CompiledFlow {
  return {
    rules: flow.rules.map((rule) => {
      const tests = rule.conditions.map(compileCondition);
      return { name: rule.name, test: (visitor) => tests.every((test) => test(visitor)), path: compilePath(rule.path) };
    }),
    defaultPath: compilePath(flow.defaultPath),
    fallbackOfferId: flow.fallbackOfferId,
  };
}

/** One id by weight, skipping `excluded` ones (offers over their cap): null when none is left. */
function draw(items: Rotation, random: () => number, excluded?: ReadonlySet<number>): number | null {
  if (items.total === 0) return null;
  if (items.ids.length === 1 && !excluded?.has(items.ids[0]!)) return items.ids[0]!;
  if (excluded && excluded.size > 0 && items.ids.some((id) => excluded.has(id))) {
    const open = items.ids.map((id, i) => ({ id, weight: items.cumulative[i]! - (i ? items.cumulative[i - 1]! : 0) }));
    return draw(rotation(open.filter((item) => !excluded.has(item.id))), random);
  }
  const target = random() * items.total;
  for (let i = 0; i < items.ids.length; i++) if (target < items.cumulative[i]!) return items.ids[i]!;
  return items.ids[items.ids.length - 1]!;
}

/**
 * The route of one click. `excludedOffers` are offers out of rotation for now (their daily cap reached): a path
 * with no offer left sends the click to the flow's fallback offer, and without one to no offer (the caller then
 * uses the fallback URL).
 */
export function chooseRoute(flow: CompiledFlow, visitor: Visitor, random: () => number = Math.random, excludedOffers?: ReadonlySet<number>): Route {
  let rule: string | null = null;
  let path = flow.defaultPath;
  for (const candidate of flow.rules) {
    if (candidate.test(visitor)) {
      rule = candidate.name;
      path = candidate.path;
      break;
    }
  }
  const offerId = draw(path.offers, random, excludedOffers) ?? (flow.fallbackOfferId !== null && !excludedOffers?.has(flow.fallbackOfferId) ? flow.fallbackOfferId : null);
  return { rule, landerId: draw(path.landers, random), offerId, offersCapped: offerId === null && path.offers.total > 0 };
}

/** The primary language of an Accept-Language header: 'de' for 'de-DE,de;q=0.9,en;q=0.8'. */
export function primaryLanguage(header: string | undefined): string {
  if (!header) return '';
  const match = /^\s*([A-Za-z]{2,3})(?:[-_;,\s]|$)/.exec(header);
  return match ? match[1]!.toLowerCase() : '';
}
