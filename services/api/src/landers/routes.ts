// /api/landers: the Landers screen. Users with landers read it (and campaigns, for the campaign
// dialog); writes are admin only. Every change tells the ingest's catalog to reload.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOG_CHANNEL, type ChangeFeed, type Db } from '@tracker/core';
import { landerCreateSchema, landerSchema, landerUpdateSchema } from '@tracker/schemas';
import { serialIdOr404 } from '../ids/serial-id';
import { createLander } from './create-lander';
import { deleteLander } from './delete-lander';
import { listLanders } from './list-landers';
import { updateLander } from './update-lander';

export interface LanderDeps {
  db: Db;
  changes: ChangeFeed;
}

const idParams = z.object({ id: z.string() });
const landerId = (raw: string) => serialIdOr404(raw, 'Lander not found');

export async function landerRoutes(scope: FastifyInstance, deps: LanderDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/landers',
    { config: { access: { anyFeature: ['landers', 'campaigns'] } }, schema: { response: { 200: z.array(landerSchema) } } },
    async () => listLanders(deps.db),
  );

  app.post('/landers', { config: { access: 'admin' }, schema: { body: landerCreateSchema, response: { 201: landerSchema } } }, async (request, reply) => {
    const lander = await createLander(deps.db, request.body);
    await deps.changes.notify(CATALOG_CHANNEL);
    return reply.status(201).send(lander);
  });

  app.patch(
    '/landers/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: landerUpdateSchema, response: { 200: landerSchema } } },
    async (request) => {
      const lander = await updateLander(deps.db, landerId(request.params.id), request.body);
      await deps.changes.notify(CATALOG_CHANNEL);
      return lander;
    },
  );

  app.delete('/landers/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request, reply) => {
    await deleteLander(deps.db, landerId(request.params.id));
    await deps.changes.notify(CATALOG_CHANNEL);
    return reply.status(204).send();
  });
}
