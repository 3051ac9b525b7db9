// Automation rules: a rule watches our numbers (tracker visits, conversions, revenue) joined
// with synced TikTok spend for each campaign, ad group or ad of its accounts over a window, and when every
// condition holds it pauses, enables, changes a budget or only notifies. The bodies of
// POST/PATCH /api/rules, the rule as answered, what a run decided, the action log and a replay.
import { z } from 'zod';
import { singleLine } from './text-fields';
import { wireTimestamp } from './wire-values';

export const RULE_LEVELS = ['campaign', 'adgroup', 'ad'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];
export const RULE_LEVEL_LABELS: Record<RuleLevel, string> = { campaign: 'Campaign', adgroup: 'Ad group', ad: 'Ad' };

export const RULE_WINDOWS = ['last_hour', 'today', 'yesterday', 'last_3_days', 'last_7_days'] as const;
export type RuleWindow = (typeof RULE_WINDOWS)[number];
export const RULE_WINDOW_LABELS: Record<RuleWindow, string> = {
  last_hour: 'Last hour',
  today: 'Today',
  yesterday: 'Yesterday',
  last_3_days: 'Last 3 days',
  last_7_days: 'Last 7 days',
};

/** Our metrics, as the reports compute them: money in dollars, cr and roi in percent, epv per visit. */
export const RULE_METRICS = ['spend', 'revenue', 'profit', 'roi', 'cpa', 'conversions', 'visits', 'cr', 'epv'] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];
export const RULE_METRIC_LABELS: Record<RuleMetric, string> = {
  spend: 'Spend',
  revenue: 'Revenue',
  profit: 'Profit',
  roi: 'ROI %',
  cpa: 'CPA',
  conversions: 'Conversions',
  visits: 'Visits',
  cr: 'CR %',
  epv: 'EPV',
};

export const RULE_OPS = ['gt', 'gte', 'lt', 'lte'] as const;
export type RuleOp = (typeof RULE_OPS)[number];
export const RULE_OP_LABELS: Record<RuleOp, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };

export const RULE_ACTIONS = ['pause', 'enable', 'budget_increase', 'budget_decrease', 'notify'] as const;
export type RuleActionType = (typeof RULE_ACTIONS)[number];
export const RULE_ACTION_LABELS: Record<RuleActionType, string> = {
  pause: 'Pause',
  enable: 'Enable',
  budget_increase: 'Raise budget',
  budget_decrease: 'Lower budget',
  notify: 'Notify only',
};

export const RULE_MODES = ['live', 'dry_run'] as const;
export type RuleMode = (typeof RULE_MODES)[number];

export const MAX_RULE_CONDITIONS = 5;
/** The evaluation job's period (BullMQ repeatable, with the other schedules). */
export const RULE_EVALUATION_MINUTES = 15;
export const RULE_EVALUATION_JOB = 'rule-evaluation';
export const MAX_REPLAY_DAYS = 30;

const NAME_REQUIRED = 'Name is required';
const ruleName = singleLine('Name', { error: NAME_REQUIRED }).min(1, NAME_REQUIRED).max(100, 'Name must be at most 100 characters');
const tiktokIds = (label: string) =>
  z.array(z.string().trim().regex(/^\d{1,32}$/, `${label} must be TikTok ids (digits)`), { error: `${label} must be a list` }).max(500, `At most 500 ${label}`);
const finite = (label: string) => z.number({ error: `${label} must be a number` }).finite(`${label} must be a number`);
const nonNegative = (label: string) => finite(label).min(0, `${label} must not be negative`);

export const ruleConditionSchema = z.strictObject({
  metric: z.enum(RULE_METRICS, { error: `Metric must be one of ${RULE_METRICS.join(', ')}` }),
  op: z.enum(RULE_OPS, { error: `Operator must be one of ${RULE_OPS.join(', ')}` }),
  value: finite('Condition value'),
});
export type RuleCondition = z.output<typeof ruleConditionSchema>;

export const ruleGuardSchema = z.strictObject({
  /** The object must have spent at least this much in the window before the rule may judge it. */
  minSpend: nonNegative('Minimum spend').default(0),
  minVisits: z.number().int('Minimum visits must be a whole number').min(0, 'Minimum visits must not be negative').default(0),
});

