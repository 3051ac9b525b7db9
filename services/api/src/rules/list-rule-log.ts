// The automation log: one rule's rows (newest first), or every rule's over report-time-zone days.
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { RuleLogEntry } from '@tracker/schemas';
import { readReportTimezone } from '../reports/report-timezone';
import { zoneMidnight } from './rule-window';

const LOG_LIMIT = 1000;

async function list(db: Db, where: SQL | undefined): Promise<RuleLogEntry[]> {
  const t = schema.ruleLog;
  const rows = await db.select().from(t).where(where).orderBy(desc(t.at), desc(t.id)).limit(LOG_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    ruleId: r.ruleId,
    ruleName: r.ruleName,
    at: r.at.toISOString(),
    level: r.level,
    objectId: r.objectId,
    objectName: r.objectName,
    metrics: r.metrics as RuleLogEntry['metrics'],
    action: r.action as RuleLogEntry['action'],
    mode: r.mode,
    change: r.change,
    result: r.result as RuleLogEntry['result'],
    tiktokCode: r.tiktokCode,
    tiktokMessage: r.tiktokMessage,
    tiktokRequestId: r.tiktokRequestId,
  }));
}

export const listRuleLog = (db: Db, ruleId: number) => list(db, eq(schema.ruleLog.ruleId, ruleId));

/** yyyy-MM-dd days inclusive, in the report time zone. */
export async function listAutomationLog(db: Db, range: { startDate: string; endDate: string }): Promise<RuleLogEntry[]> {
  const timezone = await readReportTimezone(db);
  // Noon UTC of a date lies inside that calendar day in every zone from -11 to +11; zoneMidnight finds its start.
  const dayStart = (date: string) => zoneMidnight(Date.parse(`${date}T12:00:00Z`), timezone);
  const start = dayStart(range.startDate);
  const end = zoneMidnight(dayStart(range.endDate) + 36 * 3_600_000, timezone);
  return list(db, and(gte(schema.ruleLog.at, new Date(start)), lt(schema.ruleLog.at, new Date(end))));
}
