// Landers (spec §7): the list and its create / update / delete mutations with the spec §8 toasts.
// Campaign rows carry their lander, so a change refreshes the campaigns too.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Lander, LanderCreateBody, LanderUpdateBody } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export type { Lander };

export const LANDERS_KEY = ['/api/landers'] as const;

function refreshLanders(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: LANDERS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/campaigns'] });
}

export function useLanders(options: { enabled?: boolean } = {}) {
  return useQuery<Lander[]>({ queryKey: LANDERS_KEY, enabled: options.enabled });
}

export function useCreateLander() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LanderCreateBody) => apiJson<Lander>('POST', '/api/landers', body),
    onSuccess: () => {
      refreshLanders(queryClient);
      toast({ title: 'Lander created' });
    },
    meta: { errorTitle: 'Failed to create lander' },
  });
}

export function useUpdateLander() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LanderUpdateBody }) => apiJson<Lander>('PATCH', `/api/landers/${id}`, body),
    onSuccess: () => {
      refreshLanders(queryClient);
      toast({ title: 'Lander updated' });
    },
    meta: { errorTitle: 'Failed to update lander' },
  });
}

export function useDeleteLander() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/landers/${id}`),
    onSuccess: () => {
      refreshLanders(queryClient);
      toast({ title: 'Lander deleted' });
    },
    meta: { errorTitle: 'Failed to delete lander' },
  });
}
