// One evaluation of a rule (the 15-minute job and POST /api/rules/{id}/run): every object of its accounts is
// measured over the window and judged; a matched object is acted on unless the cool-down or the daily cap
// holds it back. A live action is made exactly once: its intent is written to the object's state before
// TikTok is called, TikTok's current state is read first (an object already in the wanted state is not
// called again), and the log row, the cool-down and the cleared intent are written together afterwards. An
// intent a killed run left behind is finished by the next run from TikTok's state, without a second call.
import { and, count, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { decryptSecret, listFiringAlerts, schema, type Analytics, type Db, type Logger, type OutgoingPolicy } from '@tracker/core';
import {
  getMarketingObjects,
  raiseAlert,
  TIKTOK_STATUS_BATCH,
  updateMarketingBudget,
  updateMarketingStatus,
  type MarketingAnswer,
  type MarketingObject,
  type NotifyOptions,
} from '@tracker/integrations';
import type { RuleActionType, RuleLevel, RuleMetricValues, RuleResult, RuleRun } from '@tracker/schemas';
import { readReportTimezone } from '../reports/report-timezone';
import { loadRuleObjects, metricValues, sumWindow } from './rule-data';
import { nextBudget, ruleMatches, ruleRecord, type RuleRecord, type RuleRow } from './rule-record';
import { windowSpan, zoneMidnight } from './rule-window';

export interface RuleEngineDeps {
  db: Db;
  analytics: Analytics;
  secretsKey: Buffer;
  tiktokApiUrl: string;
  outgoing?: OutgoingPolicy;
  notify: NotifyOptions;
  logger: Logger;
  /** First retry delay of a throttled TikTok call (tests shorten it). */
  tiktokBackoffMs?: number;
}

export interface EvaluateOptions {
  now: number;
  /** A manual run retries a throttled call at once (a few tries); the job leaves it to its next run. */
  manual: boolean;
}

/** An action under way, as the object's state holds it between the decision and the log row. */
export interface PendingAction {
  action: RuleActionType;
  objectName: string;
  metrics: RuleMetricValues;
  /** DISABLE / ENABLE, or the budget (dollars, 2 decimals) once it is known; null for notify and before a budget was read. */
  target: string | null;
  /** The budget it was read at, for the log. */
  from: string | null;
}

/** An intent older than this belongs to a run that died; a younger one to a run still going. */
export const STALE_INTENT_MS = 60_000;

const COUNTED: RuleResult[] = ['done', 'dry_run'];
const WANTED_STATUS: Partial<Record<RuleActionType, string>> = { pause: 'DISABLE', enable: 'ENABLE' };
const LEVEL_WORD: Record<RuleLevel, string> = { campaign: 'campaign', adgroup: 'ad group', ad: 'ad' };
const dollars = (v: string | number) => `$${Number(v).toFixed(2)}`;

interface Outcome {
  result: RuleResult;
  change: string;
  answer?: MarketingAnswer | null;
  message?: string;
}

interface Intent {
  objectId: string;
  advertiserId: string;
  pending: PendingAction;
  /** Left by an earlier run: TikTok already in the wanted state means that run's call went through. */
  resumed: boolean;
}

function plannedChange(rule: RuleRecord): string {
  const a = rule.action;
  switch (a.type) {
    case 'pause':
      return '→ DISABLE';
    case 'enable':
      return '→ ENABLE';
    case 'budget_increase':
      return `budget +${a.percent}% (at most ${dollars(a.budgetCap ?? 0)})`;
    case 'budget_decrease':
      return `budget −${a.percent}%${a.budgetCap != null ? ` (at least ${dollars(a.budgetCap)})` : ''}`;
    case 'notify':
      return 'notify';
  }
}

async function writeLog(
  db: Db,
  rule: RuleRecord,
  at: Date,
  object: { id: string; name: string },
  metrics: RuleMetricValues,
  outcome: Outcome,
  action: RuleActionType = rule.action.type,
) {
  await db.insert(schema.ruleLog).values({
    ruleId: rule.id,
    ruleName: rule.name,
    at,
    level: rule.level,
    objectId: object.id,
    objectName: object.name,
    metrics,
    action,
    mode: rule.mode,
    change: outcome.change,
    result: outcome.result,
    tiktokCode: outcome.answer?.code ?? null,
    tiktokMessage: outcome.message ?? outcome.answer?.message ?? null,
    tiktokRequestId: outcome.answer?.requestId ?? null,
  });
}

const stateKey = (rule: RuleRecord, objectId: string) =>
  and(eq(schema.ruleObjectStates.ruleId, rule.id), eq(schema.ruleObjectStates.level, rule.level), eq(schema.ruleObjectStates.objectId, objectId));

/** Writes the intent of an action before anything is called (what a run killed after its call leaves behind). */
export async function writeIntent(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], rule: RuleRecord, objectId: string, advertiserId: string, pending: PendingAction, at: Date) {
  await db
    .insert(schema.ruleObjectStates)
    .values({ ruleId: rule.id, level: rule.level, objectId, advertiserId, pending: pending as unknown as Record<string, unknown>, pendingSince: at })
    .onConflictDoUpdate({
      target: [schema.ruleObjectStates.ruleId, schema.ruleObjectStates.level, schema.ruleObjectStates.objectId],
      set: { advertiserId, pending: pending as unknown as Record<string, unknown>, pendingSince: at },
    });
}

