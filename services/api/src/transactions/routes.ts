// /api/transactions: the Billing Statements screen (spec §2, §7), for every signed-in user, each seeing
// the transactions of the VCNs assigned to them (admins all). Uploading a statement is for admins.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, JobQueue } from '@tracker/core';
import {
  MAX_STATEMENT_BYTES,
  statementImportResultSchema,
  statementUploadRefusedSchema,
  transactionListQuerySchema,
  transactionPageSchema,
  transactionSummaryQuerySchema,
  transactionSummarySchema,
  transactionVcnOptionsSchema,
} from '@tracker/schemas';
import { currentUser } from '../auth/access';
import { listTransactionVcns } from './list-transaction-vcns';
import { listTransactions } from './list-transactions';
import { summarizeTransactions } from './summarize-transactions';
import { uploadStatement } from './upload-statement';

export interface TransactionDeps {
  db: Db;
  queue?: JobQueue;
  importTimeoutMs?: number;
}

export async function transactionRoutes(scope: FastifyInstance, deps: TransactionDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/transactions',
    { config: { access: 'user' }, schema: { querystring: transactionListQuerySchema, response: { 200: transactionPageSchema } } },
    async (request) => listTransactions(deps.db, currentUser(request), request.query),
  );

  app.get(
    '/transactions/summary',
    { config: { access: 'user' }, schema: { querystring: transactionSummaryQuerySchema, response: { 200: transactionSummarySchema } } },
    async (request) => summarizeTransactions(deps.db, currentUser(request), request.query),
  );

  app.get('/transactions/vcns', { config: { access: 'user' }, schema: { response: { 200: transactionVcnOptionsSchema } } }, async (request) =>
    listTransactionVcns(deps.db, currentUser(request)),
  );

  // Multipart is read in this scope only, and only for the route that opts into it (guard-mutations).
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, { limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 10, parts: 11 } });
    // Each refusal status upload-statement.ts answers; the error handler's { message } of those statuses fits too.
    const refused = statementUploadRefusedSchema;
    const response = { 200: statementImportResultSchema, 400: refused, 413: refused, 503: refused, 504: refused };
    upload.post(
      '/transactions/upload',
      { config: { access: 'admin', bodyTypes: ['multipart/form-data'] }, schema: { response } },
      async (request, reply) => {
        const answer = await uploadStatement(request, { db: deps.db, queue: deps.queue, importTimeoutMs: deps.importTimeoutMs });
        return reply.status(answer.status).send(answer.body);
      },
    );
  });
}
