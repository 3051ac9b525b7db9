// The alert log for Settings → Alerts: what is firing now, and every firing and recovery of the days
// asked for (report time zone), newest first, each with what was sent to which channel and how it went.
import { and, asc, desc, inArray, sql } from 'drizzle-orm';
import { listFiringAlerts, schema, type Db } from '@tracker/core';
import { ALERT_LOG_LIMIT, type AlertKind, type AlertLog, type AlertLogQuery } from '@tracker/schemas';
import { readReportTimezone } from '../reports/report-timezone';

export async function listAlertLog(db: Db, query: AlertLogQuery): Promise<AlertLog> {
  const tz = await readReportTimezone(db);
  const events = schema.alertEvents;
  const deliveries = schema.alertDeliveries;
  const from = sql`(${query.startDate}::date::timestamp AT TIME ZONE ${tz})`;
  const to = sql`((${query.endDate}::date + 1)::timestamp AT TIME ZONE ${tz})`;
  const rows = await db
    .select()
    .from(events)
    .where(and(sql`${events.at} >= ${from}`, sql`${events.at} < ${to}`))
    .orderBy(desc(events.at), desc(events.id))
    .limit(ALERT_LOG_LIMIT);
  const sent =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(deliveries)
          .where(inArray(deliveries.eventId, rows.map((r) => r.id)))
          .orderBy(asc(deliveries.id));
  const firing = await listFiringAlerts(db);
  return {
    timezone: tz,
    firing: firing.map((a) => ({ key: a.key, kind: a.kind as AlertKind, title: a.title, text: a.text, since: a.since.toISOString() })),
    events: rows.map((e) => ({
      id: e.id,
      key: e.key,
      kind: e.kind as AlertKind,
      state: e.state,
      title: e.title,
      text: e.text,
      at: e.at.toISOString(),
      deliveries: sent
        .filter((d) => d.eventId === e.id)
        .map((d) => ({
          channelId: d.channelId,
          channelName: d.channelName,
          channelType: d.channelType,
          // A claimed one is on its way: still pending to whoever reads the log.
          status: d.status === 'sending' ? 'pending' : d.status,
          attempts: d.attempts,
          error: d.error,
          sentAt: d.sentAt?.toISOString() ?? null,
        })),
    })),
  };
}
