// Calendar days and hours in a time zone, with Intl alone (no time-zone library in the services): the day an
// instant falls on in a zone, a day moved by whole days, and a zone's local hour as a UTC instant. Used by the
// spend sync (advertiser days and hours) and the automation rules (report-day windows).

const DAY = 86_400_000;

/** yyyy-MM-dd of the instant in the zone ('en-CA' formats dates that way). */
/** The UTC day (YYYY-MM-DD) of an epoch-ms time or a Date. */
export const utcDay = (at: number | Date): string => new Date(at).toISOString().slice(0, 10);

export function dayInZone(epochMs: number, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(epochMs);
}

/** The calendar day `days` after (or before) `date`, both yyyy-MM-dd. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at the instant, in ms. */
function zoneOffsetMs(epochMs: number, timezone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(epochMs)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The UTC instant of `date` at `hour`:00 in the zone (a local time skipped by DST: the instant after the gap). */
export function zonedHourToUtc(date: string, hour: number, timezone: string): number {
  const local = Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000;
  // Two rounds settle the offset either side of a DST change.
  let guess = local - zoneOffsetMs(local, timezone);
  guess = local - zoneOffsetMs(guess, timezone);
  return guess;
}
