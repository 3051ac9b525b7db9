// What every alert check is: a kind, and a run that answers the alerts of that kind firing now (the job
// resolves the kind's other firing alerts), or null when it cannot tell this time (nothing changes).
import { eq } from 'drizzle-orm';
import { schema, type Analytics, type Db, type EventLog, type FiringAlert } from '@tracker/core';
import { DEFAULT_REPORT_TIMEZONE, type AlertKind, type SettingKey } from '@tracker/schemas';

export interface CheckContext {
  db: Db;
  analytics: Analytics;
  /** The event log, where this process has one: the projector's positions. */
  eventLog?: EventLog;
  /** The projector's consumer group. */
  projectorGroup: string;
  now: Date;
  /** The report time zone: days, and the times in the texts. */
  timezone: string;
}

export interface AlertCheck {
  kind: AlertKind;
  run(ctx: CheckContext): Promise<FiringAlert[] | null>;
}

export async function readSetting(db: Db, key: SettingKey): Promise<string | null> {
  const [row] = await db.select({ value: schema.settings.value }).from(schema.settings).where(eq(schema.settings.key, key));
  return row?.value || null;
}

export async function readReportTimezone(db: Db): Promise<string> {
  return (await readSetting(db, 'report_timezone')) ?? DEFAULT_REPORT_TIMEZONE;
}

/** 'Mar 5, 14:30 EST': a moment as an alert's text shows it, in the report time zone. */
export function formatMoment(at: Date | number, timezone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: timezone, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).format(at);
}
