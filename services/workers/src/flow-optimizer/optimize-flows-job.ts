// The auto-optimiser's job: one run over every campaign with a path on auto-optimise. The weighing is the campaigns
// feature's (the api's optimizeCampaignFlows, which also serves 'Optimise now'), handed in by the process.
import type { JobProcessor, Logger } from '@tracker/core';
import type { FlowOptimizationRun } from '@tracker/schemas';

export type OptimizeFlows = (now: number) => Promise<FlowOptimizationRun>;

export interface FlowOptimizeJobResult {
  campaigns: number;
  /** Campaigns whose weights moved (one history entry each). */
  saved: number;
}

export function optimizeFlowsJob(deps: { optimizeFlows: OptimizeFlows; logger: Logger }): JobProcessor<unknown, FlowOptimizeJobResult> {
  return async () => {
    const run = await deps.optimizeFlows(Date.now());
    for (const outcome of run.optimized.filter((o) => o.saved)) {
      deps.logger.info({ campaignId: outcome.campaignId, summary: outcome.summary }, 'auto-optimiser moved weights');
    }
    // The other campaigns ran and are saved; the job still fails, so the queue shows the error to admins.
    if (run.failed.length > 0) {
      throw new Error(`The auto-optimiser failed for ${run.failed.map((f) => `campaign ${f.campaignId} (${f.error})`).join(', ')}`);
    }
    return { campaigns: run.optimized.length, saved: run.optimized.filter((o) => o.saved).length };
  };
}
