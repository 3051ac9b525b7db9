// /api/domains (spec §7 Domains), admin only: list, proxy test, check, purchase, configure DNS,
// update nameservers, migrate to Workers, delete. Purchase and configuration run as queue jobs.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOG_CHANNEL, type ChangeFeed, type Db, type JobQueue } from '@tracker/core';
import { requireRegistrar, type DomainAutomation } from '@tracker/integrations';
import {
  configureDomainBodySchema,
  domainActionSchema,
  domainBodySchema,
  domainCheckSchema,
  domainJobAnswerSchema,
  domainViewSchema,
  proxyTestSchema,
} from '@tracker/schemas';
import { serialIdOr404 } from '../ids/serial-id';
import { configureDomain } from './configure-domain';
import { deleteDomain, migrateToWorkers, updateNameservers } from './domain-actions';
import { listDomains } from './list-domains';
import { purchaseDomain } from './purchase-domain';
import { checkDomain } from './quote-domain';
import { testProxy } from './test-proxy';
import { upstream } from './upstream-errors';

export interface DomainRouteDeps {
  db: Db;
  changes: ChangeFeed;
  /** Purchase and DNS configuration are jobs; without a queue they cannot start. */
  queue?: JobQueue;
  domains: DomainAutomation;
  /** How long purchase and configure wait for their job before answering 'under way' (default 20 s). */
  domainJobWaitMs?: number;
}

const idParams = z.object({ id: z.string() });
const domainId = (raw: string) => serialIdOr404(raw, 'Domain not found');

export async function domainRoutes(scope: FastifyInstance, deps: DomainRouteDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  const waitMs = deps.domainJobWaitMs ?? 20_000;
  const jobs = { db: deps.db, queue: deps.queue, domains: deps.domains, waitMs };

  app.get('/domains', { config: admin, schema: { response: { 200: z.array(domainViewSchema) } } }, async () => listDomains(deps.db));

  app.post('/domains/test-proxy', { config: admin, schema: { response: { 200: proxyTestSchema } } }, async () => testProxy(deps.domains));

  app.post('/domains/check', { config: admin, schema: { body: domainBodySchema, response: { 200: domainCheckSchema } } }, async (request) =>
    upstream(() => checkDomain(deps.db, requireRegistrar(deps.domains), request.body.domain)),
  );

  app.post('/domains/purchase', { config: admin, schema: { body: domainBodySchema, response: { 200: domainJobAnswerSchema } } }, async (request) =>
    upstream(() => purchaseDomain(jobs, request.body.domain)),
  );

  app.post('/domains/:id/configure', { config: admin, schema: { params: idParams, body: configureDomainBodySchema, response: { 200: domainJobAnswerSchema } } }, async (request) => {
    const answer = await configureDomain(jobs, domainId(request.params.id), request.body.subdomain);
    // An active custom domain is a tracking host the ingest must know.
    await deps.changes.notify(CATALOG_CHANNEL);
    return answer;
  },
  );

  app.post('/domains/:id/update-nameservers', { config: admin, schema: { params: idParams, response: { 200: domainActionSchema } } }, async (request) =>
    upstream(() => updateNameservers(deps, domainId(request.params.id))),
  );

  app.post('/domains/:id/migrate-to-workers', { config: admin, schema: { params: idParams, response: { 200: domainActionSchema } } }, async (request) =>
    upstream(() => migrateToWorkers(deps, domainId(request.params.id))),
  );

  app.delete('/domains/:id', { config: admin, schema: { params: idParams } }, async (request, reply) => {
    await deleteDomain(deps.db, domainId(request.params.id));
    // Campaigns that used it fall back to the redirect domain.
    await deps.changes.notify(CATALOG_CHANNEL);
    return reply.status(204).send();
  });
}
