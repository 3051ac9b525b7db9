// The Stats screen's days in the report time zone (setting report_timezone): which zone that is, as the
// report last said, and the date range sent while the user keeps the default 'today'.
import { DEFAULT_REPORT_TIMEZONE } from '@tracker/schemas';
import { useState } from 'react';
import { useAuth } from '../../app/auth/auth-context';
import { lastDays, todayIn, toDayParam, type DayRange } from '../../ui/date-range-presets';

/** The report time zone as the signed-in user's session told it: known before any report answers, so
 *  the first request already asks for the right day. */
export function useSignedInTimeZone(): string {
  return useAuth().user?.reportTimezone ?? DEFAULT_REPORT_TIMEZONE;
}

/**
 * The zone the server buckets reports in, and a call that learns it from a report. Non-admins cannot
 * read settings: it comes with the signed-in user (GET /api/user), and a report that answers with another
 * (the setting changed meanwhile) corrects it, kept while the next one loads. Call `learn` during render:
 * React renders again at once, so the corrected day goes out without painting the guess.
 */
export function useReportTimeZone(): [timeZone: string, learn: (reported: string | undefined) => void] {
  const sessionZone = useSignedInTimeZone();
  const [known, setKnown] = useState(sessionZone);
  return [
    known,
    (reported) => {
      if (reported && reported !== known) setKnown(reported);
    },
  ];
}

/** The range the report covers: the one picked, or (null) today in the report time zone. */
export function statsRange(picked: DayRange | null, timeZone: string, now: number = Date.now()): DayRange {
  return picked ?? lastDays(1, todayIn(timeZone, now));
}

export function rangeParams(range: DayRange): { startDate: string; endDate: string } {
  return { startDate: toDayParam(range.from), endDate: toDayParam(range.to) };
}

/** stats-{date}.csv, dated today in the report time zone. */
export function statsCsvFilename(timeZone: string, now: number = Date.now()): string {
  return `stats-${toDayParam(todayIn(timeZone, now))}.csv`;
}
