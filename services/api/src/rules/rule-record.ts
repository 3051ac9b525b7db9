// A stored rule read back with its typed fields, and the judgement of one object's metrics against it.
import type { schema } from '@tracker/core';
import type { RuleAction, RuleCondition, RuleLevel, RuleMetricValues, RuleMode, RuleWindow } from '@tracker/schemas';

export type RuleRow = typeof schema.rules.$inferSelect;

export interface RuleRecord {
  id: number;
  name: string;
  level: RuleLevel;
  accountIds: string[];
  campaignIds: string[];
  window: RuleWindow;
  conditions: RuleCondition[];
  guard: { minSpend: number; minVisits: number };
  action: { type: RuleAction['type']; percent: number | null; budgetCap: number | null };
  cooldownMinutes: number;
  maxActionsPerDay: number;
  mode: RuleMode;
  notify: number[];
  enabled: boolean;
}

export function ruleRecord(row: RuleRow): RuleRecord {
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    accountIds: row.accountIds,
    campaignIds: row.campaignIds,
    window: row.window as RuleWindow,
    conditions: row.conditions as RuleCondition[],
    guard: row.guard,
    action: row.action as RuleRecord['action'],
    cooldownMinutes: row.cooldownMinutes,
    maxActionsPerDay: row.maxActionsPerDay,
    mode: row.mode,
    notify: row.notify,
    enabled: row.enabled,
  };
}

const value = (metrics: RuleMetricValues, metric: RuleCondition['metric']): number | null => {
  const v = metrics[metric];
  return v === null ? null : Number(v);
};

/** The guard lets the object through and every condition holds (a condition on an undefined metric, e.g. cr
 *  without visits, does not). */
export function ruleMatches(rule: Pick<RuleRecord, 'guard' | 'conditions'>, metrics: RuleMetricValues): boolean {
  if (Number(metrics.spend) < rule.guard.minSpend || metrics.visits < rule.guard.minVisits) return false;
  return rule.conditions.every((c) => {
    const v = value(metrics, c.metric);
    if (v === null) return false;
    switch (c.op) {
      case 'gt':
        return v > c.value;
      case 'gte':
        return v >= c.value;
      case 'lt':
        return v < c.value;
      case 'lte':
        return v <= c.value;
    }
  });
}

/** A budget change from `current` (dollars), never past the cap; null when the budget is at its cap already. */
export function nextBudget(action: RuleRecord['action'], current: number): number | null {
  const percent = action.percent ?? 0;
  if (action.type === 'budget_increase') {
    const cap = action.budgetCap ?? current;
    if (current >= cap) return null;
    return Math.min(Math.round(current * (100 + percent)) / 100, cap);
  }
  const floor = action.budgetCap ?? 0;
  if (current <= floor) return null;
  return Math.max(Math.round(current * (100 - percent)) / 100, floor);
}
