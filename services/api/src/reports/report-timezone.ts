// The report time zone (setting report_timezone, IANA name, default UTC): days and hours of every
// report are bucketed in it.
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { DEFAULT_REPORT_TIMEZONE } from '@tracker/schemas';

export async function readReportTimezone(db: Db): Promise<string> {
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, 'report_timezone'));
  return row?.value || DEFAULT_REPORT_TIMEZONE;
}
