// /api/tiktok/accounts: TikTok ad accounts whose spend is synced (admin only): list, add (TikTok is
// asked for the advertiser's time zone and currency), delete, 'Test connection' and 'Sync now'.
// /api/tiktok/spend/freshness: when spend was last synced, for the Stats screen (dashboard feature).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { notFound, schema, type Db, type JobQueue, type OutgoingPolicy } from '@tracker/core';
import {
  spendFreshnessSchema,
  spendSyncBodySchema,
  spendSyncResultSchema,
  tiktokAccountCreateSchema,
  tiktokAccountViewSchema,
  tiktokConnectionTestSchema,
} from '@tracker/schemas';
import { serialIdOr404 } from '../ids/serial-id';
import { addAccount } from './add-account';
import { accountView, listAccounts, type AccountRow } from './list-accounts';
import { runSpendSync } from './run-spend-sync';
import { spendFreshness } from './spend-freshness';
import { testConnection } from './test-connection';

export interface TiktokAccountDeps {
  db: Db;
  secretsKey: Buffer;
  tiktokApiUrl: string;
  outgoing?: OutgoingPolicy;
  /** Where 'Sync now' enqueues its job. */
  queue?: JobQueue;
}

const NOT_FOUND = 'TikTok account not found';
const idParams = z.object({ id: z.string() });

export async function tiktokAccountRoutes(scope: FastifyInstance, deps: TiktokAccountDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  async function account(raw: string): Promise<AccountRow> {
    const [row] = await deps.db.select().from(schema.tiktokAccounts).where(eq(schema.tiktokAccounts.id, serialIdOr404(raw, NOT_FOUND)));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  app.get(
    '/tiktok/accounts',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(tiktokAccountViewSchema) } } },
    async () => listAccounts(deps.db, deps.secretsKey),
  );

  app.post(
    '/tiktok/accounts',
    { config: { access: 'admin' }, schema: { body: tiktokAccountCreateSchema, response: { 201: tiktokAccountViewSchema } } },
    async (request, reply) => {
      const row = await addAccount(deps, request.body);
      return reply.status(201).send(accountView(row, deps.secretsKey));
    },
  );

  // The account's spend rows stay: the money was spent, and reports of those days keep showing it.
  app.delete('/tiktok/accounts/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request, reply) => {
    const row = await account(request.params.id);
    await deps.db.delete(schema.tiktokAccounts).where(eq(schema.tiktokAccounts.id, row.id));
    return reply.status(204).send();
  });

  app.post(
    '/tiktok/accounts/:id/test',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: tiktokConnectionTestSchema } } },
    async (request) => testConnection(deps, await account(request.params.id)),
  );

  app.post(
    '/tiktok/accounts/:id/sync',
    { config: { access: 'admin' }, schema: { params: idParams, body: spendSyncBodySchema, response: { 200: spendSyncResultSchema } } },
    async (request) => runSpendSync(deps.queue, (await account(request.params.id)).id, request.body),
  );

  app.get(
    '/tiktok/spend/freshness',
    { config: { access: { feature: 'dashboard' } }, schema: { response: { 200: spendFreshnessSchema } } },
    async () => spendFreshness(deps.db),
  );
}
