// A campaign's flow: where its traffic goes. Rules are tried in order and the first whose conditions all hold
// sends the visitor down its path; otherwise the default path. A path rotates its landers and its offers by
// weight (0 keeps an item in the path but out of rotation); a path without landers is a direct link to the offer.
// A campaign created with one lander and one offer is the flow of one default path holding them at weight 100.
import { z } from 'zod';
import { singleLine } from './text-fields';
import { wireTimestamp } from './wire-values';

export const FLOW_FIELDS = ['country', 'device', 'os', 'browser', 'language', 'bot'] as const;
export type FlowField = (typeof FLOW_FIELDS)[number];
export const MAX_FLOW_RULES = 50;
/** Items of one kind in a path, and values in one condition: a flow is read on every click, so it stays small. */
export const MAX_PATH_ITEMS = 20;
export const MAX_CONDITION_VALUES = 300;
/** The weight of the one lander and offer of a campaign made with the simple dialog. */
export const SINGLE_ITEM_WEIGHT = 100;

export const SPLIT_TEST_METRICS = ['cr', 'epv'] as const;
/** A path's auto-optimiser, when the path does not say otherwise (docs/split-tests.md, "Auto-optimisation"): it
 *  weighs by conversion rate, as the split test panel opens, and keeps every item in rotation at 10 % or more. */
export const AUTO_OPTIMIZE_DEFAULTS: { metric: (typeof SPLIT_TEST_METRICS)[number]; floorPercent: number } = { metric: 'cr', floorPercent: 10 };

const id = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be positive`)
    .max(2_147_483_647, `${field} is too large`);

const weight = z
  .number({ error: 'A weight must be a number' })
  .int('A weight must be a whole number')
  .min(0, 'A weight cannot be negative')
  .max(10_000, 'A weight must be at most 10000');

let regionNames: Intl.DisplayNames | undefined;
/** Codes the region names know that are not countries: user-assigned (AA, QM–QZ, XA–XZ but Kosovo's XK), the unknown
 *  region ZZ, the groupings EU, EZ and UN; withdrawn codes the names still resolve to today's country (DD is Germany,
 *  SU Russia, YU Serbia, UK the United Kingdom, whose code is GB); and the reserved ones of islands the GeoLite data
 *  files under their country (AC, CP, CQ, DG, EA, IC, TA). A rule on any of them would never match a visitor. */
const NOT_COUNTRIES = /^(?:AA|Q[M-Z]|X[A-JL-Z]|ZZ|EU|EZ|UN|AN|BU|CS|DD|DY|FX|HV|NH|RH|SU|TP|UK|VD|YD|YU|ZR|AC|CP|CQ|DG|EA|IC|TA)$/;

/** ISO 3166-1 alpha-2, as the GeoLite data the reports' countries come from: two capital letters that name a country. */
export function isCountryCode(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value) || NOT_COUNTRIES.test(value)) return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return regionNames.of(value) !== value;
}

const BOT_VALUES = ['bot', 'human'] as const;

export const flowConditionSchema = z
  .object({
    field: z.enum(FLOW_FIELDS, { error: `A condition's field must be one of ${FLOW_FIELDS.join(', ')}` }),
    op: z.enum(['in', 'not_in'], { error: "A condition's op must be 'in' or 'not_in'" }),
    values: z
      .array(z.string({ error: 'Condition values must be text' }).trim().min(1, 'A condition value cannot be empty').max(200, 'A condition value must be at most 200 characters'))
      .min(1, 'A condition needs at least one value')
      .max(MAX_CONDITION_VALUES, `A condition takes at most ${MAX_CONDITION_VALUES} values`),
  })
  .strict()
  .superRefine((c, ctx) => {
    for (const value of c.values) {
      if (c.field === 'country' && !isCountryCode(value)) {
        const hint = value.toUpperCase() === 'UK' ? ': the United Kingdom is GB' : ' (two letters, such as US or DE)';
        ctx.addIssue({ code: 'custom', path: ['values'], message: `'${value}' is not an ISO country code${hint}` });
      }
      if (c.field === 'bot' && !(BOT_VALUES as readonly string[]).includes(value)) {
        ctx.addIssue({ code: 'custom', path: ['values'], message: "A bot condition's values are 'bot' and 'human'" });
      }
      if (c.field === 'language' && !/^[a-z]{2,3}$/i.test(value)) {
        ctx.addIssue({ code: 'custom', path: ['values'], message: `'${value}' is not a language code (two or three letters, such as en or de)` });
      }
    }
  });
