// The app's TanStack Query client with the spec §9 defaults (never stale, no refetch on focus, no retries),
// the default query function (the query key is the URL, and a 401 may resolve to null) and failure toasts.
import { MutationCache, QueryCache, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { readJson, throwIfNotOk } from './api';
import { toastDeclaredFailure } from './failure-toast';

type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * Builds the URL a query key stands for: string or number parts are joined with '/', and a trailing
 * object becomes the query string (null/undefined values are left out).
 * `['/api/campaigns', 7]` -> `/api/campaigns/7`; `['/api/clicks', { startDate, endDate }]` -> `/api/clicks?startDate=...`.
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const segments: string[] = [];
  const search = new URLSearchParams();
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') {
      segments.push(String(part));
    } else if (part && typeof part === 'object') {
      for (const [name, value] of Object.entries(part as QueryParams)) {
        if (value !== null && value !== undefined) search.append(name, String(value));
      }
    }
  }
  const path = segments.join('/').replace(/\/{2,}/g, '/');
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function for the key's URL. With `on401: 'returnNull'` a 401 answer resolves to null. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(urlFromQueryKey(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return readJson<T>(response);
  };
}

export const queryClient = new QueryClient({
  // Each failed fetch (a polling query's too) and each failed mutation toasts the title its hook declares in `meta`.
  queryCache: new QueryCache({ onError: (error, query) => toastDeclaredFailure(query.meta, error) }),
  mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => toastDeclaredFailure(mutation.meta, error) }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn<unknown>({ on401: 'throw' }),
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
