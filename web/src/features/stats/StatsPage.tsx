// The Stats/reporting screen at / (spec §2 "Stats/reporting screen"): grouping tabs and variables, filters,
// the date range, six summary cards, a chart of the range and the sortable report table; the report is
// computed by the server (GET /api/reports) and polled every 30 s. Days are the report time zone's.
// The whole view lives in the URL (dashboard-view.ts), so it survives a reload and 'Copy link' shares it.
import { Check, Download, KeyRound, Link2 } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnSizingState } from '@tanstack/react-table';
import { downloadCsv, toCsv } from '../../lib/csv';
import { useAfterPaint } from '../../lib/use-after-paint';
import { toastFailure } from '../../lib/failure-toast';
import { useCampaigns } from '../campaigns/queries';
import { useOffers } from '../offers/queries';
import { useSparks } from '../sparks/queries';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { ColumnsMenu } from '../../ui/ColumnsMenu';
import { Spinner } from '../../ui/Spinner';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs, TabsList, TabsTrigger } from '../../ui/Tabs';
import { useCopyIndicator } from '../../ui/use-copy-indicator';
import { toggleCampaignFilter } from './campaign-filter';
import { convertedCostNotes } from './converted-cost';
import { ALL, serializeDashboardView } from './dashboard-view';
import { EMPTY_GROUP_LABELS, type ReportGroupBy } from '@tracker/schemas';
import { drillLevels, drillTree, fitDrill, openedPaths, type DrillState } from './drill';
import { drillCsv } from './drill-csv';
import {
  useAudienceValues,
  useDrillChildren,
  useMediaBuyers,
  usePreferences,
  useReport,
  useReportSeries,
  useReportTotals,
  useSaveColumnWidths,
  useSaveVisibleColumns,
  useSpendRows,
} from './queries';
import {
  columnsForGrouping,
  DEFAULT_VISIBLE_COLUMNS,
  normalizeVisibleColumns,
  visibleColumnsOf,
  type ReportColumnId,
} from './report-columns';
import { GROUPING_TABS, nameHeaderFor, NO_VARIABLE, type GroupingTab } from './report-groupings';
import { ReportTable } from './ReportTable';
import { reportColumnVisibility } from './report-table-columns';
import { NONE_FILTER } from './report-types';
import { statsCsvFilename, statsRange, useReportTimeZone } from './report-time-zone';
import { StatsFilters, type StatsFilterValues } from './StatsFilters';
import { SpendFreshnessNote } from './SpendFreshnessNote';
import { AudienceFilters } from './AudienceFilters';
import { InexactSpendNote } from './InexactSpendNote';
import { SummaryCards } from './SummaryCards';
import { useDashboardView } from './use-dashboard-view';
import { dashboardReportParams, dashboardRowsParams, seriesApart, totalsFirst } from './report-params';

// The chart loads apart from the screen; recharts follows it once vite.config gives that library its own
// chunk (today every library lands in the one 'vendor' chunk).
const ReportChart = lazy(() => import('./ReportChart').then((m) => ({ default: m.ReportChart })));

