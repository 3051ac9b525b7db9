// Campaigns (spec §7): the list (rows carry their lander, offer, domain, spark and pixel), create,
// update, delete and the table's BH switch, with the spec §8 toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignCreateBody, CampaignUpdateBody } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export type { Campaign };

export const CAMPAIGNS_KEY = ['/api/campaigns'] as const;

export function useCampaigns() {
  return useQuery<Campaign[]>({ queryKey: CAMPAIGNS_KEY });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignCreateBody) => apiJson<Campaign>('POST', '/api/campaigns', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      toast({ title: 'Campaign created' });
    },
    meta: { errorTitle: 'Failed to create campaign' },
  });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CampaignUpdateBody }) =>
      apiJson<Campaign>('PATCH', `/api/campaigns/${encodeURIComponent(id)}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      toast({ title: 'Campaign updated' });
    },
    meta: { errorTitle: 'Failed to update campaign' },
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/campaigns/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      toast({ title: 'Campaign deleted' });
    },
    meta: { errorTitle: 'Failed to delete campaign' },
  });
}

/** The table's BH switch: flips at once, and flips back with 'Failed to update campaign' if the server refuses. */
export function useToggleBh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, bhToggle }: { id: string; bhToggle: boolean }) =>
      apiJson<Campaign>('PATCH', `/api/campaigns/${encodeURIComponent(id)}`, { bhToggle } satisfies CampaignUpdateBody),
    onMutate: async ({ id, bhToggle }) => {
      await queryClient.cancelQueries({ queryKey: CAMPAIGNS_KEY });
      const previous = queryClient.getQueryData<Campaign[]>(CAMPAIGNS_KEY);
      queryClient.setQueryData<Campaign[]>(CAMPAIGNS_KEY, (rows) => rows?.map((row) => (row.id === id ? { ...row, bhToggle } : row)));
      return { previous };
    },
    meta: { errorTitle: 'Failed to update campaign' },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(CAMPAIGNS_KEY, context.previous);
    },
    onSuccess: (_campaign, { bhToggle }) => toast({ title: 'Campaign updated', description: `BH is now ${bhToggle ? 'on' : 'off'}.` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}
