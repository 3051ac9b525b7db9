// A rule as answered (ruleSchema), with the actions it took since the report day began.
import { and, count, gte, inArray } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { Rule } from '@tracker/schemas';
import { readReportTimezone } from '../reports/report-timezone';
import { ruleRecord, type RuleRow } from './rule-record';
import { zoneMidnight } from './rule-window';

export async function ruleViews(db: Db, rows: RuleRow[], now = Date.now()): Promise<Rule[]> {
  if (rows.length === 0) return [];
  const dayStart = new Date(zoneMidnight(now, await readReportTimezone(db)));
  const counts = await db
    .select({ ruleId: schema.ruleLog.ruleId, n: count() })
    .from(schema.ruleLog)
    .where(and(inArray(schema.ruleLog.ruleId, rows.map((r) => r.id)), gte(schema.ruleLog.at, dayStart), inArray(schema.ruleLog.result, ['done', 'dry_run'])))
    .groupBy(schema.ruleLog.ruleId);
  const today = new Map(counts.map((c) => [c.ruleId, c.n]));
  return rows.map((row) => ({
    ...ruleRecord(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    actionsToday: today.get(row.id) ?? 0,
  }));
}
