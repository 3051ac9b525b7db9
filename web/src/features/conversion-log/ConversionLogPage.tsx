// The Conversions screen at /conversions: every postback received in the range, newest
// first, searchable by transaction or click id and filtered by status, so a network integration can be
// debugged; older pages by cursor, the newest page polled. The range, search and status live in the URL,
// so a reload or a shared link shows the same postbacks.
import { useSignedInTimeZone } from '../stats/report-time-zone';
import { tz } from '@date-fns/tz';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { lastDays, parseDayRangeParams, todayIn, toDayParam, type DayRange } from '../../ui/date-range-presets';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { PageHeader } from '../../ui/PageHeader';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { conversionLogColumns } from './conversion-log-columns';
import { useConversionLog, type ConversionLogFilter } from './queries';

const ALL_STATUSES = 'all';
const NO_SORTING: [] = [];

const STATUSES = ['approved', 'pending', 'rejected'] as const;

export function ConversionLogPage() {
  const [query, setQuery] = useSearchParams();
  const picked = parseDayRangeParams(query.get('start') ?? undefined, query.get('end') ?? undefined);
  const search = query.get('q') ?? '';
  const status = (STATUSES as readonly string[]).includes(query.get('status') ?? '') ? query.get('status')! : ALL_STATUSES;
  // The session's zone first, so the first request asks for the right days; the answer's zone corrects it.
  const sessionZone = useSignedInTimeZone();
  const [knownTimezone, setKnownTimezone] = useState(sessionZone);
  // The cursors of the pages before this one: empty on the newest page.
  const [cursors, setCursors] = useState<string[]>([]);
  /** Sets URL parameters ('' removes one) and goes back to the newest page. Typing replaces the history entry. */
  function updateQuery(patch: Record<string, string>, options: { replace?: boolean } = {}) {
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: options.replace ?? false },
    );
    setCursors([]);
  }

  const range = picked ?? lastDays(7, todayIn(knownTimezone));
  const filter: ConversionLogFilter = {
    range,
    // A click id copied as the tables show it ('…890a1b2c') is searched without its ellipsis.
    search: search.trim().replace(/^(…|\.\.\.)/, '') || undefined,
    status: status === ALL_STATUSES ? undefined : (status as ConversionLogFilter['status']),
  };
  const log = useConversionLog(filter, cursors[cursors.length - 1]);
  const timezone = log.data?.timezone ?? knownTimezone;
  if (timezone !== knownTimezone) setKnownTimezone(timezone);
  const columns = useMemo(() => conversionLogColumns(tz(timezone)), [timezone]);
  const rows = log.data?.rows ?? [];
  const next = log.isPlaceholderData ? null : (log.data?.next ?? null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Conversions"
        description={`Every postback received, newest first, with what it did; times in ${timezone}`}
        actions={
          <DateRangePicker
            value={range}
            timeZone={timezone}
            onChange={(value: DayRange) => updateQuery({ start: toDayParam(value.from), end: toDayParam(value.to) })}
            className="w-full sm:w-auto"
          />
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="conversion-search" className="text-xs text-muted-foreground">
            Transaction or click ID
          </Label>
          <div className="relative sm:w-80">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="conversion-search"
              type="search"
              value={search}
              maxLength={200}
              onChange={(event) => updateQuery({ q: event.target.value }, { replace: true })}
              placeholder="Search by transaction or click ID"
              autoComplete="off"
              spellCheck={false}
              className="pl-8 font-mono"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="conversion-status" className="text-xs text-muted-foreground">
            Status
          </Label>
          <Select
            value={status}
            onValueChange={(value) => updateQuery({ status: value === ALL_STATUSES ? '' : value })}
          >
            <SelectTrigger id="conversion-status" className="sm:w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_STATUSES}>All statuses</SelectItem>
              <SelectItem value="approved">Approved</SelectItem>
              <SelectItem value="pending">Pending</SelectItem>
              <SelectItem value="rejected">Rejected</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>

      <Card className="gap-4 py-2">
        <CardContent className={`px-2 sm:px-4 ${log.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
          <DataTable
            label="Conversions"
            data={rows}
            columns={columns}
            getRowId={(row) => row.eventId}
            sorting={NO_SORTING}
            onSortingChange={() => {}}
            manualSorting
            isPending={log.isPending}
            loadingLabel="Loading conversions"
            emptyMessage={log.isError ? 'Failed to fetch conversions' : 'No postbacks received for the selected filters'}
          />
        </CardContent>
        {(cursors.length > 0 || next) && (
          <CardContent className="flex items-center justify-end gap-2 border-t px-2 pt-3 pb-2 sm:px-4">
            <Button variant="outline" size="sm" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
              <ChevronLeft aria-hidden="true" />
              Newer
            </Button>
            <Button variant="outline" size="sm" disabled={!next} onClick={() => next && setCursors([...cursors, next])}>
              Older
              <ChevronRight aria-hidden="true" />
            </Button>
          </CardContent>
        )}
      </Card>
    </div>
  );
}
