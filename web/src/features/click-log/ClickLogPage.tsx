// The Click Log at /clicks (spec §2 "Click Log page"): date range (the last 7 days of the report time zone
// by default), campaign and rows-per-page filters, a click id search, four cards, the server-paged table
// polled every 10 s with its columns chosen in this browser, and the server's CSV of the range. The filters
// live in the URL (click-log-view.ts), so a reload keeps them and a link shares them.
import { useSignedInTimeZone } from '../stats/report-time-zone';
import { CLICK_LOG_PAGE_SIZES } from '@tracker/schemas';
import { Archive, Download, LogOut, MousePointerClick, Percent, RefreshCw, Target } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatCount, formatPercent, percentOf } from '../../lib/format';
import { useCampaigns } from '../campaigns/queries';
import { Alert, AlertDescription } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { ColumnsMenu } from '../../ui/ColumnsMenu';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { lastDays, todayIn, toDayParam } from '../../ui/date-range-presets';
import { Label } from '../../ui/Label';
import { MetricCard } from '../../ui/MetricCard';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { ClickIdSearch } from './ClickIdSearch';
import { ClickLogTable } from './ClickLogTable';
import { ALL_CAMPAIGNS, parseClickLogView, serializeClickLogView, type ClickLogView } from './click-log-view';
import { CLICK_LOG_COLUMNS } from './click-log-columns';
import { columnVisibility, DEFAULT_COLUMN_PREFS, hiddenColumns, useColumnPrefs } from './column-prefs';
import { FIRST_PAGE, placeOfPage, type PagePlace } from './page-place';
import { clickLogCsvUrl, useClickLog, useClickLogSummary, type ClickLogFilter } from './queries';

