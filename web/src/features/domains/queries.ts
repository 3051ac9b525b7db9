// Domains as other screens read them (spec §7 "Domains"): GET /api/domains, admins only. Until the
// Domains screen and its API exist the call may fail; the campaign dialog then offers no domains.
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';

export type DomainStatus = 'pending' | 'purchasing' | 'purchased' | 'configuring_dns' | 'active' | 'dns_failed' | 'failed';

export interface Domain {
  id: number;
  domain: string;
  subdomain: string | null;
  status: DomainStatus;
}

export const DOMAINS_KEY = ['/api/domains'] as const;

/** The purchased domains, or an empty list when they cannot be read (the failure is logged). */
export function useDomainsOrNone(options: { enabled?: boolean } = {}) {
  return useQuery<Domain[]>({
    queryKey: DOMAINS_KEY,
    enabled: options.enabled,
    queryFn: async ({ signal }) => {
      try {
        return await apiJson<Domain[]>('GET', '/api/domains', undefined, { signal });
      } catch (error) {
        console.warn('Could not load domains; offering none.', error);
        return [];
      }
    },
  });
}

/** A domain campaigns can route through: active, with its tracking subdomain configured (spec §9). */
export function isUsableDomain(domain: Pick<Domain, 'status' | 'subdomain'>): boolean {
  return domain.status === 'active' && Boolean(domain.subdomain);
}

export function domainHost(domain: Pick<Domain, 'domain' | 'subdomain'>): string {
  return domain.subdomain ? `${domain.subdomain}.${domain.domain}` : domain.domain;
}
