// GET /api/conversions, the conversion log. Access: the clicks feature (or admin), like the Click Log it
// sits beside: the same people debug the same traffic, and it shows no money beyond each postback's payout.
// A media buyer with assignments sees the conversions of their sparks' campaigns only (viewer-scope.ts).
import type { Db, HttpServer } from '@tracker/core';
import { conversionLogQuerySchema, conversionLogResponseSchema } from '@tracker/schemas';
import { loadViewerScope } from '../reports/viewer-scope';
import { listConversions } from './list-conversions';

export async function conversionRoutes(app: HttpServer, deps: { db: Db }) {
  app.get(
    '/conversions',
    { config: { access: { feature: 'clicks' } }, schema: { querystring: conversionLogQuerySchema, response: { 200: conversionLogResponseSchema } } },
    async (request) => listConversions(deps.db, request.query, await loadViewerScope(deps.db, request.user)),
  );
}
