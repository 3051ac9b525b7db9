// /api/offers: the Offer Configuration screen. Reads serve the campaign dialog and the Stats filters
// too; writes are admin only. Every change tells the ingest's catalog to reload.
import { z } from 'zod';
import { CATALOG_CHANNEL, type ChangeFeed, type Db, type HttpServer } from '@tracker/core';
import { offerCreateSchema, offerSchema, offerUpdateSchema } from '@tracker/schemas';
import { createOffer } from './create-offer';
import { deleteOffer } from './delete-offer';
import { listOffers } from './list-offers';
import { serialIdOr404 } from '../ids/serial-id';
import { updateOffer } from './update-offer';

export interface OfferDeps {
  db: Db;
  changes: ChangeFeed;
}

const idParams = z.object({ id: z.string() });
const offerId = (raw: string) => serialIdOr404(raw, 'Offer not found');

export async function offerRoutes(app: HttpServer, deps: OfferDeps) {
  app.get(
    '/offers',
    { config: { access: { anyFeature: ['offers', 'campaigns', 'dashboard'] } }, schema: { response: { 200: z.array(offerSchema) } } },
    async () => listOffers(deps.db),
  );

  app.post('/offers', { config: { access: 'admin' }, schema: { body: offerCreateSchema, response: { 201: offerSchema } } }, async (request, reply) => {
    const offer = await createOffer(deps.db, request.body);
    await deps.changes.notify(CATALOG_CHANNEL);
    return reply.status(201).send(offer);
  });

  app.patch(
    '/offers/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: offerUpdateSchema, response: { 200: offerSchema } } },
    async (request) => {
      const offer = await updateOffer(deps.db, offerId(request.params.id), request.body);
      await deps.changes.notify(CATALOG_CHANNEL);
      return offer;
    },
  );

  app.delete('/offers/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request, reply) => {
    await deleteOffer(deps.db, offerId(request.params.id));
    await deps.changes.notify(CATALOG_CHANNEL);
    return reply.status(204).send();
  });
}