/** The log row, the cool-down and the cleared intent, in one transaction. */
async function settle(deps: RuleEngineDeps, rule: RuleRecord, intent: Intent, outcome: Outcome, at: Date) {
  await deps.db.transaction(async (tx) => {
    await writeLog(tx as unknown as Db, rule, at, { id: intent.objectId, name: intent.pending.objectName }, intent.pending.metrics, outcome, intent.pending.action);
    await tx
      .update(schema.ruleObjectStates)
      .set({ pending: null, pendingSince: null, ...(outcome.result === 'done' ? { lastActionAt: at } : {}) })
      .where(stateKey(rule, intent.objectId));
  });
  if (outcome.result === 'done') {
    const verb = { pause: 'paused', enable: 'enabled', budget_increase: 'raised the budget of', budget_decrease: 'lowered the budget of', notify: 'matched' }[intent.pending.action];
    const m = intent.pending.metrics;
    await raiseAlert(
      { db: deps.db, secretsKey: deps.secretsKey, notify: deps.notify, logger: deps.logger },
      {
        state: 'firing',
        key: `rule:${rule.id}:${rule.level}:${intent.objectId}`,
        kind: 'rule-action',
        title: `Rule "${rule.name}" ${verb} ${LEVEL_WORD[rule.level]} ${intent.pending.objectName}`,
        text: `${outcome.change}. Spend $${m.spend}, revenue $${m.revenue}, profit $${m.profit}, ROI ${m.roi ?? '–'}%, ${m.conversions} conversions, ${m.visits} visits.`,
        ...(rule.notify.length > 0 ? { channelIds: rule.notify } : {}),
      },
    ).catch((error: unknown) => deps.logger.error({ err: error, ruleId: rule.id }, 'a rule action alert could not be recorded'));
  }
}

