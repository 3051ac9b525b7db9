// TikTok pixels (spec §7 "Pixels"): the list polled every 10 s, create / update / delete with the
// spec §8 toasts, and the Pixel Unlocker's test event. Access tokens come back only to admins.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FireEventBody, FireEventResult, PixelCreateBody, PixelUpdateBody, TiktokPixel } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export type { FireEventResult, TiktokPixel };

export const PIXELS_KEY = ['/api/tiktok-pixels'] as const;
export const PIXEL_POLL_MS = 10_000;

function refreshPixels(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: PIXELS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/campaigns'] });
}

export function usePixels(options: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery<TiktokPixel[]>({
    queryKey: PIXELS_KEY,
    enabled: options.enabled,
    refetchInterval: options.poll ? PIXEL_POLL_MS : false,
  });
}

export function useCreatePixel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixelCreateBody) => apiJson<TiktokPixel>('POST', '/api/tiktok-pixels', body),
    onSuccess: () => {
      refreshPixels(queryClient);
      toast({ title: 'Success', description: 'TikTok pixel created successfully' });
    },
    meta: { errorTitle: 'Failed to create TikTok pixel' },
  });
}

export function useUpdatePixel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PixelUpdateBody }) => apiJson<TiktokPixel>('PATCH', `/api/tiktok-pixels/${id}`, body),
    onSuccess: () => {
      refreshPixels(queryClient);
      toast({ title: 'Success', description: 'TikTok pixel updated successfully' });
    },
    meta: { errorTitle: 'Failed to update TikTok pixel' },
  });
}

export function useDeletePixel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/tiktok-pixels/${id}`),
    onSuccess: () => {
      refreshPixels(queryClient);
      toast({ title: 'Success', description: 'TikTok pixel deleted successfully' });
    },
    meta: { errorTitle: 'Failed to delete TikTok pixel' },
  });
}

/** Fires one test event; the caller shows the answer, whichever way it went. */
export function useFireTestEvent() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FireEventBody }) =>
      apiJson<FireEventResult>('POST', `/api/tiktok-pixels/${id}/fire-event`, body),
    onSuccess: (result) => {
      if (result.success) toast({ title: 'Test event fired successfully!' });
      else toast({ title: 'Failed to fire test event', description: 'TikTok did not accept the event: see the response below.', variant: 'destructive' });
    },
    meta: { errorTitle: 'Failed to fire test event' },
  });
}