export function ClickLogPage() {
  const [query, setQuery] = useSearchParams();
  // picked is null until the user picks a range: then the last 7 days of the report time zone, once known.
  // search: the digits searched for, set only from text that can be part of a click id.
  const { range: picked, campaign, pageSize, search, place } = useMemo(() => parseClickLogView(query), [query]);
  // Any change but the page's own goes back to page 1 of a fresh snapshot.
  function updateView(patch: Partial<ClickLogView>, options?: { replace?: boolean }) {
    setQuery((current) => serializeClickLogView({ ...parseClickLogView(current), place: FIRST_PAGE, ...patch }), { replace: options?.replace ?? false });
  }
  // The page lives in the URL with its snapshot and cursor: a reload, or a link, opens the same clicks.
  const setPlace = (next: PagePlace) => updateView({ place: next });
  const [columnPrefs, setColumnPrefs] = useColumnPrefs();
  // The session's zone first, so the first request asks for the right days; the answer's zone corrects it.
  const sessionZone = useSignedInTimeZone();
  const [knownTimezone, setKnownTimezone] = useState(sessionZone);

  const range = picked ?? lastDays(7, todayIn(knownTimezone));
  const filter: ClickLogFilter = { range, campaignId: campaign === ALL_CAMPAIGNS ? undefined : campaign, search };
  const clicks = useClickLog(filter, pageSize, place);
  const cards = useClickLogSummary(filter);
  const campaigns = useCampaigns();
  // Non-admins cannot read settings: the zone is learnt from the Click Log's own answer.
  const timezone = clicks.data?.timezone ?? knownTimezone;
  if (timezone !== knownTimezone) setKnownTimezone(timezone);

  const shown = clicks.isPlaceholderData ? undefined : clicks.data;
  const total = clicks.data?.total ?? 0;
  const newer = place.page > 1 ? (shown?.newer ?? 0) : 0;
  // A page of the snapshot that has come back empty (its clicks deleted) has nothing to page from.
  useEffect(() => {
    if (shown && shown.rows.length === 0 && place.page > 1) updateView({ place: FIRST_PAGE }, { replace: true });
  }, [shown, place.page]);

  const tableCard = useRef<HTMLDivElement>(null);
  function goToPage(target: number) {
    // Until the asked page is in, the rows on screen are another page's: no cursor to take from them.
    if (!shown) return;
    setPlace(placeOfPage(target, { place, rows: shown.rows, asOf: shown.asOf, total: shown.total }, pageSize));
    // The pager sits under the rows: bring the new page's first row (and any 'new clicks' note) into view.
    if (tableCard.current && tableCard.current.getBoundingClientRect().top < 0) tableCard.current.scrollIntoView({ block: 'start' });
  }

  // Until the range's cards first come, their figures are a dash, never a zero the range may not have.
  const summary = cards.data;
  const figure = (value: (s: NonNullable<typeof summary>) => string) => (summary ? value(summary) : '—');
  // Raw clicks older than the retention (RAW_RETENTION_DAYS) are gone; the reports' daily figures are not.
  const retention = clicks.data?.rawRetention;
  const olderThanKept = retention && toDayParam(range.from) < retention.keptFrom ? retention : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Click Log"
        description={`Every click with its exit and conversions, newest first; times in ${timezone}`}
        actions={
          <>
            {total === 0 ? (
              <Button variant="outline" disabled>
                <Download aria-hidden="true" />
                Download CSV
              </Button>
            ) : (
              // The server writes the file as the browser saves it: no click passes through this page.
              <Button variant="outline" asChild>
                <a href={clickLogCsvUrl(filter)} download>
                  <Download aria-hidden="true" />
                  Download CSV
                </a>
              </Button>
            )}
            <DateRangePicker
              value={range}
              onChange={(next) => updateView({ range: next })}
              timeZone={timezone}
              className="w-full sm:w-auto"
            />
          </>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="click-log-campaign" className="text-xs text-muted-foreground">
            Campaign
          </Label>
          <Select
            value={campaign}
            onValueChange={(value) => updateView({ campaign: value })}
          >
            <SelectTrigger id="click-log-campaign" className="sm:w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_CAMPAIGNS}>All Campaigns</SelectItem>
              {(campaigns.data ?? []).map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="click-log-page-size" className="text-xs text-muted-foreground">
            Rows per page
          </Label>
          <Select
            value={String(pageSize)}
            onValueChange={(value) => updateView({ pageSize: Number(value) })}
          >
            <SelectTrigger id="click-log-page-size" className="sm:w-32">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CLICK_LOG_PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <ClickIdSearch
          initialText={search}
          // Typing replaces the history entry, so Back is not one step per character.
          onSearch={(next) => {
            if (next !== search) updateView({ search: next }, { replace: true });
          }}
        />
        <div className="sm:ml-auto">
          <ColumnsMenu
            columns={CLICK_LOG_COLUMNS}
            visibility={columnVisibility(columnPrefs.hidden)}
            onVisibilityChange={(next) => setColumnPrefs({ ...columnPrefs, hidden: hiddenColumns(next) })}
            // Also forgets dragged widths, as the dashboard's does.
            onReset={() => setColumnPrefs(DEFAULT_COLUMN_PREFS)}
          />
        </div>
      </div>

      {olderThanKept && (
        <Alert role="note" data-testid="click-log-retention">
          <Archive aria-hidden="true" />
          <AlertDescription>
            Clicks before {olderThanKept.keptFrom} are no longer kept (retention {olderThanKept.days} days); reports still show their daily
            totals.
          </AlertDescription>
        </Alert>
      )}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <MetricCard label="Total Clicks" icon={MousePointerClick} value={figure((s) => formatCount(s.totalClicks))} detail="In the selected range" />
        <MetricCard label="Exit Clicks" icon={LogOut} value={figure((s) => formatCount(s.exitClicks))} detail="Left for the offer" />
        <MetricCard
          label="Converted"
          icon={Target}
          value={figure((s) => formatCount(s.convertedClicks))}
          detail={`${figure((s) => formatPercent(percentOf(s.convertedClicks, s.totalClicks), 1))} conversion rate`}
        />
        <MetricCard
          label="Lander CTR"
          icon={Percent}
          value={figure((s) => formatPercent(percentOf(s.exitClicks, s.totalClicks)))}
          detail="Exit clicks / total clicks"
        />
      </div>

      <Card ref={tableCard} className="scroll-mt-16 gap-4 py-2">
        {newer > 0 && (
          // Pages past the first hold still while clicks arrive; this is where the buyer sees them.
          <CardContent className="flex items-center justify-between gap-3 border-b px-2 pt-1 pb-3 sm:px-4">
            <p className="text-sm text-muted-foreground" role="status">
              {formatCount(newer)} new {newer === 1 ? 'click' : 'clicks'} since this page was read
            </p>
            <Button variant="outline" size="sm" onClick={() => setPlace(FIRST_PAGE)}>
              <RefreshCw aria-hidden="true" />
              Show newest
            </Button>
          </CardContent>
        )}
        <CardContent className={`px-2 sm:px-4 ${clicks.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
          <ClickLogTable
            rows={clicks.data?.rows ?? []}
            timezone={timezone}
            hidden={columnPrefs.hidden}
            widths={columnPrefs.widths}
            onWidthsChange={(widths) => setColumnPrefs({ ...columnPrefs, widths })}
            isPending={clicks.isPending}
            failed={clicks.isError}
            {...(search ? { emptyMessage: `No click ID holding ${search} in the selected dates and campaign` } : {})}
          />
        </CardContent>
        {total > 0 && (
          <CardContent className="border-t px-2 pt-3 pb-2 sm:px-4">
            {/* Until the asked page is in, a move has no rows to take its cursor from (goToPage): the buttons wait
                rather than swallow a click. */}
            <Pagination page={place.page} pageSize={pageSize} total={total} onPageChange={goToPage} disabled={!shown} />
          </CardContent>
        )}
      </Card>
    </div>
  );
}
