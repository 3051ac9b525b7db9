// The Click Log at /clicks (spec §2 "Click Log page"): date range (last 7 days by default), campaign and
// rows-per-page filters, four cards, the server-paged table polled every 10 s, and a CSV of the whole range.
import { Download, LogOut, MousePointerClick, Percent, Target } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatCount, formatPercent, percentOf } from '../../lib/format';
import { useCampaigns } from '../campaigns/queries';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { lastDays, toDayParam, type DayRange } from '../../ui/date-range-presets';
import { Label } from '../../ui/Label';
import { MetricCard } from '../../ui/MetricCard';
import { PageHeader } from '../../ui/PageHeader';
import { pageCount } from '../../ui/page-window';
import { Pagination } from '../../ui/Pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { useFetchErrorToast } from '../../ui/use-fetch-error-toast';
import { toast } from '../../ui/use-toast';
import { CLICK_LOG_CSV_HEADER, clickCsvLine } from './click-log-csv';
import { ClickLogTable } from './ClickLogTable';
import { DEFAULT_PAGE_SIZE, fetchAllClicks, PAGE_SIZES, useClickLog, type ClickLogFilter } from './queries';

const ALL_CAMPAIGNS = 'all';

export function ClickLogPage() {
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const [campaign, setCampaign] = useState(ALL_CAMPAIGNS);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);

  const filter: ClickLogFilter = { range, campaignId: campaign === ALL_CAMPAIGNS ? undefined : campaign };
  const clicks = useClickLog(filter, page, pageSize);
  useFetchErrorToast('Failed to fetch clicks', clicks);
  const campaigns = useCampaigns();

  const total = clicks.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  // Polling can shrink the result under the page being read: step back to the last page there is.
  useEffect(() => {
    if (clicks.data && !clicks.isPlaceholderData && page > pages) setPage(pages);
  }, [clicks.data, clicks.isPlaceholderData, page, pages]);

  const summary = clicks.data?.summary ?? { totalClicks: 0, exitClicks: 0, convertedClicks: 0 };

  async function downloadAll() {
    setDownloading(true);
    try {
      const rows = await fetchAllClicks(filter);
      downloadCsv(`click-log-${toDayParam(new Date())}.csv`, toCsv(CLICK_LOG_CSV_HEADER, rows.map(clickCsvLine)));
    } catch (error) {
      toast({ title: 'Failed to fetch clicks', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Click Log"
        description="Every click with its exit and conversions, newest first"
        actions={
          <>
            <Button variant="outline" onClick={() => void downloadAll()} disabled={downloading || total === 0}>
              {downloading ? <Spinner className="size-4" label="Preparing CSV" /> : <Download aria-hidden="true" />}
              {downloading ? 'Downloading...' : 'Download CSV'}
            </Button>
            <DateRangePicker
              value={range}
              onChange={(next) => {
                setRange(next);
                setPage(1);
              }}
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
            onValueChange={(value) => {
              setCampaign(value);
              setPage(1);
            }}
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
            onValueChange={(value) => {
              setPageSize(Number(value));
              setPage(1);
            }}
          >
            <SelectTrigger id="click-log-page-size" className="sm:w-32">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <MetricCard label="Total Clicks" icon={MousePointerClick} value={formatCount(summary.totalClicks)} detail="In the selected range" />
        <MetricCard label="Exit Clicks" icon={LogOut} value={formatCount(summary.exitClicks)} detail="Left for the offer" />
        <MetricCard
          label="Converted"
          icon={Target}
          value={formatCount(summary.convertedClicks)}
          detail={`${formatPercent(percentOf(summary.convertedClicks, summary.totalClicks), 1)} conversion rate`}
        />
        <MetricCard
          label="Lander CTR"
          icon={Percent}
          value={formatPercent(percentOf(summary.exitClicks, summary.totalClicks))}
          detail="Exit clicks / total clicks"
        />
      </div>

      <Card className="gap-4 py-2">
        <CardContent className={`px-2 sm:px-4 ${clicks.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
          <ClickLogTable rows={clicks.data?.rows ?? []} isPending={clicks.isPending} failed={clicks.isError} />
        </CardContent>
        {total > 0 && (
          <CardContent className="border-t px-2 pt-3 pb-2 sm:px-4">
            <Pagination page={Math.min(page, pages)} pageSize={pageSize} total={total} onPageChange={setPage} />
          </CardContent>
        )}
      </Card>
    </div>
  );
}
