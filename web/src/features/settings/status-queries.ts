// Settings → Status: GET /api/status, polled while the page is open so a store that stops answering or a
// sync that starts failing shows without a reload.
import { useQuery } from '@tanstack/react-query';
import type { Status } from '@tracker/schemas';

const STATUS_POLL_MS = 30_000;

export function useStatus() {
  return useQuery<Status>({ queryKey: ['/api/status'], refetchInterval: STATUS_POLL_MS, meta: { errorTitle: 'Failed to load the status' } });
}
