// The Stats/reporting screen at / (spec §2 "Stats/reporting screen"): grouping tabs and variables, filters,
// the date range, six summary cards, a chart of the range and the sortable report table; the report is
// computed by the server (GET /api/reports) and polled every 30 s. Days are the report time zone's.
import { Download, KeyRound } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnSizingState, SortingState } from '@tanstack/react-table';
import { downloadCsv, toCsv } from '../../lib/csv';
import { toastFailure } from '../../lib/failure-toast';
import { useCampaigns } from '../campaigns/queries';
import { useOffers } from '../offers/queries';
import { useSparks } from '../sparks/queries';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { DateRangePicker } from '../../ui/DateRangePicker';
import type { DayRange } from '../../ui/date-range-presets';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs, TabsList, TabsTrigger } from '../../ui/Tabs';
import { useFetchErrorToast } from '../../ui/use-fetch-error-toast';
import { toggleCampaignFilter, type CampaignFilter } from './campaign-filter';
import { ColumnsPopover } from './ColumnsPopover';
import { EMPTY_GROUP_LABELS } from '@tracker/schemas';
import { drillLevels, drillTree, fitDrill, NO_DRILL, openedPaths, type DrillState } from './drill';
import { drillCsv } from './drill-csv';
import { useDrillChildren, useMediaBuyers, usePreferences, useReport, useSaveColumnWidths, useSaveVisibleColumns, type ReportParams } from './queries';
import {
  columnsForGrouping,
  DEFAULT_VISIBLE_COLUMNS,
  normalizeVisibleColumns,
  toggleColumn,
} from './report-columns';
import { GROUPING_TABS, nameHeaderFor, NO_VARIABLE, reportGroupBy, type GroupingTab } from './report-groupings';
import { ReportTable } from './ReportTable';
import { NONE_FILTER } from './report-types';
import { rangeParams, statsCsvFilename, statsRange, useReportTimeZone } from './report-time-zone';
import { DEFAULT_REPORT_SORTING } from './sort-report-rows';
import { ALL, StatsFilters, type StatsFilterValues } from './StatsFilters';
import { SummaryCards } from './SummaryCards';

// The chart loads apart from the screen; recharts follows it once vite.config gives that library its own
// chunk (today every library lands in the one 'vendor' chunk).
const ReportChart = lazy(() => import('./ReportChart').then((m) => ({ default: m.ReportChart })));