/** Carries out intents (fresh or left by a killed run): reads TikTok's state, calls only what still needs it. */
async function carryOut(deps: RuleEngineDeps, rule: RuleRecord, intents: Intent[], options: EvaluateOptions): Promise<Map<string, RuleResult>> {
  const results = new Map<string, RuleResult>();
  const at = new Date(options.now);
  const finish = async (intent: Intent, outcome: Outcome) => {
    results.set(intent.objectId, outcome.result);
    await settle(deps, rule, intent, outcome, at);
  };
  const notifies = intents.filter((i) => i.pending.action === 'notify');
  for (const intent of notifies) await finish(intent, { result: 'done', change: 'notify' });

  const byAccount = new Map<string, Intent[]>();
  for (const intent of intents.filter((i) => i.pending.action !== 'notify')) byAccount.set(intent.advertiserId, [...(byAccount.get(intent.advertiserId) ?? []), intent]);
  for (const [advertiserId, group] of byAccount) {
    const [account] = await deps.db.select().from(schema.tiktokAccounts).where(eq(schema.tiktokAccounts.advertiserId, advertiserId));
    if (!account) {
      for (const intent of group) await finish(intent, { result: 'failed', change: plannedChange(rule), message: `Ad account ${advertiserId} is no longer connected` });
      continue;
    }
    const call = {
      apiUrl: deps.tiktokApiUrl,
      outgoing: deps.outgoing,
      accessToken: decryptSecret(deps.secretsKey, account.accessToken),
      advertiserId,
      attempts: options.manual ? 4 : 1,
      backoffMs: deps.tiktokBackoffMs,
    };
    const read = await getMarketingObjects({ ...call, level: rule.level, ids: group.map((i) => i.objectId) });
    if (read.answer.code !== 0) {
      for (const intent of group) await finish(intent, { result: read.answer.throttled ? 'throttled' : 'failed', change: plannedChange(rule), answer: read.answer });
      continue;
    }
    const toStatus = new Map<string, Array<{ intent: Intent; current: MarketingObject }>>();
    for (const intent of group) {
      const current = read.objects.get(intent.objectId);
      if (!current) {
        await finish(intent, { result: 'failed', change: plannedChange(rule), answer: read.answer, message: `TikTok does not know ${LEVEL_WORD[rule.level]} ${intent.objectId}` });
        continue;
      }
      const wanted = WANTED_STATUS[intent.pending.action];
      if (wanted) {
        if (current.status === wanted) {
          await finish(intent, { result: intent.resumed ? 'done' : 'already', change: intent.resumed ? `${wanted === 'DISABLE' ? 'ENABLE' : 'DISABLE'} → ${wanted}` : `${current.status} (no change)` });
        } else toStatus.set(wanted, [...(toStatus.get(wanted) ?? []), { intent, current }]);
        continue;
      }
      // A budget change.
      if (current.budget === null || rule.level === 'ad') {
        await finish(intent, { result: 'failed', change: plannedChange(rule), message: `This ${LEVEL_WORD[rule.level]} has no daily budget of its own (unlimited, or set on its campaign)` });
        continue;
      }
      const budget = Number(current.budget);
      if (intent.resumed && intent.pending.target !== null && Math.abs(budget - Number(intent.pending.target)) < 0.005) {
        await finish(intent, { result: 'done', change: `budget ${dollars(intent.pending.from ?? budget)} → ${dollars(budget)}` });
        continue;
      }
      const next = nextBudget(rule.action, budget);
      if (next === null) {
        await finish(intent, { result: 'capped', change: `budget ${dollars(budget)} (at its cap)` });
        continue;
      }
      const target = next.toFixed(2);
      intent.pending = { ...intent.pending, target, from: budget.toFixed(2) };
      await writeIntent(deps.db, rule, intent.objectId, advertiserId, intent.pending, at);
      const answer = await updateMarketingBudget({ ...call, level: rule.level as 'campaign' | 'adgroup', id: intent.objectId, budget: target });
      const change = `budget ${dollars(budget)} → ${dollars(target)}`;
      await finish(intent, { result: answer.code === 0 ? 'done' : answer.throttled ? 'throttled' : 'failed', change, answer });
    }
    for (const [status, items] of toStatus) {
      for (let i = 0; i < items.length; i += TIKTOK_STATUS_BATCH) {
        const batch = items.slice(i, i + TIKTOK_STATUS_BATCH);
        const { answer, refused } = await updateMarketingStatus({ ...call, level: rule.level, ids: batch.map((b) => b.intent.objectId), status: status as 'ENABLE' | 'DISABLE' });
        for (const { intent, current } of batch) {
          const change = `${current.status} → ${status}`;
          if (answer.code === 0 && !refused.has(intent.objectId)) await finish(intent, { result: 'done', change, answer });
          else if (answer.throttled) await finish(intent, { result: 'throttled', change, answer });
          else await finish(intent, { result: 'failed', change, answer, message: refused.get(intent.objectId) ?? answer.message });
        }
      }
    }
  }
  return results;
}

