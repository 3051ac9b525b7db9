// Creating and changing a rule: the body as ruleInputSchema checks it, then what only the stores know: its ad
// accounts are connected, its channels exist, and a budget action names a level that has a budget.
import { eq, inArray } from 'drizzle-orm';
import { badRequest, notFound, schema, type Db } from '@tracker/core';
import { ruleInputSchema, type RuleInput } from '@tracker/schemas';
import { ruleRecord, type RuleRow } from './rule-record';

export const RULE_NOT_FOUND = 'Rule not found';

async function checkAgainstStores(db: Db, input: RuleInput): Promise<void> {
  const accounts = await db
    .select({ advertiserId: schema.tiktokAccounts.advertiserId })
    .from(schema.tiktokAccounts)
    .where(inArray(schema.tiktokAccounts.advertiserId, input.accountIds));
  const connected = new Set(accounts.map((a) => a.advertiserId));
  const missing = input.accountIds.filter((id) => !connected.has(id));
  if (missing.length > 0) throw badRequest(`Ad account ${missing.join(', ')} is not connected (Settings → TikTok accounts)`);
  if (input.notify.length > 0) {
    const channels = await db.select({ id: schema.notificationChannels.id }).from(schema.notificationChannels).where(inArray(schema.notificationChannels.id, input.notify));
    const known = new Set(channels.map((c) => c.id));
    const unknown = input.notify.filter((id) => !known.has(id));
    if (unknown.length > 0) throw badRequest(`Notification channel ${unknown.join(', ')} does not exist`);
  }
  if ((input.action.type === 'budget_increase' || input.action.type === 'budget_decrease') && input.level === 'ad') {
    throw badRequest('Ads have no budget: change budgets at the campaign or ad group level');
  }
}

const columns = (input: RuleInput) => ({
  name: input.name,
  level: input.level,
  accountIds: [...new Set(input.accountIds)],
  campaignIds: [...new Set(input.campaignIds)],
  window: input.window,
  conditions: input.conditions,
  guard: input.guard,
  action: { type: input.action.type, percent: input.action.percent ?? null, budgetCap: input.action.budgetCap ?? null },
  cooldownMinutes: input.cooldownMinutes,
  maxActionsPerDay: input.maxActionsPerDay,
  mode: input.mode,
  notify: [...new Set(input.notify)],
  enabled: input.enabled,
});

export async function createRule(db: Db, input: RuleInput): Promise<RuleRow> {
  await checkAgainstStores(db, input);
  const [row] = await db.insert(schema.rules).values(columns(input)).returning();
  return row!;
}

/** The change applied to the stored rule, and the whole rule checked again. */
export async function updateRule(db: Db, row: RuleRow, patch: Record<string, unknown>): Promise<RuleRow> {
  const { id: _id, ...stored } = ruleRecord(row);
  const merged = ruleInputSchema.safeParse({ ...stored, ...patch });
  if (!merged.success) throw badRequest(merged.error.issues[0]!.message);
  await checkAgainstStores(db, merged.data);
  const [updated] = await db
    .update(schema.rules)
    .set({ ...columns(merged.data), updatedAt: new Date() })
    .where(eq(schema.rules.id, row.id))
    .returning();
  if (!updated) throw notFound(RULE_NOT_FOUND);
  return updated;
}
