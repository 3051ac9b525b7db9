// TikTok ad accounts: the list (polled while the card is open, so a scheduled sync shows up),
// add, delete, 'Test connection' and 'Sync now' with their toasts. A sync answers when it is done.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SpendSyncBody, SpendSyncResult, TiktokAccountCreate, TiktokAccountView, TiktokConnectionTest } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';

export const TIKTOK_ACCOUNTS_KEY = ['/api/tiktok/accounts'] as const;
const POLL_MS = 30_000;

/** After a change the dashboard's money may differ: the accounts, the freshness note and the reports reload. */
function refreshSpend(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: TIKTOK_ACCOUNTS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/tiktok/spend/freshness'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/reports'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/tiktok/spend'] });
}

/** `enabled: false` for a screen whose user may not list the accounts (they are admin-only). */
export function useTiktokAccounts(options: { enabled?: boolean } = {}) {
  return useQuery<TiktokAccountView[]>({ queryKey: TIKTOK_ACCOUNTS_KEY, refetchInterval: POLL_MS, enabled: options.enabled });
}

export function useAddTiktokAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TiktokAccountCreate) => apiJson<TiktokAccountView>('POST', '/api/tiktok/accounts', body),
    onSuccess: (account) => {
      refreshSpend(queryClient);
      toast({ title: 'TikTok account added', description: `${account.name} (${account.timezone}, ${account.currency})` });
    },
    meta: { errorTitle: 'Failed to add TikTok account' },
  });
}

export function useDeleteTiktokAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/tiktok/accounts/${id}`),
    onSuccess: () => {
      refreshSpend(queryClient);
      toast({ title: 'TikTok account deleted' });
    },
    meta: { errorTitle: 'Failed to delete TikTok account' },
  });
}

export function useTestTiktokAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<TiktokConnectionTest>('POST', `/api/tiktok/accounts/${id}/test`, {}),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: TIKTOK_ACCOUNTS_KEY });
      toast({ title: 'Connection works', description: `${result.name}: ${result.timezone}, ${result.currency}` });
    },
    meta: { errorTitle: 'Connection failed' },
  });
}

export function useSyncTiktokAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SpendSyncBody }) => apiJson<SpendSyncResult>('POST', `/api/tiktok/accounts/${id}/sync`, body),
    onSuccess: (result) => toast({ title: 'Spend synced', description: `${result.rows} campaign-day rows` }),
    meta: { errorTitle: 'Sync failed' },
    // A failed run is recorded on the account too: reload either way.
    onSettled: () => refreshSpend(queryClient),
  });
}
