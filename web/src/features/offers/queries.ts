// Offers (spec §7): the list and its create / update / delete mutations with the spec §8 toasts.
// Campaign rows carry their offer's name, so a change refreshes the campaigns too.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Offer, OfferCreateBody, OfferUpdateBody } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export type { Offer };

export const OFFERS_KEY = ['/api/offers'] as const;

function refreshOffers(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: OFFERS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/campaigns'] });
}

export function useOffers(options: { enabled?: boolean } = {}) {
  return useQuery<Offer[]>({ queryKey: OFFERS_KEY, enabled: options.enabled });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferCreateBody) => apiJson<Offer>('POST', '/api/offers', body),
    onSuccess: () => {
      refreshOffers(queryClient);
      toast({ title: 'Offer created', description: 'The offer has been created successfully.' });
    },
    meta: { errorTitle: 'Failed to create offer' },
  });
}

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OfferUpdateBody }) => apiJson<Offer>('PATCH', `/api/offers/${id}`, body),
    onSuccess: () => {
      refreshOffers(queryClient);
      toast({ title: 'Offer updated', description: 'The offer has been updated successfully.' });
    },
    meta: { errorTitle: 'Failed to update offer' },
  });
}

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/offers/${id}`),
    onSuccess: () => {
      refreshOffers(queryClient);
      toast({ title: 'Offer deleted', description: 'The offer has been deleted successfully.' });
    },
    meta: { errorTitle: 'Failed to delete offer' },
  });
}
