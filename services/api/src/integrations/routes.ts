// /api/integrations: third-party connections admins set up on Settings → Integrations. CAKE: its
// settings (GET, PUT) and an on-demand sync that answers when the job is done.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, JobQueue, OutgoingPolicy } from '@tracker/core';
import { cakeIntegrationSchema, cakeSettingsSchema, cakeSyncResultSchema, cakeSyncRunningSchema, cakeSyncSchema } from '@tracker/schemas';
import { getCakeIntegration, saveCakeIntegration } from './cake-integration';
import { runCakeSync } from './run-cake-sync';

export interface IntegrationDeps {
  db: Db;
  secretsKey: Buffer;
  /** Which addresses a saved CAKE base URL may point at; absent: public ones only. */
  outgoing?: OutgoingPolicy;
  queue?: JobQueue;
  /** How long the sync route waits for its job before answering 202 (tests shorten it). */
  jobWaitMs?: number;
}

export async function integrationRoutes(scope: FastifyInstance, deps: IntegrationDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  app.get('/integrations/cake', { config: admin, schema: { response: { 200: cakeIntegrationSchema } } }, async () => getCakeIntegration(deps.db));

  app.put('/integrations/cake', { config: admin, schema: { body: cakeSettingsSchema, response: { 200: cakeIntegrationSchema } } }, async (request) =>
    saveCakeIntegration(deps.db, deps.secretsKey, request.body, deps.outgoing),
  );

  app.post(
    '/integrations/cake/sync',
    { config: admin, schema: { body: cakeSyncSchema, response: { 200: cakeSyncResultSchema, 202: cakeSyncRunningSchema } } },
    async (request, reply) => {
      const answer = await runCakeSync(deps, request.body);
      return reply.status(answer.status).send(answer.body);
    },
  );
}
