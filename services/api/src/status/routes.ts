// GET /api/status (admin only): Settings → Status.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Analytics, Db, JobQueue } from '@tracker/core';
import { statusSchema } from '@tracker/schemas';
import { readStatus, type StatusSources } from './read-status';

const loadedAt = Date.now();

export async function statusRoutes(scope: FastifyInstance, deps: { db: Db; analytics: Analytics; queue?: JobQueue; status?: StatusSources }) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // Without sources from `tracker` (route tests), the stores the API itself was given.
  const sources: StatusSources = deps.status ?? { startedAt: loadedAt, stores: { analytics: deps.analytics, queue: deps.queue }, projectorGroup: 'projector' };
  app.get('/status', { config: { access: 'admin' }, schema: { response: { 200: statusSchema } } }, async () => readStatus(deps.db, sources));
}
