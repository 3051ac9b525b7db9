// /api/campaigns: the Campaigns screen. Users with the campaigns feature read it; creating, editing,
// deleting, the BH switch and running the auto-optimiser are admin only. Every change tells the ingest's catalog
// to reload.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOG_CHANNEL, notFound, type Analytics, type ChangeFeed, type Db } from '@tracker/core';
import { blankToUndefined, campaignCreateSchema, campaignFlowSchema, campaignFlowViewSchema, dateRangeQuerySchema, flowChangeSchema, flowOptimizationSchema, singleLine, SPLIT_TEST_METRICS, splitTestSchema, campaignSchema, campaignUpdateSchema, hasControlCharacter, isWellFormedText } from '@tracker/schemas';
import { currentUser } from '../auth/access';
import { loadViewerScope } from '../reports/viewer-scope';
import { listFlowChanges, readCampaignFlow, saveCampaignFlow } from './campaign-flow';
import { optimizeCampaignFlow } from './optimize-campaign-flow';
import { readSplitTest } from './split-test';
import { createCampaign } from './create-campaign';
import { deleteCampaign } from './delete-campaign';
import { listCampaigns } from './list-campaigns';
import { updateCampaign } from './update-campaign';

export interface CampaignDeps {
  db: Db;
  analytics: Analytics;
  changes: ChangeFeed;
}

const idParams = z.object({ id: z.string() });
/** A path id that cannot be a campaign's (a NUL, a control character, a megabyte) is an unknown one: a 404,
 *  never a query the database refuses with a 500. */
function campaignId(raw: string): string {
  if (raw.length > 100 || hasControlCharacter(raw) || !isWellFormedText(raw)) throw notFound('Campaign not found');
  return raw;
}

export async function campaignRoutes(scope: FastifyInstance, deps: CampaignDeps) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  // The list also feeds the Click Log's campaign filter and the Stats campaign chip.
  app.get(
    '/campaigns',
    { config: { access: { anyFeature: ['campaigns', 'clicks', 'dashboard'] } }, schema: { response: { 200: z.array(campaignSchema) } } },
    async () => listCampaigns(deps.db),
  );

  app.post(
    '/campaigns',
    { config: { access: 'admin' }, schema: { body: campaignCreateSchema, response: { 201: campaignSchema } } },
    async (request, reply) => {
      const campaign = await createCampaign(deps.db, request.body);
      await deps.changes.notify(CATALOG_CHANNEL);
      return reply.status(201).send(campaign);
    },
  );

  app.patch(
    '/campaigns/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: campaignUpdateSchema, response: { 200: campaignSchema } } },
    async (request) => {
      const campaign = await updateCampaign(deps.db, campaignId(request.params.id), request.body, {
        by: currentUser(request).username,
        reason: "The campaign dialog's lander or offer",
      });
      await deps.changes.notify(CATALOG_CHANNEL);
      return campaign;
    },
  );

  // The flow: rules, weighted landers and offers. Read with the campaigns feature; saved by an admin.
  app.get(
    '/campaigns/:id/flow',
    { config: { access: { anyFeature: ['campaigns'] } }, schema: { params: idParams, response: { 200: campaignFlowViewSchema } } },
    async (request) => readCampaignFlow(deps.db, campaignId(request.params.id)),
  );

  app.put(
    '/campaigns/:id/flow',
    { config: { access: 'admin' }, schema: { params: idParams, body: campaignFlowSchema, response: { 200: campaignFlowViewSchema } } },
    async (request) => {
      const flow = await saveCampaignFlow(deps.db, campaignId(request.params.id), request.body, { by: currentUser(request).username, reason: 'Flow saved' });
      await deps.changes.notify(CATALOG_CHANNEL);
      return flow;
    },
  );

  // The auto-optimiser, now, for this campaign's paths with auto-optimise on: what it decided per path.
  app.post(
    '/campaigns/:id/flow/optimize',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: flowOptimizationSchema } } },
    async (request) => optimizeCampaignFlow(deps, campaignId(request.params.id), Date.now()),
  );

  app.get(
    '/campaigns/:id/flow/history',
    { config: { access: { anyFeature: ['campaigns'] } }, schema: { params: idParams, response: { 200: z.array(flowChangeSchema) } } },
    async (request) => listFlowChanges(deps.db, campaignId(request.params.id)),
  );

  // The split test of the landers and offers of one of the campaign's paths, scoped to what the viewer's reports show.
  app.get(
    '/campaigns/:id/split-test',
    {
      config: { access: { anyFeature: ['campaigns'] } },
      schema: {
        params: idParams,
        querystring: dateRangeQuerySchema.and(
          z.object({
            metric: z.enum(SPLIT_TEST_METRICS, { error: 'metric must be cr or epv' }).default('cr'),
            // A rule's name, or 'default' (or 'none', or no path) for the default path.
            path: z.preprocess(blankToUndefined, singleLine('path').max(100, 'path must be a rule name of at most 100 characters').optional()),
          }),
        ),
        response: { 200: splitTestSchema },
      },
    },
    async (request) =>
      readSplitTest(deps, campaignId(request.params.id), request.query, await loadViewerScope(deps.db, request.user)),
  );

  app.delete('/campaigns/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request, reply) => {
    await deleteCampaign(deps.db, campaignId(request.params.id));
    await deps.changes.notify(CATALOG_CHANNEL);
    return reply.status(204).send();
  });
}
