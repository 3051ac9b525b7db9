// Campaigns (spec §7): the list (rows carry their lander, offer, domain, spark and pixel), create,
// update, delete and the table's BH switch, with the spec §8 toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignCreateBody, CampaignUpdateBody, TiktokEventName } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';
import type { Domain } from '../domains/queries';

export interface Campaign {
  /** Public and generated: the path of the tracking URL. */
  id: string;
  name: string;
  landerId: number | null;
  offerId: number | null;
  domainId: number | null;
  sparkId: number | null;
  tiktokPixelId: number | null;
  defaultTiktokEvent: TiktokEventName;
  bhToggle: boolean;
  createdAt: string;
  /** Null only after the lander was deleted. */
  lander: { id: number; name: string; url: string } | null;
  offer: { id: number; name: string } | null;
  domain: Pick<Domain, 'id' | 'domain' | 'subdomain' | 'status'> | null;
  spark: { id: number; name: string; sparkId: string } | null;
  pixel: { id: number; name: string } | null;
  /** The server's tracking host (custom domain, else redirect domain), when it sends one. */
  trackingHost?: string | null;
  /** The server's global exit domain, when it sends one. */
  exitHost?: string | null;
}

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