/** Intents of this rule whose run died (older than STALE_INTENT_MS), finished now. */
async function resumeIntents(deps: RuleEngineDeps, rule: RuleRecord, options: EvaluateOptions): Promise<Map<string, RuleResult>> {
  const stale = await deps.db
    .select()
    .from(schema.ruleObjectStates)
    .where(
      and(
        eq(schema.ruleObjectStates.ruleId, rule.id),
        isNotNull(schema.ruleObjectStates.pending),
        lt(schema.ruleObjectStates.pendingSince, new Date(options.now - STALE_INTENT_MS)),
      ),
    );
  if (stale.length === 0) return new Map();
  deps.logger.warn({ ruleId: rule.id, objects: stale.map((s) => s.objectId) }, 'finishing rule actions a stopped run left under way');
  return carryOut(
    deps,
    rule,
    stale.map((s) => ({ objectId: s.objectId, advertiserId: s.advertiserId, pending: s.pending as unknown as PendingAction, resumed: true })),
    options,
  );
}

/** Actions (or dry-run decisions) the rule took since the report day began, and intents under way. */
export async function actionsToday(db: Db, ruleId: number, dayStart: Date): Promise<number> {
  const [logged] = await db
    .select({ n: count() })
    .from(schema.ruleLog)
    .where(and(eq(schema.ruleLog.ruleId, ruleId), gte(schema.ruleLog.at, dayStart), inArray(schema.ruleLog.result, COUNTED)));
  return logged?.n ?? 0;
}

