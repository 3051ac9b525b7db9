// /api/sparks: the Spark Setup screen, for users with the sparks feature (reads also for dashboard,
// whose Stats screen filters by spark). Every change tells the ingest's catalog to reload. A media buyer
// with assignments lists, renames and deletes only their own sparks (another's is a 404), and owns what they create.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOG_CHANNEL, type ChangeFeed, type Db } from '@tracker/core';
import { sparkCreateSchema, sparkSchema, sparkUpdateSchema } from '@tracker/schemas';
import { serialIdOr404 } from '../ids/serial-id';
import { createSpark } from './create-spark';
import { deleteSpark } from './delete-spark';
import { listSparks, refuseUnlessVisible } from './list-sparks';
import { currentUser } from '../auth/access';
import { loadViewerScope } from '../reports/viewer-scope';
import { updateSpark } from './update-spark';

export interface SparkDeps {
  db: Db;
  changes: ChangeFeed;
}

const idParams = z.object({ id: z.string() });

export async function sparkRoutes(scope: FastifyInstance, deps: SparkDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sparks',
    { config: { access: { anyFeature: ['sparks', 'dashboard'] } }, schema: { response: { 200: z.array(sparkSchema) } } },
    async (request) => listSparks(deps.db, await loadViewerScope(deps.db, request.user)),
  );

  app.post(
    '/sparks',
    { config: { access: { feature: 'sparks' } }, schema: { body: sparkCreateSchema, response: { 201: sparkSchema } } },
    async (request, reply) => {
      const viewer = await loadViewerScope(deps.db, request.user);
      const spark = await createSpark(deps.db, request.body, viewer ? currentUser(request).id : null);
      await deps.changes.notify(CATALOG_CHANNEL);
      return reply.status(201).send(spark);
    },
  );

  app.patch(
    '/sparks/:id',
    { config: { access: { feature: 'sparks' } }, schema: { params: idParams, body: sparkUpdateSchema, response: { 200: sparkSchema } } },
    async (request) => {
      const id = refuseUnlessVisible(serialIdOr404(request.params.id, 'Spark not found'), await loadViewerScope(deps.db, request.user));
      const spark = await updateSpark(deps.db, id, request.body);
      await deps.changes.notify(CATALOG_CHANNEL);
      return spark;
    },
  );

  app.delete(
    '/sparks/:id',
    { config: { access: { feature: 'sparks' } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteSpark(deps.db, refuseUnlessVisible(serialIdOr404(request.params.id, 'Spark not found'), await loadViewerScope(deps.db, request.user)));
      await deps.changes.notify(CATALOG_CHANNEL);
      return reply.status(204).send();
    },
  );
}