export const ruleActionSchema = z
  .strictObject({
    type: z.enum(RULE_ACTIONS, { error: `Action must be one of ${RULE_ACTIONS.join(', ')}` }),
    /** budget_increase / budget_decrease: the change in percent of the current budget (1–500). */
    percent: finite('Percent').min(1, 'Percent must be from 1 to 500').max(500, 'Percent must be from 1 to 500').nullish(),
    /** budget_increase: never above this daily budget; budget_decrease: never below it (dollars). */
    budgetCap: nonNegative('Budget cap').nullish(),
  })
  .superRefine((action, ctx) => {
    const budget = action.type === 'budget_increase' || action.type === 'budget_decrease';
    if (budget && action.percent == null) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'A budget change needs its percent' });
    if (action.type === 'budget_increase' && action.budgetCap == null) {
      ctx.addIssue({ code: 'custom', path: ['budgetCap'], message: 'Raising a budget needs a cap' });
    }
  });
export type RuleAction = z.output<typeof ruleActionSchema>;

/** POST /api/rules. */
export const ruleInputSchema = z.strictObject({
  name: ruleName,
  level: z.enum(RULE_LEVELS, { error: `Level must be one of ${RULE_LEVELS.join(', ')}` }),
  /** TikTok advertiser ids of connected ad accounts (Settings → TikTok accounts). */
  accountIds: tiktokIds('Ad accounts').min(1, 'Choose at least one ad account'),
  /** Optional: only these TikTok campaigns (and their ad groups and ads); empty = all of the accounts'. */
  campaignIds: tiktokIds('Campaigns').default([]),
  window: z.enum(RULE_WINDOWS, { error: `Window must be one of ${RULE_WINDOWS.join(', ')}` }),
  conditions: z
    .array(ruleConditionSchema)
    .min(1, 'A rule needs at least one condition')
    .max(MAX_RULE_CONDITIONS, `A rule has at most ${MAX_RULE_CONDITIONS} conditions`),
  guard: ruleGuardSchema.default({ minSpend: 0, minVisits: 0 }),
  action: ruleActionSchema,
  /** After acting on an object, the rule leaves that object alone this long. */
  cooldownMinutes: z.number().int('Cool-down must be whole minutes').min(0).max(10_080, 'Cool-down is at most 7 days').default(60),
  /** Actions (or dry-run decisions) per rule and report day, across all its objects. */
  maxActionsPerDay: z.number().int('Actions per day must be a whole number').min(1, 'At least one action a day').max(1000).default(20),
  mode: z.enum(RULE_MODES).default('dry_run'),
  /** Notification channel ids told of every action (and of every decision, for 'notify'). */
  notify: z.array(z.number().int().positive()).max(20).default([]),
  enabled: z.boolean().default(true),
});
export type RuleInput = z.output<typeof ruleInputSchema>;
/** PATCH /api/rules/{id}: any of the fields; the whole rule is checked again after the change. */
export const rulePatchSchema = ruleInputSchema.partial();

/** The metric values a rule saw for one object (money as decimal strings; null where undefined, e.g. cr without visits). */
export const ruleMetricValuesSchema = z.object({
  spend: z.string(),
  revenue: z.string(),
  profit: z.string(),
  roi: z.number().nullable(),
  cpa: z.string().nullable(),
  conversions: z.number(),
  visits: z.number(),
  cr: z.number().nullable(),
  epv: z.string().nullable(),
});
export type RuleMetricValues = z.output<typeof ruleMetricValuesSchema>;

/** A rule as answered. */
export const ruleSchema = z.object({
  id: z.number(),
  name: z.string(),
  level: z.enum(RULE_LEVELS),
  accountIds: z.array(z.string()),
  campaignIds: z.array(z.string()),
  window: z.enum(RULE_WINDOWS),
  conditions: z.array(ruleConditionSchema),
  guard: z.object({ minSpend: z.number(), minVisits: z.number() }),
  action: z.object({ type: z.enum(RULE_ACTIONS), percent: z.number().nullable(), budgetCap: z.number().nullable() }),
  cooldownMinutes: z.number(),
  maxActionsPerDay: z.number(),
  mode: z.enum(RULE_MODES),
  notify: z.array(z.number()),
  enabled: z.boolean(),
  createdAt: wireTimestamp,
  updatedAt: wireTimestamp,
  lastRunAt: wireTimestamp.nullable(),
  /** Actions taken (or, in dry-run, that would have been) since the report day began. */
  actionsToday: z.number(),
});
export type Rule = z.output<typeof ruleSchema>;
export const rulesSchema = z.array(ruleSchema);