export type FlowCondition = z.infer<typeof flowConditionSchema>;

const landerItem = z.object({ landerId: id('landerId'), weight }).strict();
const offerItem = z.object({ offerId: id('offerId'), weight }).strict();

const noneAllZero = (items: ReadonlyArray<{ weight: number }>) => items.length === 0 || items.some((i) => i.weight > 0);
const unique = (ids: readonly number[]) => new Set(ids).size === ids.length;

export const flowPathSchema = z
  .object({
    landers: z.array(landerItem).max(MAX_PATH_ITEMS, `A path takes at most ${MAX_PATH_ITEMS} landers`),
    offers: z.array(offerItem).max(MAX_PATH_ITEMS, `A path takes at most ${MAX_PATH_ITEMS} offers`),
    autoOptimize: z.boolean({ error: 'autoOptimize must be true or false' }).default(false),
    /** What the auto-optimiser weighs by; absent: AUTO_OPTIMIZE_DEFAULTS.metric. */
    autoOptimizeMetric: z.enum(SPLIT_TEST_METRICS, { error: 'autoOptimizeMetric must be cr or epv' }).optional(),
    /** The share (whole percent) the auto-optimiser leaves every item in rotation, so the test keeps learning;
     *  absent: AUTO_OPTIMIZE_DEFAULTS.floorPercent. */
    autoOptimizeFloor: z
      .number({ error: 'The floor must be a number' })
      .int('The floor must be a whole percent')
      .min(0, 'The floor cannot be negative')
      .max(50, 'The floor can be at most 50 %')
      .optional(),
  })
  .strict()
  .refine((p) => p.landers.length > 0 || p.offers.length > 0, { message: 'A path needs a lander or an offer (a path without landers is a direct link to its offers)', path: ['offers'] })
  .refine((p) => noneAllZero(p.landers), { message: "A path's lander weights cannot all be 0", path: ['landers'] })
  .refine((p) => noneAllZero(p.offers), { message: "A path's offer weights cannot all be 0", path: ['offers'] })
  .refine((p) => unique(p.landers.map((l) => l.landerId)), { message: 'A lander appears twice in one path', path: ['landers'] })
  .refine((p) => unique(p.offers.map((o) => o.offerId)), { message: 'An offer appears twice in one path', path: ['offers'] })
  .superRefine((p, ctx) => {
    // Every item in rotation keeps the floor, so the floors of all of them must fit in 100 %.
    if (!p.autoOptimize) return;
    const floor = p.autoOptimizeFloor ?? AUTO_OPTIMIZE_DEFAULTS.floorPercent;
    for (const [kind, items] of [['landers', p.landers], ['offers', p.offers]] as const) {
      const inRotation = items.filter((i) => i.weight > 0).length;
      if (inRotation * floor > 100) {
        ctx.addIssue({
          code: 'custom',
          path: ['autoOptimizeFloor'],
          message: `With ${inRotation} ${kind} in rotation, the auto-optimiser's floor can be at most ${Math.floor(100 / inRotation)} %`,
        });
        return;
      }
    }
  });
export type FlowPath = z.infer<typeof flowPathSchema>;

