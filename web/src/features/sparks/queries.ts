// Sparks (spec §7): the list, create (the form clears and 'Spark created' shows), edit ('Spark updated')
// and delete ('Spark deleted'), with the spec §8 failure toasts. Campaign rows carry their spark, so they refresh too.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Spark, SparkCreateBody, SparkUpdateBody } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export type { Spark };

export const SPARKS_KEY = ['/api/sparks'] as const;

function refreshSparks(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: SPARKS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/campaigns'] });
}

export function useSparks(options: { enabled?: boolean } = {}) {
  return useQuery<Spark[]>({ queryKey: SPARKS_KEY, enabled: options.enabled });
}

export function useCreateSpark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SparkCreateBody) => apiJson<Spark>('POST', '/api/sparks', body),
    onSuccess: () => {
      refreshSparks(queryClient);
      toast({ title: 'Spark created' });
    },
    meta: { errorTitle: 'Failed to create spark' },
  });
}

export function useUpdateSpark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SparkUpdateBody }) => apiJson<Spark>('PATCH', `/api/sparks/${id}`, body),
    onSuccess: () => {
      refreshSparks(queryClient);
      toast({ title: 'Spark updated' });
    },
    meta: { errorTitle: 'Failed to update spark' },
  });
}

export function useDeleteSpark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/sparks/${id}`),
    onSuccess: () => {
      refreshSparks(queryClient);
      toast({ title: 'Spark deleted' });
    },
    meta: { errorTitle: 'Failed to delete spark' },
  });
}