export function StatsPage() {
  const [view, updateView] = useDashboardView();
  const { tab, sorting } = view;
  const filters: StatsFilterValues = { variable: view.variable, offer: view.offer, spark: view.spark, mediaBuyer: view.mediaBuyer };
  // null: the default 'today', which moves with the report time zone until the user picks a range.
  const picked = view.range;
  const [timeZone, learnTimeZone] = useReportTimeZone();
  const { copiedKey, copy } = useCopyIndicator({ successToast: true });
  // Drill-down: its levels (drill=then,then2) and the opened rows (open=[paths]) live in the URL. Opening a
  // row rearranges the report, so it replaces the history entry; a new level is a new report.
  const drillState: DrillState = {
    then: (view.drill[0] as ReportGroupBy | undefined) ?? null,
    then2: (view.drill[1] as ReportGroupBy | undefined) ?? null,
    expanded: view.expanded,
  };
  function setDrill(next: DrillState) {
    const levels = [next.then, next.then2].filter((level): level is ReportGroupBy => level !== null);
    const newLevels = levels.join() !== view.drill.join();
    updateView({ drill: levels, expanded: [...next.expanded] }, { replace: !newLevels });
  }
  /** Opening or closing a row changes the opened rows alone: built from the drawn view, the levels could undo a level
   *  chosen a moment before (a row opened before the page had drawn its new level lost that level). */
  function setExpanded(expanded: DrillState['expanded']) {
    updateView({ expanded: [...expanded] }, { replace: true });
  }

  // The report's grouping and days are the ones its query asks for (the query sign-in may have sent already).
  const params = dashboardReportParams(view, timeZone);
  const { groupBy } = params;
  const dates = { startDate: params.startDate, endDate: params.endDate };
  const drill = fitDrill(groupBy, drillState);
  const groupingColumns = useMemo(() => columnsForGrouping(groupBy), [groupBy]);
  const range = statsRange(picked, timeZone);

  // Unfiltered, the cards' totals come alone first (about half the server's time of the rows), the rows right after.
  const first = totalsFirst(params);
  const quickTotals = useReportTotals(params, { enabled: first });
  const report = useReport(dashboardRowsParams(params), { enabled: !first || quickTotals.isFetched });
  // Grouped by TikTok campaign, a Cost converted from another currency says on hover what it was and at which rate.
  const spendRows = useSpendRows(dates, groupBy === 'tiktokCampaignId');
  const costNotes = useMemo(() => (groupBy === 'tiktokCampaignId' ? convertedCostNotes(spendRows.data ?? []) : undefined), [groupBy, spendRows.data]);
  learnTimeZone(report.data?.timezone);
  // The filters' choices and a one-day report's hourly series are asked for once the report's figures are on screen:
  // asked for beside the report, they shared the two cores with it; asked for as it answered, their ~0.35 s of the
  // server's CPU fell on the frames that draw the figures a buyer signs in for (bench/first-number.ts shows both).
  const figuresShown = useAfterPaint(report.data !== undefined || report.isError);
  const mediaBuyers = useMediaBuyers(dates, { enabled: figuresShown });
  const audienceValues = useAudienceValues(dates, { enabled: figuresShown });
  const apart = seriesApart(params);
  const seriesOnly = useReportSeries(params, { enabled: apart && figuresShown });
  // At once when the view filters by one, whose name the filter shows.
  const offers = useOffers({ enabled: figuresShown || view.offer !== ALL });
  const sparks = useSparks({ enabled: figuresShown || view.spark !== ALL });
  // Loaded so the chip can name a campaign that has dropped out of the rows, or is not a row (grouped by offer, say): at
  // once, or a view opened with a campaign filter would name it by its id until the figures are drawn.
  const campaigns = useCampaigns();

  const preferences = usePreferences();
  const saveColumns = useSaveVisibleColumns();
  const saveWidths = useSaveColumnWidths();
  // While a save is on its way the table already shows it, so nothing jumps back and forth.
  const saved = saveColumns.isPending
    ? normalizeVisibleColumns(saveColumns.variables.visibleColumns)
    : normalizeVisibleColumns(preferences.data?.visibleColumns);
  // A link's columns win over the viewer's saved ones until they change them (which saves, as always).
  const visible = view.columns ?? saved;
  const columnWidths: ColumnSizingState = saveWidths.isPending
    ? saveWidths.variables
    : saveColumns.isPending && saveColumns.variables.columnWidths
      ? saveColumns.variables.columnWidths
      : (preferences.data?.columnWidths ?? {});

  const rows = report.data?.rows ?? [];
  const levels = drillLevels(groupBy, drill);
  const drilled = useDrillChildren(params, levels, openedPaths(levels, drill.expanded));
  const tree = useMemo(() => drillTree(rows, levels, drilled.children), [rows, levels, drilled.children]);
  // The chart renders a step behind the cards: drawing it takes a few hundred milliseconds of the main thread on a
  // slow machine, and the figures a buyer signs in for should not wait for it. A newer report keeps the chart
  // it had until its own is drawn (no spinner flashes on each refresh).
  const chartSeries = useDeferredValue(apart ? seriesOnly.data?.series : report.data?.series);
  const mediaBuyerOptions = useMemo(() => {
    const options = mediaBuyers.data ?? [];
    const selected = filters.mediaBuyer;
    if (selected === ALL || options.some((option) => option.value === selected)) return options;
    // Keep the selected buyer listed when the range no longer has their clicks.
    return [{ value: selected, label: selected === NONE_FILTER ? EMPTY_GROUP_LABELS.mediabuyer : selected }, ...options];
  }, [mediaBuyers.data, filters.mediaBuyer]);

  // A link carries only the campaign's id: its name comes from the campaigns, else from the rows.
  const campaignFilter = view.campaignId
    ? {
        id: view.campaignId,
        label:
          campaigns.data?.find((c) => c.id === view.campaignId)?.name ??
          (groupBy === 'campaign' ? rows.find((row) => row.key === view.campaignId)?.label : undefined) ??
          view.campaignId,
      }
    : null;

  function saveColumnChoice(next: { visibleColumns: ReportColumnId[]; columnWidths?: ColumnSizingState }) {
    saveColumns.mutate(next);
    // The choice is now the viewer's own default, so the address bar needs no list.
    if (view.columns) updateView({ columns: null }, { replace: true });
  }

  function copyViewLink() {
    // The address bar leaves out columns equal to the sender's saved ones; a teammate's may differ.
    const columns = sameColumns(visible, DEFAULT_VISIBLE_COLUMNS) ? null : visible;
    const query = serializeDashboardView({ ...view, columns }).toString();
    void copy('view-link', `${window.location.origin}${window.location.pathname}${query ? `?${query}` : ''}`);
  }

  function downloadReport() {
    // The file lists the rows in the table's order, the opened rows' children under them.
    const totals = report.data?.totals;
    const csv = drillCsv(tree, levels, sorting, { visible, totals: totals && { ...totals, key: '', label: 'Total' } });
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
            {/* Spec §1: the codes screen is reached from the dashboard; a link among the actions, not a grouping tab. */}
            <Button variant="ghost" asChild>
              <Link to="/codes">
                <KeyRound aria-hidden="true" />
                SafeKey Codes
              </Link>
            </Button>
            <DateRangePicker value={range} onChange={(next) => updateView({ range: next })} timeZone={timeZone} className="w-full sm:w-auto" />
            <Button variant="outline" onClick={copyViewLink}>
              {copiedKey === 'view-link' ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
              Copy link
            </Button>
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
          onValueChange={(value) => updateView({ tab: value as GroupingTab, variable: NO_VARIABLE })}
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
        <SpendFreshnessNote className="ml-auto" enabled={figuresShown} />
      </div>

      <StatsFilters
        values={filters}
        onChange={(next) => updateView({ variable: next.variable, offer: next.offer, spark: next.spark, mediaBuyer: next.mediaBuyer })}
        offers={offers.data ?? []}
        sparks={sparks.data ?? []}
        mediaBuyers={mediaBuyerOptions}
        campaignFilter={campaignFilter}
        onClearCampaign={() => updateView({ campaignId: null })}
        groupBy={groupBy}
        drill={drill}
        onDrillChange={setDrill}
        audience={<AudienceFilters values={view.audience} seen={audienceValues.data} onChange={(audience) => updateView({ audience })} />}
        actions={
          <ColumnsMenu
            columns={groupingColumns}
            visibility={reportColumnVisibility(groupingColumns, visible)}
            disabled={saveColumns.isPending}
            onVisibilityChange={(next) => saveColumnChoice({ visibleColumns: visibleColumnsOf(next) })}
            // Back to the spec's columns, at their default widths.
            onReset={() => saveColumnChoice({ visibleColumns: [...DEFAULT_VISIBLE_COLUMNS], columnWidths: {} })}
          />
        }
      />

      <SummaryCards totals={report.data?.totals ?? quickTotals.data?.totals ?? undefined} failed={report.isError && !report.data} />
      <InexactSpendNote days={report.data?.inexactSpendDays} />

      {/* The chart's code (recharts, ~470 kB) is fetched once there is a series to draw: fetched with the page, its
          parsing held up the first figures on a two-core machine. */}
      {chartSeries === undefined && !report.isError && !seriesOnly.isError ? (
        <ChartPlaceholder />
      ) : (
        <Suspense fallback={<ChartPlaceholder />}>
          <ReportChart series={chartSeries} timeZone={timeZone} isPending={report.isPending || (apart && seriesOnly.isPending)} />
        </Suspense>
      )}

      <Card className="py-2">
        <CardContent className="px-2 sm:px-4">
          <ReportTable
            rows={tree}
            totals={report.data?.totals}
            columns={groupingColumns}
            visible={visible}
            nameHeader={nameHeaderFor(groupBy)}
            sorting={sorting}
            // A re-sort rearranges the same report: it replaces the history entry rather than adding one.
            onSortingChange={(change) => updateView(({ sorting }) => ({ sorting: typeof change === 'function' ? change(sorting) : change }), { replace: true })}
            columnWidths={columnWidths}
            onColumnWidthsChange={(next) => saveWidths.mutate(next)}
            isPending={report.isPending}
            failed={report.isError}
            campaignRows={groupBy === 'campaign'}
            filteredCampaignId={campaignFilter?.id ?? null}
            onCampaignRowClick={(row) => updateView({ campaignId: toggleCampaignFilter(campaignFilter, row)?.id ?? null })}
            expanded={drill.expanded}
            onExpandedChange={setExpanded}
            loadingRows={drilled.loading}
            costNotes={costNotes}
          />
        </CardContent>
      </Card>
    </div>
  );
}

function sameColumns(a: readonly ReportColumnId[], b: readonly ReportColumnId[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function ChartPlaceholder() {
  return (
    <Card className="h-[22.5rem] items-center justify-center">
      <Spinner label="Loading chart" />
    </Card>
  );
}