/** What became of one decision. */
export const RULE_RESULTS = [
  'done', // TikTok accepted the change (or the notification went out)
  'dry_run', // would have acted; nothing was called
  'already', // the object was already in the wanted state: not called
  'capped', // the budget was at its cap already
  'cooldown', // acted on within the cool-down: left alone
  'daily_limit', // the rule reached maxActionsPerDay
  'throttled', // TikTok throttled the call: retried at the next run (a manual run retries at once)
  'failed', // TikTok refused (its code and message are kept)
] as const;
export type RuleResult = (typeof RULE_RESULTS)[number];

/** One row of GET /api/rules/{id}/log and GET /api/automation/log. */
export const ruleLogEntrySchema = z.object({
  id: z.number(),
  ruleId: z.number(),
  ruleName: z.string(),
  at: wireTimestamp,
  level: z.enum(RULE_LEVELS),
  objectId: z.string(),
  objectName: z.string(),
  metrics: ruleMetricValuesSchema,
  action: z.enum(RULE_ACTIONS),
  mode: z.enum(RULE_MODES),
  /** What the action changed, in words: "ENABLE → DISABLE", "budget $50.00 → $60.00". */
  change: z.string(),
  result: z.enum(RULE_RESULTS),
  tiktokCode: z.number().nullable(),
  tiktokMessage: z.string().nullable(),
  tiktokRequestId: z.string().nullable(),
});
export type RuleLogEntry = z.output<typeof ruleLogEntrySchema>;
export const ruleLogSchema = z.array(ruleLogEntrySchema);

/** POST /api/rules/{id}/run: every object the rule judged, those it left alone included. */
export const ruleRunSchema = z.object({
  ruleId: z.number(),
  at: wireTimestamp,
  windowStart: wireTimestamp,
  windowEnd: wireTimestamp,
  decisions: z.array(
    z.object({
      level: z.enum(RULE_LEVELS),
      objectId: z.string(),
      objectName: z.string(),
      metrics: ruleMetricValuesSchema,
      /** Every condition held and the guard let it through. */
      matched: z.boolean(),
      /** Set when matched: what became of the action (a log row was written). */
      result: z.enum(RULE_RESULTS).nullable(),
    }),
  ),
});
export type RuleRun = z.output<typeof ruleRunSchema>;

/** POST /api/rules/{id}/replay?days=N: the rule run hour by hour over stored history, nothing called. */
export const ruleReplaySchema = z.object({
  ruleId: z.number(),
  days: z.number(),
  startAt: wireTimestamp,
  endAt: wireTimestamp,
  /** Evaluations run: at the end of each hour, and at the replay's end (now) when it falls inside an hour. */
  evaluations: z.number(),
  actions: z.array(
    z.object({
      at: wireTimestamp,
      level: z.enum(RULE_LEVELS),
      objectId: z.string(),
      objectName: z.string(),
      action: z.enum(RULE_ACTIONS),
      metrics: ruleMetricValuesSchema,
      /** After a pause: what the object went on to spend and earn until the replay's end (what pausing saves and misses). */
      spendAfter: z.string(),
      revenueAfter: z.string(),
    }),
  ),
  /** Sums over the pauses: spend the rule would have saved, revenue it would have missed. */
  spendSaved: z.string(),
  revenueMissed: z.string(),
});
export type RuleReplay = z.output<typeof ruleReplaySchema>;

/** GET /api/rules/options: what the builder offers to pick, readable by whoever may write rules (the accounts and
 *  channels screens themselves are admins'): the connected ad accounts and the notification channels, names only. */
export const ruleOptionsSchema = z.object({
  accounts: z.array(z.object({ advertiserId: z.string(), name: z.string() })),
  channels: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })),
});
export type RuleOptions = z.output<typeof ruleOptionsSchema>;
