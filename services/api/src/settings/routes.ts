// /api/settings, /api/postback-url, /api/event-log-spills and /api/redeploy-worker: the Settings screen, admin only.
// Every saved setting tells the ingest's catalog to reload (the global exit domain is part of it).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOG_CHANNEL, workspaceCurrency, type ChangeFeed, type Db, type JobQueue } from '@tracker/core';
import type { DomainAutomation } from '@tracker/integrations';
import {
  postbackUrlSchema,
  redeployWorkerResultSchema,
  SPEND_REEXPRESS_JOB,
  savedSettingSchema,
  settingBodySchema,
  settingRowSchema,
  spillReportsSchema,
} from '@tracker/schemas';
import { listSettings } from './list-settings';
import { listSpills } from './list-spills';
import { postbackUrl } from './postback-url';
import { redeployWorker } from './redeploy-worker';
import { saveSetting } from './save-setting';

export interface SettingsDeps {
  db: Db;
  changes: ChangeFeed;
  /** Cloudflare and the edge worker's script, for Redeploy Worker. */
  domains: DomainAutomation;
  /** Where a changed workspace currency has stored spend re-expressed (the workers' job); absent: not re-expressed. */
  queue?: JobQueue;
}

export async function settingsRoutes(scope: FastifyInstance, deps: SettingsDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get('/settings', { config: { access: 'admin' }, schema: { response: { 200: z.array(settingRowSchema) } } }, async () =>
    listSettings(deps.db),
  );

  app.post('/settings', { config: { access: 'admin' }, schema: { body: settingBodySchema, response: { 200: savedSettingSchema } } }, async (request) => {
    const currencyBefore = request.body.key === 'currency' ? await workspaceCurrency(deps.db) : null;
    const saved = await saveSetting(deps.db, request.body.key, request.body.value);
    await deps.changes.notify(CATALOG_CHANNEL);
    // Another workspace currency: stored spend is re-expressed in it at the stored rates, on the workers.
    if (currencyBefore !== null && currencyBefore !== (await workspaceCurrency(deps.db))) await deps.queue?.enqueue(SPEND_REEXPRESS_JOB, {});
    return saved;
  });

  app.get('/postback-url', { config: { access: 'admin' }, schema: { response: { 200: postbackUrlSchema } } }, async (request) => ({
    url: await postbackUrl(deps.db, `${request.protocol}://${request.host}`),
  }));

  app.get('/event-log-spills', { config: { access: 'admin' }, schema: { response: { 200: spillReportsSchema } } }, async () =>
    listSpills(deps.db),
  );

  app.post('/redeploy-worker', { config: { access: 'admin' }, schema: { response: { 200: redeployWorkerResultSchema } } }, async () =>
    redeployWorker(deps.domains),
  );
}
