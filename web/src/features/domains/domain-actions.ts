// The Domains screen's server state (spec §7 Domains, §8 toasts): the list, polled while a job runs
// so statuses change live, and every action with its success and failure toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DomainAction, DomainCheck, DomainJobAnswer, ProxyTest } from '@tracker/schemas';
import { apiJson, apiRequest } from '../../lib/api';
import { toast } from '../../ui/use-toast';
import { DOMAINS_KEY, fetchDomains, type Domain, type DomainStatus } from './queries';

/** While a domain is in one of these, a job is working on it: the list polls. */
const BUSY: readonly DomainStatus[] = ['pending', 'purchasing', 'configuring_dns'];
export const DOMAINS_POLL_MS = 2_000;

export const isBusy = (domain: Pick<Domain, 'status'>) => BUSY.includes(domain.status);

export function useDomainList() {
  return useQuery<Domain[]>({
    queryKey: DOMAINS_KEY,
    queryFn: ({ signal }) => fetchDomains(signal),
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? DOMAINS_POLL_MS : false),
  });
}

export function useCheckDomain() {
  return useMutation({
    mutationFn: (domain: string) => apiJson<DomainCheck>('POST', '/api/domains/check', { domain }),
    onSuccess: (answer, domain) => {
      if (!answer.available) {
        toast({ title: 'Domain not available', description: answer.message || `${domain} is not available`, variant: 'destructive' });
      }
    },
    meta: { errorTitle: 'Error checking domain' },
  });
}

function useRefreshDomains() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: DOMAINS_KEY });
    // Campaign rows carry their domain and tracking host.
    void queryClient.invalidateQueries({ queryKey: ['/api/campaigns'] });
  };
}

/** The server answers a job action once the job is done or after a while; the row's status shows
 *  sooner: the list is read again shortly after the request went out, and polls while it is busy. */
const JOB_STARTED_MS = 700;
const refreshSoon = (refresh: () => void) => () => void setTimeout(refresh, JOB_STARTED_MS);

export function usePurchaseDomain() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: (domain: string) => apiJson<DomainJobAnswer>('POST', '/api/domains/purchase', { domain }),
    onMutate: refreshSoon(refresh),
    onSuccess: (answer) => {
      if (!answer.success) toast({ title: 'Purchase failed', description: answer.message, variant: 'destructive' });
      else if (answer.status === 'pending' || answer.status === 'purchasing') toast({ title: 'Purchase started', description: answer.message });
      else toast({ title: 'Domain purchased', description: answer.message });
    },
    meta: { errorTitle: 'Error purchasing domain' },
    onSettled: refresh,
  });
}

export function useConfigureDomain() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: ({ id, subdomain }: { id: number; subdomain: string }) =>
      apiJson<DomainJobAnswer>('POST', `/api/domains/${id}/configure`, { subdomain }),
    onMutate: refreshSoon(refresh),
    onSuccess: (answer) => {
      if (!answer.success) toast({ title: 'Error configuring domain', description: answer.message, variant: 'destructive' });
      else if (answer.status === 'configuring_dns') toast({ title: 'Configuring DNS', description: answer.message });
      else toast({ title: 'Domain configured', description: answer.message });
    },
    meta: { errorTitle: 'Error configuring domain' },
    onSettled: refresh,
  });
}

export function useUpdateNameservers() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: (id: number) => apiJson<DomainAction>('POST', `/api/domains/${id}/update-nameservers`, {}),
    onSuccess: (answer) => toast({ title: 'Nameservers updated', description: answer.message }),
    meta: { errorTitle: 'Error updating nameservers' },
    onSettled: refresh,
  });
}

export function useMigrateToWorkers() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: (id: number) => apiJson<DomainAction>('POST', `/api/domains/${id}/migrate-to-workers`, {}),
    onSuccess: (answer) => toast({ title: 'Migrated to Workers', description: answer.message }),
    meta: { errorTitle: 'Error migrating to Workers' },
    onSettled: refresh,
  });
}

export function useDeleteDomain() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/domains/${id}`),
    onSuccess: () => toast({ title: 'Domain deleted' }),
    meta: { errorTitle: 'Error deleting domain' },
    onSettled: refresh,
  });
}

export function useTestProxy() {
  return useMutation({
    mutationFn: () => apiJson<ProxyTest>('POST', '/api/domains/test-proxy', {}),
    onSuccess: (answer) => {
      if (answer.success) toast({ title: 'Proxy test successful', description: answer.message });
      else toast({ title: 'Proxy test failed', description: answer.message, variant: 'destructive' });
    },
    meta: { errorTitle: 'Proxy test failed' },
  });
}
