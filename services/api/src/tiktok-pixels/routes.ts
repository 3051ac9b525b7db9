// /api/tiktok-pixels: Pixel Management and the Pixel Unlocker. Every signed-in user lists pixels
// (masked tokens) and fires test events; creating, editing and deleting are admin only, and only
// admins read tokens back.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOG_CHANNEL, badRequest, type ChangeFeed, type Db, type OutgoingPolicy } from '@tracker/core';
import {
  SELECT_PIXEL_MESSAGE,
  fireEventResultSchema,
  fireEventSchema,
  pixelCreateSchema,
  pixelSchema,
  pixelUpdateSchema,
} from '@tracker/schemas';
import { currentUser } from '../auth/access';
import { parseSerialId, serialIdOr404 } from '../ids/serial-id';
import { createPixel } from './create-pixel';
import { deletePixel } from './delete-pixel';
import { fireTestEvent } from './fire-test-event';
import { listPixels, pixelView } from './list-pixels';
import { updatePixel } from './update-pixel';

export interface PixelDeps {
  db: Db;
  /** Pixels are not in the ingest's catalog today; announcing them keeps any cache of campaign pixels fresh. */
  changes: ChangeFeed;
  secretsKey: Buffer;
  tiktokApiUrl: string;
  outgoing?: OutgoingPolicy;
}

const idParams = z.object({ id: z.string() });
const pixelId = (raw: string) => serialIdOr404(raw, 'Pixel not found');

export async function pixelRoutes(scope: FastifyInstance, deps: PixelDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get('/tiktok-pixels', { config: { access: 'user' }, schema: { response: { 200: z.array(pixelSchema) } } }, async (request) =>
    listPixels(deps.db, deps.secretsKey, currentUser(request).role === 'admin'),
  );

  app.post(
    '/tiktok-pixels',
    { config: { access: 'admin' }, schema: { body: pixelCreateSchema, response: { 201: pixelSchema } } },
    async (request, reply) => {
      const row = await createPixel(deps.db, deps.secretsKey, request.body);
      await deps.changes.notify(CATALOG_CHANNEL);
      return reply.status(201).send(pixelView(row, deps.secretsKey, true));
    },
  );

  app.patch(
    '/tiktok-pixels/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: pixelUpdateSchema, response: { 200: pixelSchema } } },
    async (request) => {
      const row = await updatePixel(deps.db, deps.secretsKey, pixelId(request.params.id), request.body);
      await deps.changes.notify(CATALOG_CHANNEL);
      return pixelView(row, deps.secretsKey, true);
    },
  );

  app.delete('/tiktok-pixels/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request, reply) => {
    await deletePixel(deps.db, pixelId(request.params.id));
    await deps.changes.notify(CATALOG_CHANNEL);
    return reply.status(204).send();
  });

  app.post(
    '/tiktok-pixels/:id/fire-event',
    { config: { access: 'user' }, schema: { params: idParams, body: fireEventSchema, response: { 200: fireEventResultSchema } } },
    async (request) => {
      const id = parseSerialId(request.params.id);
      if (id === null) throw badRequest(SELECT_PIXEL_MESSAGE);
      return fireTestEvent(deps, id, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
    },
  );
}