/** The metric and floor a path's auto-optimiser uses. */
export function autoOptimizeSettings(path: Pick<FlowPath, 'autoOptimizeMetric' | 'autoOptimizeFloor'>): { metric: (typeof SPLIT_TEST_METRICS)[number]; floorPercent: number } {
  return { metric: path.autoOptimizeMetric ?? AUTO_OPTIMIZE_DEFAULTS.metric, floorPercent: path.autoOptimizeFloor ?? AUTO_OPTIMIZE_DEFAULTS.floorPercent };
}

/** Names a rule cannot take: reports show the default path's clicks as 'Default', and a report filter or the split
 *  test's `path` names the default path 'none' or 'default'. Compared without case. */
export const RESERVED_RULE_NAMES = ['default', 'none'] as const;

export const flowRuleSchema = z
  .object({
    // Every click records the name of the rule that routed it, and reports group and filter by it.
    name: singleLine('A rule name', { error: 'A rule needs a name' })
      .min(1, 'A rule needs a name')
      .max(100, 'A rule name must be at most 100 characters')
      .refine((name) => !(RESERVED_RULE_NAMES as readonly string[]).includes(name.toLowerCase()), {
        message: "A rule cannot be named 'Default' or 'none': reports use those for the default path",
      }),
    conditions: z.array(flowConditionSchema).min(1, 'A rule needs at least one condition').max(10, 'A rule takes at most 10 conditions'),
    path: flowPathSchema,
  })
  .strict();
export type FlowRule = z.infer<typeof flowRuleSchema>;

/** PUT /api/campaigns/:id/flow, and its GET. */
export const campaignFlowSchema = z
  .object({
    rules: z.array(flowRuleSchema).max(MAX_FLOW_RULES, `A flow takes at most ${MAX_FLOW_RULES} rules`),
    defaultPath: flowPathSchema,
    fallbackOfferId: id('fallbackOfferId').nullable().default(null),
  })
  .strict()
  .superRefine((f, ctx) => {
    // Clicks record their rule by name, so two rules of one name (in any case) would share their clicks in reports.
    const seen = new Set<string>();
    for (const rule of f.rules) {
      const key = rule.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['rules'], message: `Two rules are named '${rule.name}': clicks record their rule by name, so each rule needs its own` });
        return;
      }
      seen.add(key);
    }
  });
export type CampaignFlow = z.infer<typeof campaignFlowSchema>;
export type CampaignFlowBody = z.input<typeof campaignFlowSchema>;

/** A flow as stored and answered (GET and PUT /api/campaigns/:id/flow): the shape without the checks of a
 *  body. A flow saved before a check tightened (a 'UK' country, say) is still answered as it is, so the editor
 *  can show it and its save can name what to mend, instead of the read failing. */
const flowPathView = z.object({
  landers: z.array(z.object({ landerId: z.number(), weight: z.number() })),
  offers: z.array(z.object({ offerId: z.number(), weight: z.number() })),
  autoOptimize: z.boolean(),
  autoOptimizeMetric: z.enum(SPLIT_TEST_METRICS).optional(),
  autoOptimizeFloor: z.number().optional(),
});
export const campaignFlowViewSchema = z.object({
  rules: z.array(
    z.object({
      name: z.string(),
      conditions: z.array(z.object({ field: z.enum(FLOW_FIELDS), op: z.enum(['in', 'not_in']), values: z.array(z.string()) })),
      path: flowPathView,
    }),
  ),
  defaultPath: flowPathView,
  fallbackOfferId: z.number().nullable(),
});

/** One entry of GET /api/campaigns/:id/flow/history: who changed the flow (null: the auto-optimiser), when, why. */
export const flowChangeSchema = z.object({
  at: wireTimestamp,
  by: z.string().nullable(),
  reason: z.string(),
  before: z.custom<CampaignFlow>(),
  after: z.custom<CampaignFlow>(),
});
export type FlowChangeEntry = z.output<typeof flowChangeSchema>;

