// The auto-optimiser's scheduled run: every campaign with a path on auto-optimise, one after the other. The job that
// runs it every 15 minutes is the workers' (services/workers/src/flow-optimizer); the process wires this in.
import { isNotNull } from 'drizzle-orm';
import { schema } from '@tracker/core';
import type { CampaignFlow, FlowOptimizationRun } from '@tracker/schemas';
import { optimizeCampaignFlow, type FlowOptimizerDeps } from './optimize-campaign-flow';

const autoOptimized = (flow: CampaignFlow) => flow.defaultPath.autoOptimize || flow.rules.some((r) => r.path.autoOptimize);

export async function optimizeCampaignFlows(deps: FlowOptimizerDeps, now: number): Promise<FlowOptimizationRun> {
  // A campaign without a stored flow is its one lander and offer: nothing to weigh.
  const campaigns = await deps.db.select({ id: schema.campaigns.id, flow: schema.campaigns.flow }).from(schema.campaigns).where(isNotNull(schema.campaigns.flow));
  const run: FlowOptimizationRun = { optimized: [], failed: [] };
  for (const campaign of campaigns.filter((c) => c.flow && autoOptimized(c.flow))) {
    try {
      run.optimized.push(await optimizeCampaignFlow(deps, campaign.id, now));
    } catch (error) {
      run.failed.push({ campaignId: campaign.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return run;
}