export async function evaluateRule(deps: RuleEngineDeps, row: RuleRow, options: EvaluateOptions): Promise<RuleRun> {
  const rule = ruleRecord(row);
  const at = new Date(options.now);
  const timezone = await readReportTimezone(deps.db);
  const span = windowSpan(rule.window, options.now, timezone, true);
  const objects = await loadRuleObjects(deps.analytics, rule, span.start, null, options.now);

  // Even a rule switched to dry-run since finishes what it began live: the intent may have reached TikTok.
  const resumed = await resumeIntents(deps, rule, options);

  const decisions: RuleRun['decisions'] = [];
  const matched: Array<{ id: string; name: string; advertiserId: string; metrics: RuleMetricValues }> = [];
  for (const object of [...objects.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const metrics = metricValues(sumWindow(object, span));
    const isMatch = ruleMatches(rule, metrics);
    decisions.push({ level: rule.level, objectId: object.id, objectName: object.name, metrics, matched: isMatch, result: resumed.get(object.id) ?? null });
    if (isMatch && !resumed.has(object.id)) matched.push({ id: object.id, name: object.name, advertiserId: object.advertiserId, metrics });
  }

  // Claims under the rule's row lock: two runs of one rule (the job and 'Run now') never both take the last
  // action of the day or both act on one object.
  const claimed = new Map<string, RuleResult>();
  const intents: Intent[] = [];
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: schema.rules.id }).from(schema.rules).where(eq(schema.rules.id, rule.id)).for('update');
    const txDb = tx as unknown as Db;
    let used = await actionsToday(txDb, rule.id, new Date(zoneMidnight(options.now, timezone)));
    const [underWay] = await tx
      .select({ n: count() })
      .from(schema.ruleObjectStates)
      .where(and(eq(schema.ruleObjectStates.ruleId, rule.id), isNotNull(schema.ruleObjectStates.pending)));
    used += underWay?.n ?? 0;
    for (const object of matched) {
      const [state] = await tx.select().from(schema.ruleObjectStates).where(stateKey(rule, object.id));
      let outcome: Outcome | null = null;
      const coolingUntil = state?.lastActionAt ? state.lastActionAt.getTime() + rule.cooldownMinutes * 60_000 : 0;
      if (state?.pending || coolingUntil > options.now) outcome = { result: 'cooldown', change: plannedChange(rule) };
      else if (used >= rule.maxActionsPerDay) outcome = { result: 'daily_limit', change: plannedChange(rule) };
      else if (rule.mode === 'dry_run') {
        used += 1;
        outcome = { result: 'dry_run', change: plannedChange(rule) };
        await tx
          .insert(schema.ruleObjectStates)
          .values({ ruleId: rule.id, level: rule.level, objectId: object.id, advertiserId: object.advertiserId, lastActionAt: at })
          .onConflictDoUpdate({
            target: [schema.ruleObjectStates.ruleId, schema.ruleObjectStates.level, schema.ruleObjectStates.objectId],
            set: { lastActionAt: at },
          });
      }
      if (outcome) {
        claimed.set(object.id, outcome.result);
        // An object left alone (cooling down, or the day's cap reached) is in the run's answer, not the log: the
        // job judges it every 15 minutes, and a paused ad that keeps matching would write a row each time.
        if (outcome.result !== 'cooldown' && outcome.result !== 'daily_limit') await writeLog(txDb, rule, at, object, object.metrics, outcome);
        continue;
      }
      used += 1;
      const pending: PendingAction = { action: rule.action.type, objectName: object.name, metrics: object.metrics, target: WANTED_STATUS[rule.action.type] ?? null, from: null };
      await writeIntent(txDb, rule, object.id, object.advertiserId, pending, at);
      intents.push({ objectId: object.id, advertiserId: object.advertiserId, pending, resumed: false });
    }
  });
  const acted = await carryOut(deps, rule, intents, options);

  // The rule's alerts recover for objects it no longer matches.
  const prefix = `rule:${rule.id}:${rule.level}:`;
  const matchedIds = new Set(decisions.filter((d) => d.matched).map((d) => d.objectId));
  for (const alert of await listFiringAlerts(deps.db, 'rule-action')) {
    if (!alert.key.startsWith(prefix) || matchedIds.has(alert.key.slice(prefix.length))) continue;
    if (!objects.has(alert.key.slice(prefix.length))) continue;
    await raiseAlert(
      { db: deps.db, secretsKey: deps.secretsKey, notify: deps.notify, logger: deps.logger },
      { state: 'resolved', key: alert.key, text: `The rule's conditions no longer hold.`, ...(rule.notify.length > 0 ? { channelIds: rule.notify } : {}) },
    );
  }

  await deps.db.update(schema.rules).set({ lastRunAt: at }).where(eq(schema.rules.id, rule.id));
  for (const d of decisions) {
    if (d.result === null && d.matched) d.result = claimed.get(d.objectId) ?? acted.get(d.objectId) ?? null;
  }
  return { ruleId: rule.id, at: at.toISOString(), windowStart: new Date(span.start).toISOString(), windowEnd: new Date(span.end).toISOString(), decisions };
}

/** A deleted rule's alerts recover: nothing will evaluate their objects again. */
export async function resolveRuleAlerts(deps: RuleEngineDeps, ruleId: number, notify: readonly number[]): Promise<void> {
  for (const alert of await listFiringAlerts(deps.db, 'rule-action')) {
    if (!alert.key.startsWith(`rule:${ruleId}:`)) continue;
    await raiseAlert(
      { db: deps.db, secretsKey: deps.secretsKey, notify: deps.notify, logger: deps.logger },
      { state: 'resolved', key: alert.key, text: 'The rule was deleted.', ...(notify.length > 0 ? { channelIds: notify } : {}) },
    );
  }
}

/** The 15-minute job: every enabled rule, one after another; one failing never stops the others. */
export async function evaluateEnabledRules(deps: RuleEngineDeps, now: number): Promise<{ rules: number; failed: Array<{ ruleId: number; error: string }> }> {
  const rows = await deps.db.select().from(schema.rules).where(eq(schema.rules.enabled, true)).orderBy(schema.rules.id);
  const failed: Array<{ ruleId: number; error: string }> = [];
  for (const row of rows) {
    try {
      await evaluateRule(deps, row, { now, manual: false });
    } catch (error) {
      deps.logger.error({ err: error, ruleId: row.id }, 'rule evaluation failed');
      failed.push({ ruleId: row.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { rules: rows.length, failed };
}