/** The flow of a campaign made with one lander and (optionally) one offer. */
export function singlePathFlow(landerId: number | null, offerId: number | null): CampaignFlow {
  return {
    rules: [],
    defaultPath: {
      landers: landerId === null ? [] : [{ landerId, weight: SINGLE_ITEM_WEIGHT }],
      offers: offerId === null ? [] : [{ offerId, weight: SINGLE_ITEM_WEIGHT }],
      autoOptimize: false,
    },
    fallbackOfferId: null,
  };
}

/** Every lander and offer a flow names, for the existence check on save and the refusal to delete one in use. */
export function flowReferences(flow: CampaignFlow): { landerIds: number[]; offerIds: number[] } {
  const paths = [flow.defaultPath, ...flow.rules.map((r) => r.path)];
  const landerIds = new Set(paths.flatMap((p) => p.landers.map((l) => l.landerId)));
  const offerIds = new Set(paths.flatMap((p) => p.offers.map((o) => o.offerId)));
  if (flow.fallbackOfferId !== null) offerIds.add(flow.fallbackOfferId);
  return { landerIds: [...landerIds], offerIds: [...offerIds] };
}

// ---- GET /api/campaigns/:id/split-test ----

/** The split test's `path` of the default path (no `path`, or 'none' as the report filter says, is the same); any
 *  other names a rule. */
export const DEFAULT_PATH = 'default';

const splitTestArmSchema = z.object({
  /** The lander's or offer's id, as text. */
  id: z.string(),
  visits: z.number(),
  conversions: z.number(),
  revenueCents: z.number(),
  /** Conversion rate (0–1), or revenue per visit in cents. */
  value: z.number(),
  interval: z.tuple([z.number(), z.number()]),
  probabilityToBeBest: z.number(),
});

const splitTestVerdictSchema = z.object({
  metric: z.enum(SPLIT_TEST_METRICS),
  arms: z.array(splitTestArmSchema),
  status: z.enum(['winner', 'leading', 'not enough data']),
  leaderId: z.string().nullable(),
  visitsNeeded: z.number().nullable(),
});

export const splitTestSchema = z.object({
  campaignId: z.string(),
  metric: z.enum(SPLIT_TEST_METRICS),
  /** The rule whose path was measured, as the flow names it; null for the default path. */
  rule: z.string().nullable(),
  landers: splitTestVerdictSchema,
  offers: splitTestVerdictSchema,
});
export type SplitTestResponse = z.output<typeof splitTestSchema>;

// ---- POST /api/campaigns/:id/flow/optimize ----

const optimizedItemSchema = z.object({
  /** The lander's or offer's id. */
  id: z.number(),
  name: z.string(),
  visits: z.number(),
  conversions: z.number(),
  /** Of the items in rotation; null for one a person set to weight 0 (out of the computation). */
  probabilityToBeBest: z.number().nullable(),
  before: z.number(),
  after: z.number(),
});

const optimizedKindSchema = z.object({
  changed: z.boolean(),
  /** Why the weights moved, or why nothing moved. */
  reason: z.string(),
  items: z.array(optimizedItemSchema),
});

/** What the auto-optimiser decided for one campaign: per path with auto-optimise on, its landers and its offers. */
export const flowOptimizationSchema = z.object({
  campaignId: z.string(),
  /** The report days weighed, in the report time zone. */
  window: z.object({ startDate: z.string(), endDate: z.string(), timezone: z.string() }),
  /** Whether a change was saved (one history entry). */
  saved: z.boolean(),
  /** The outcome in a sentence, for the toast and the job's log. */
  summary: z.string(),
  paths: z.array(
    z.object({
      /** The rule's name; null for the default path. */
      rule: z.string().nullable(),
      metric: z.enum(SPLIT_TEST_METRICS),
      floorPercent: z.number(),
      landers: optimizedKindSchema,
      offers: optimizedKindSchema,
    }),
  ),
});
export type FlowOptimization = z.output<typeof flowOptimizationSchema>;
