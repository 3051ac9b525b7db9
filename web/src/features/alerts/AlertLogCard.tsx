// Settings → Alerts: the alert log. What is firing now, then every firing and recovery of the days
// picked (last 7 by default), newest first, with when (report time zone) and what was sent where:
// sent, waiting for the next try, or given up with the service's error.
import { tz } from '@date-fns/tz';
import type { ColumnDef } from '@tanstack/react-table';
import { CHANNEL_TYPE_LABELS, type AlertEventView } from '@tracker/schemas';
import { format } from 'date-fns';
import { AlertTriangle, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { lastDays, todayIn, type DayRange } from '../../ui/date-range-presets';
import { useSignedInTimeZone } from '../stats/report-time-zone';
import { useAlertLog } from './queries';

const NO_SORTING: [] = [];
type InZone = ReturnType<typeof tz>;
type Delivery = AlertEventView['deliveries'][number];

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;
const when = (iso: string, inZone: InZone) => format(new Date(iso), 'MMM d, HH:mm', { in: inZone });

function DeliveryLine({ delivery, inZone }: { delivery: Delivery; inZone: InZone }) {
  const channel = `${delivery.channelName} (${CHANNEL_TYPE_LABELS[delivery.channelType]})`;
  if (delivery.status === 'sent') {
    return (
      <li className="flex items-center gap-1.5">
        <CheckCircle2 className="size-3.5 shrink-0 text-emerald-600" aria-hidden="true" />
        <span>
          {channel} <span className="text-muted-foreground">· sent {delivery.sentAt ? when(delivery.sentAt, inZone) : ''}</span>
        </span>
      </li>
    );
  }
  const pending = delivery.status === 'pending';
  const Icon = pending ? Clock : XCircle;
  return (
    <li className="grid gap-0.5">
      <span className="flex items-center gap-1.5">
        <Icon className={`size-3.5 shrink-0 ${pending ? 'text-amber-600' : 'text-destructive'}`} aria-hidden="true" />
        <span>
          {channel}{' '}
          <span className="text-muted-foreground">
            · {pending ? (delivery.attempts === 0 ? 'waiting to be sent' : `will retry (${tries(delivery.attempts)} so far)`) : `gave up after ${tries(delivery.attempts)}`}
          </span>
        </span>
      </span>
      {delivery.error && <span className="pl-5 text-xs break-words whitespace-normal text-destructive">{delivery.error}</span>}
    </li>
  );
}

export function AlertLogCard() {
  const sessionZone = useSignedInTimeZone();
  const [picked, setPicked] = useState<DayRange | null>(null);
  const range = picked ?? lastDays(7, todayIn(sessionZone));
  const log = useAlertLog(range);
  const timeZone = log.data?.timezone ?? sessionZone;
  const inZone = useMemo(() => tz(timeZone), [timeZone]);
  const firing = log.data?.firing ?? [];

  const columns = useMemo<ColumnDef<AlertEventView>[]>(
    () => [
      {
        id: 'at',
        header: 'Time',
        size: 120,
        cell: ({ row }) => <span className="text-sm whitespace-nowrap tabular-nums">{when(row.original.at, inZone)}</span>,
      },
      {
        id: 'state',
        header: 'Event',
        size: 100,
        cell: ({ row }) =>
          row.original.state === 'firing' ? <Badge variant="destructive">Firing</Badge> : <Badge variant="success">Resolved</Badge>,
      },
      {
        id: 'alert',
        header: 'Alert',
        size: 440,
        cell: ({ row }) => (
          <div className="grid gap-0.5 whitespace-normal">
            <span className="font-medium break-words">{row.original.title}</span>
            <span className="text-xs break-words text-muted-foreground">{row.original.text}</span>
          </div>
        ),
      },
      {
        id: 'sent',
        header: 'Sent to',
        size: 370,
        cell: ({ row }) =>
          row.original.deliveries.length === 0 ? (
            <span className="text-sm text-muted-foreground">No channel takes this alert</span>
          ) : (
            <ul className="grid gap-1 text-sm whitespace-normal">
              {row.original.deliveries.map((d, i) => (
                <DeliveryLine key={`${d.channelId ?? 'gone'}-${i}`} delivery={d} inZone={inZone} />
              ))}
            </ul>
          ),
      },
    ],
    [inZone],
  );

  return (
    <Card className="min-w-0 xl:col-span-2">
      <CardHeader className="flex flex-wrap items-start justify-between gap-4 sm:flex-nowrap">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <CardTitle>
            <h2>Alert log</h2>
          </CardTitle>
          <CardDescription>Every alert and recovery, and where it was sent; times in {timeZone}.</CardDescription>
        </div>
        <DateRangePicker value={range} timeZone={timeZone} onChange={setPicked} className="w-full shrink-0 sm:w-auto" />
      </CardHeader>
      <CardContent className="grid gap-4">
        {firing.length > 0 && (
          <section aria-label="Firing now" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3">
            <h3 className="flex items-center gap-2 text-sm font-semibold text-destructive">
              <AlertTriangle className="size-4" aria-hidden="true" />
              Firing now ({firing.length})
            </h3>
            <ul className="grid gap-1.5 text-sm">
              {firing.map((alert) => (
                <li key={alert.key}>
                  <span className="font-medium">{alert.title}</span>{' '}
                  <span className="text-muted-foreground">· since {when(alert.since, inZone)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <DataTable
          label="Alert log"
          data={log.data?.events ?? []}
          columns={columns}
          getRowId={(row) => String(row.id)}
          sorting={NO_SORTING}
          onSortingChange={() => {}}
          manualSorting
          isPending={log.isPending}
          loadingLabel="Loading alerts..."
          emptyMessage={log.isError ? `Failed to fetch the alert log: ${errorMessage(log.error)}` : 'No alerts in these days.'}
        />
      </CardContent>
    </Card>
  );
}
