// The reporting calls of spec §7, answered by the server from ClickHouse and the entity
// store. Who may call them:
//   /api/reports, /api/tiktok/spend                 feature dashboard (the Stats screen)
//   /api/clicks, /api/clicks/summary,                 feature clicks (the Click Log, its cards, its CSV)
//   /api/clicks/export.csv
//   /api/clicks/by-campaign, /api/cake/stats          dashboard or clicks (both screens poll them)
//   /api/cake/offers                                  performance or offers (the Offers performance screen)
// A media buyer with spark or subid1 assignments sees only their own data in each (viewer-scope.ts).
import { badRequest, type Analytics, type Db, type HttpServer } from '@tracker/core';
import {
  audienceValuesResponseSchema,
  cakeStatsRowsSchema,
  campaignClickSummariesSchema,
  clickLogExportQuerySchema,
  clickLogQuerySchema,
  clickLogResponseSchema,
  clickLogSummaryQuerySchema,
  clickLogSummarySchema,
  dateRangeQuerySchema,
  offerPerformanceRowsSchema,
  reportQuerySchema,
  reportResponseSchema,
  reportSeriesResponseSchema,
  reportTotalsResponseSchema,
  spendRowsSchema,
  type ReportQuery,
} from '@tracker/schemas';
import { listAudienceValues } from './audience-values';
import { listCakeStats } from './cake-stats';
import { summariseClicksByCampaign } from './campaign-click-summary';
import { listClicks, summariseClicks } from './click-log';
import { exportClickLog } from './export-click-log';
import { getDrillReport } from './get-drill-report';
import { getReport, getReportSeries, getReportTotals } from './get-report';
import { listSpend } from './list-spend';
import { offerPerformance } from './offer-performance';
import { loadViewerScope } from './viewer-scope';

export interface ReportRouteDeps {
  db: Db;
  analytics: Analytics;
}

/** The series and the totals alone are of a whole report: a drill-down's parameters are a 400 (`subject`: what is). */
function refuseDrillDown(query: ReportQuery, subject: string): void {
  if (query.parent !== undefined || query.then !== undefined) throw badRequest(`${subject} of a whole report: leave out then, then2, parent and parent2`);
}

export async function reportRoutes(app: HttpServer, deps: ReportRouteDeps) {
  app.get(
    '/reports',
    { config: { access: { feature: 'dashboard' } }, schema: { querystring: reportQuerySchema, response: { 200: reportResponseSchema } } },
    // A `parent` opens one row: the next level's rows under it (get-drill-report.ts).
    async (request) => {
      const viewer = await loadViewerScope(deps.db, request.user);
      const { query } = request;
      return query.parent === undefined ? getReport(deps, query, viewer, { series: query.series }) : getDrillReport(deps, query, viewer);
    },
  );

  // A report's series without its rows (get-report.ts#getReportSeries); a drill-down's children have none.
  app.get(
    '/reports/series',
    { config: { access: { feature: 'dashboard' } }, schema: { querystring: reportQuerySchema, response: { 200: reportSeriesResponseSchema } } },
    async (request) => {
      const { query } = request;
      refuseDrillDown(query, 'A series is');
      return getReportSeries(deps, query, await loadViewerScope(deps.db, request.user));
    },
  );

  // A report's totals without its rows (get-report.ts#getReportTotals): the dashboard's cards, before its rows.
  app.get(
    '/reports/totals',
    { config: { access: { feature: 'dashboard' } }, schema: { querystring: reportQuerySchema, response: { 200: reportTotalsResponseSchema } } },
    async (request) => {
      const { query } = request;
      refuseDrillDown(query, 'Totals are');
      return getReportTotals(deps, query, await loadViewerScope(deps.db, request.user));
    },
  );

  // The values of the audience filters: what the filter bar offers for the range.
  app.get(
    '/reports/audience',
    { config: { access: { feature: 'dashboard' } }, schema: { querystring: dateRangeQuerySchema, response: { 200: audienceValuesResponseSchema } } },
    async (request) => listAudienceValues(deps, request.query, await loadViewerScope(deps.db, request.user)),
  );

  app.get(
    '/clicks',
    { config: { access: { feature: 'clicks' } }, schema: { querystring: clickLogQuerySchema, response: { 200: clickLogResponseSchema } } },
    async (request) => listClicks(deps, request.query, await loadViewerScope(deps.db, request.user)),
  );

  app.get(
    '/clicks/summary',
    { config: { access: { feature: 'clicks' } }, schema: { querystring: clickLogSummaryQuerySchema, response: { 200: clickLogSummarySchema } } },
    async (request) => summariseClicks(deps, request.query, await loadViewerScope(deps.db, request.user)),
  );

  app.get(
    '/clicks/export.csv',
    { config: { access: { feature: 'clicks' } }, schema: { querystring: clickLogExportQuerySchema } },
    async (request, reply) => {
      const file = await exportClickLog(deps, request.query, await loadViewerScope(deps.db, request.user));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/clicks/by-campaign',
    { config: { access: { anyFeature: ['dashboard', 'clicks'] } }, schema: { querystring: dateRangeQuerySchema, response: { 200: campaignClickSummariesSchema } } },
    async (request) => summariseClicksByCampaign(deps, request.query, await loadViewerScope(deps.db, request.user)),
  );

  app.get(
    '/cake/stats',
    { config: { access: { anyFeature: ['dashboard', 'clicks'] } }, schema: { querystring: dateRangeQuerySchema, response: { 200: cakeStatsRowsSchema } } },
    async (request) => listCakeStats(deps.db, request.query, await loadViewerScope(deps.db, request.user)),
  );

  app.get(
    '/cake/offers',
    { config: { access: { anyFeature: ['performance', 'offers'] } }, schema: { querystring: dateRangeQuerySchema, response: { 200: offerPerformanceRowsSchema } } },
    async (request) => offerPerformance(deps, request.query, await loadViewerScope(deps.db, request.user)),
  );

  app.get(
    '/tiktok/spend',
    { config: { access: { feature: 'dashboard' } }, schema: { querystring: dateRangeQuerySchema, response: { 200: spendRowsSchema } } },
    async (request) => listSpend(deps, request.query, await loadViewerScope(deps.db, request.user)),
  );
}
