// Times on the Rules page, in the report time zone (as the other screens show theirs): 'Nov 27, 14:05'.
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { useSignedInTimeZone } from '../stats/report-time-zone';

export function formatInZone(iso: string, inZone: ReturnType<typeof tz>): string {
  return format(new Date(iso), 'MMM d, HH:mm', { in: inZone });
}

export function useTimeInZone(): { timeZone: string; when: (iso: string) => string } {
  const timeZone = useSignedInTimeZone();
  return useMemo(() => {
    const inZone = tz(timeZone);
    return { timeZone, when: (iso: string) => formatInZone(iso, inZone) };
  }, [timeZone]);
}
