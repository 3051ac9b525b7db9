// Domains as other screens read them (spec §7 "Domains"): GET /api/domains, admins only. A user who
// may not read them, or a server without the Domains API yet, offers none; any other failure shows.
import { useQuery } from '@tanstack/react-query';
import type { DomainStatus, DomainView } from '@tracker/schemas';
import { ApiError, apiJson } from '../../lib/api';

export type { DomainStatus };

export type Domain = DomainView;

export type DomainTransition = DomainView['transitions'][number];

export const DOMAINS_KEY = ['/api/domains'] as const;

/**
 * The domains, or none for a user who may not read them (403) or a server without the Domains API
 * (404): both are answers, not failures. Anything else (a 500, the network) rejects, so the query
 * is in error, the user is told, and it is fetched again the next time it is needed.
 */
export async function fetchDomains(signal?: AbortSignal): Promise<Domain[]> {
  try {
    return await apiJson<Domain[]>('GET', '/api/domains', undefined, { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return [];
    throw error;
  }
}

/** The domains to offer; while they cannot be read, none (`data` is undefined) and a toast says why. */
export function useDomainsOrNone(options: { enabled?: boolean } = {}) {
  return useQuery<Domain[]>({
    queryKey: DOMAINS_KEY,
    enabled: options.enabled,
    queryFn: ({ signal }) => fetchDomains(signal),
    meta: { errorTitle: 'Could not load domains' },
  });
}

/** A domain campaigns can route through: active, with its tracking subdomain configured (spec §9). */
export function isUsableDomain(domain: Pick<Domain, 'status' | 'subdomain'>): boolean {
  return domain.status === 'active' && Boolean(domain.subdomain);
}

export function domainHost(domain: Pick<Domain, 'domain' | 'subdomain'>): string {
  return domain.subdomain ? `${domain.subdomain}.${domain.domain}` : domain.domain;
}