export function StatsPage() {
  const [tab, setTab] = useState<GroupingTab>('campaign');
  const [filters, setFilters] = useState<StatsFilterValues>({ variable: NO_VARIABLE, offer: ALL, spark: ALL, mediaBuyer: ALL });
  // null: the default 'today', which moves with the report time zone until the user picks a range.
  const [picked, setPicked] = useState<DayRange | null>(null);
  const [campaignFilter, setCampaignFilter] = useState<CampaignFilter | null>(null);
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_REPORT_SORTING);
  const [timeZone, learnTimeZone] = useReportTimeZone();
  // Drill-down: URL keys then, then2, open (the opened rows' ids) when the view goes into the URL.
  const [drillState, setDrill] = useState<DrillState>(NO_DRILL);

  const groupBy = reportGroupBy(tab, filters.variable);
  const drill = fitDrill(groupBy, drillState);
  const groupingColumns = useMemo(() => columnsForGrouping(groupBy), [groupBy]);
  const range = statsRange(picked, timeZone);
  const dates = rangeParams(range);
  const params: ReportParams = {
    groupBy,
    ...dates,
    offer: filters.offer === ALL ? undefined : filters.offer,
    spark: filters.spark === ALL ? undefined : filters.spark,
    mediaBuyer: filters.mediaBuyer === ALL ? undefined : filters.mediaBuyer,
    campaignId: campaignFilter?.id,
  };

  const report = useReport(params);
  learnTimeZone(report.data?.timezone);
  useFetchErrorToast('Failed to fetch stats', report);
  const mediaBuyers = useMediaBuyers(dates);
  const offers = useOffers();
  const sparks = useSparks();
  // Loaded so the chip can name a campaign that has dropped out of the rows.
  const campaigns = useCampaigns();

  const preferences = usePreferences();
  const saveColumns = useSaveVisibleColumns();
  const saveWidths = useSaveColumnWidths();
  // While a save is on its way the table already shows it, so nothing jumps back and forth.
  const visible = saveColumns.isPending
    ? normalizeVisibleColumns(saveColumns.variables.visibleColumns)
    : normalizeVisibleColumns(preferences.data?.visibleColumns);
  const columnWidths: ColumnSizingState = saveWidths.isPending
    ? saveWidths.variables
    : saveColumns.isPending && saveColumns.variables.columnWidths
      ? saveColumns.variables.columnWidths
      : (preferences.data?.columnWidths ?? {});

  const rows = report.data?.rows ?? [];
  const levels = drillLevels(groupBy, drill);
  const drilled = useDrillChildren(params, levels, openedPaths(levels, drill.expanded));
  useFetchErrorToast('Failed to fetch stats', drilled);
  const tree = useMemo(() => drillTree(rows, levels, drilled.children), [rows, levels, drilled.children]);
  const mediaBuyerOptions = useMemo(() => {
    const options = mediaBuyers.data ?? [];
    const selected = filters.mediaBuyer;
    if (selected === ALL || options.some((option) => option.value === selected)) return options;
    // Keep the selected buyer listed when the range no longer has their clicks.
    return [{ value: selected, label: selected === NONE_FILTER ? EMPTY_GROUP_LABELS.mediabuyer : selected }, ...options];
  }, [mediaBuyers.data, filters.mediaBuyer]);

  const chip = campaignFilter && {
    ...campaignFilter,
    label: campaigns.data?.find((c) => c.id === campaignFilter.id)?.name ?? campaignFilter.label,
  };

  function downloadReport() {
    // The file lists the rows in the table's order, the opened rows' children under them.
    const csv = drillCsv(tree, levels, sorting);
    toCsv(csv.header, csv.lines).then(
      (csv) => downloadCsv(statsCsvFilename(timeZone), csv),
      (error: unknown) => toastFailure('Download failed', error),
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description="Performance by campaign, spark, offer, lander, media buyer or tracking field"
        actions={
          <>
            <DateRangePicker value={range} onChange={setPicked} timeZone={timeZone} className="w-full sm:w-auto" />
            <Button variant="outline" onClick={downloadReport} disabled={rows.length === 0}>
              <Download aria-hidden="true" />
              Download CSV
            </Button>
          </>
        }
      />

      <div className="flex flex-wrap items-center gap-2">
        <Tabs
          value={tab}
          onValueChange={(value) => {
            setTab(value as GroupingTab);
            setFilters((f) => ({ ...f, variable: NO_VARIABLE }));
          }}
          className="max-w-full"
        >
          <TabsList aria-label="Group by" className="h-auto max-w-full flex-wrap justify-start">
            {GROUPING_TABS.map((g) => (
              <TabsTrigger key={g.value} value={g.value} className="h-7 flex-none">
                {g.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <Button variant="ghost" size="sm" asChild>
          <Link to="/codes">
            <KeyRound aria-hidden="true" />
            SafeKey Codes
          </Link>
        </Button>
      </div>

      <StatsFilters
        values={filters}
        onChange={setFilters}
        offers={offers.data ?? []}
        sparks={sparks.data ?? []}
        mediaBuyers={mediaBuyerOptions}
        campaignFilter={chip}
        onClearCampaign={() => setCampaignFilter(null)}
        groupBy={groupBy}
        drill={drill}
        onDrillChange={setDrill}
        actions={
          <ColumnsPopover
            columns={groupingColumns}
            visible={visible}
            saving={saveColumns.isPending}
            onToggle={(id, shown) => saveColumns.mutate({ visibleColumns: toggleColumn(visible, id, shown) })}
            // Back to the spec's columns, at their default widths.
            onReset={() => saveColumns.mutate({ visibleColumns: [...DEFAULT_VISIBLE_COLUMNS], columnWidths: {} })}
          />
        }
      />

      <SummaryCards totals={report.data?.totals} />

      <Suspense fallback={<ChartPlaceholder />}>
        <ReportChart series={report.data?.series} timeZone={timeZone} isPending={report.isPending} />
      </Suspense>

      <Card className="py-2">
        <CardContent className="px-2 sm:px-4">
          <ReportTable
            rows={tree}
            totals={report.data?.totals}
            columns={groupingColumns}
            visible={visible}
            nameHeader={nameHeaderFor(groupBy)}
            sorting={sorting}
            onSortingChange={setSorting}
            columnWidths={columnWidths}
            onColumnWidthsChange={(next) => saveWidths.mutate(next)}
            isPending={report.isPending}
            failed={report.isError}
            campaignRows={groupBy === 'campaign'}
            filteredCampaignId={campaignFilter?.id ?? null}
            onCampaignRowClick={(row) => setCampaignFilter((current) => toggleCampaignFilter(current, row))}
            expanded={drill.expanded}
            onExpandedChange={(expanded) => setDrill({ ...drill, expanded })}
            loadingRows={drilled.loading}
          />
        </CardContent>
      </Card>
    </div>
  );
}

function ChartPlaceholder() {
  return (
    <Card className="h-[22.5rem] items-center justify-center">
      <Spinner label="Loading chart" />
    </Card>
  );
}
