// GET /api/alerts (admin only): the alert log of Settings → Alerts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@tracker/core';
import { alertLogQuerySchema, alertLogSchema } from '@tracker/schemas';
import { listAlertLog } from './list-alert-log';

export async function alertRoutes(scope: FastifyInstance, deps: { db: Db }) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/alerts', { config: { access: 'admin' }, schema: { querystring: alertLogQuerySchema, response: { 200: alertLogSchema } } }, async (request) =>
    listAlertLog(deps.db, request.query),
  );
}
