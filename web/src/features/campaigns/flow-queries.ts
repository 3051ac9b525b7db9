// A campaign's flow (rules, weighted landers and offers) and its history: GET/PUT /api/campaigns/:id/flow,
// GET /api/campaigns/:id/flow/history and POST /api/campaigns/:id/flow/optimize. A save refreshes the campaigns list
// too: its lander and offer follow the default path's first items.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignFlow, CampaignFlowBody, FlowChangeEntry, FlowOptimization, SplitTestResponse } from '@tracker/schemas';
import { apiJson } from '../../lib/api';
import { toast } from '../../ui/use-toast';
import { CAMPAIGNS_KEY } from './queries';

const flowKey = (id: string) => [`/api/campaigns/${encodeURIComponent(id)}/flow`] as const;
const historyKey = (id: string) => [`/api/campaigns/${encodeURIComponent(id)}/flow/history`] as const;
const splitTestKey = (id: string) => [`/api/campaigns/${encodeURIComponent(id)}/split-test`] as const;

export function useCampaignFlow(id: string) {
  return useQuery<CampaignFlow>({ queryKey: flowKey(id) });
}

export function useFlowHistory(id: string) {
  return useQuery<FlowChangeEntry[]>({ queryKey: historyKey(id) });
}

export function useSaveCampaignFlow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignFlowBody) => apiJson<CampaignFlow>('PUT', `/api/campaigns/${encodeURIComponent(id)}/flow`, body),
    onSuccess: (flow) => {
      queryClient.setQueryData(flowKey(id), flow);
      void queryClient.invalidateQueries({ queryKey: historyKey(id) });
      // The split test measures the saved paths.
      void queryClient.invalidateQueries({ queryKey: splitTestKey(id) });
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      toast({ title: 'Flow saved' });
    },
    meta: { errorTitle: 'Failed to save the flow' },
  });
}

/** 'Optimise now': the auto-optimiser on the saved flow; the toast says what it moved, or why nothing. */
export function useOptimizeFlow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<FlowOptimization>('POST', `/api/campaigns/${encodeURIComponent(id)}/flow/optimize`),
    onSuccess: (outcome) => {
      if (outcome.saved) {
        void queryClient.invalidateQueries({ queryKey: flowKey(id) });
        void queryClient.invalidateQueries({ queryKey: historyKey(id) });
        void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      }
      toast({ title: outcome.saved ? 'Weights moved' : 'Nothing moved', description: outcome.summary });
    },
    meta: { errorTitle: 'Failed to optimise the flow' },
  });
}

/** The split test of the landers and offers of one of the campaign's paths (a rule's name, or the default path)
 *  over a range of report days. */
export function useSplitTest(id: string, range: { startDate: string; endDate: string }, metric: 'cr' | 'epv', path?: string) {
  return useQuery<SplitTestResponse>({ queryKey: [...splitTestKey(id), { ...range, metric, ...(path ? { path } : {}) }], retry: false });
}
