// Owns the session (spec §4, §7 "Session"): loads GET /api/user (401 = signed out), signs in with
// POST /api/login and out with POST /api/logout, clearing cached data each time, with failure toasts;
// reloads it when a query is refused, so the screens follow permissions an admin changed meanwhile.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_CURRENCY } from '@tracker/schemas';
import { Fragment, useEffect, useMemo, type ReactNode } from 'react';
import { ApiError, apiJson, apiRequest } from '../../lib/api';
import { setWorkspaceCurrency } from '../../lib/format';
import { getQueryFn } from '../../lib/query-client';
import { dismissToasts } from '../../ui/use-toast';
import { AuthContext, type AuthContextValue } from './auth-context';
import { SESSION_USER_QUERY_KEY, type LoginCredentials, type SessionUser } from './session-user';

// Drops every cached query except the session's own, which the caller sets next. (QueryClient.clear()
// would also drop the mutation that is finishing and detach the session observer from the cache.)
function clearCachedData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_USER_QUERY_KEY[0] || query.queryKey.length > 1,
  });
}

/**
 * A query refused with 401 or 403 means the session the screens were drawn for is out of date: the
 * user was signed out or deleted, or an admin took a feature away. Reloading the session lets the
 * route guards show the sign-in page or the access message instead of a polling screen's error toasts.
 */
function useSessionReloadOnRefusal(queryClient: QueryClient): void {
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryKey[0] === SESSION_USER_QUERY_KEY[0] && event.query.queryKey.length === 1) return;
        const { error } = event.action;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          void queryClient.invalidateQueries({ queryKey: SESSION_USER_QUERY_KEY, exact: true });
        }
      }),
    [queryClient],
  );
}

interface AuthProviderProps {
  children: ReactNode;
  /**
   * Runs after a successful sign-in, before the session switches (the button still reads 'Signing
   * in...'): the router loads the landing screen's code here, so no empty page shows in between, and may
   * start the landing screen's first request in the query cache, already cleared of the last session's data.
   */
  prepareSignIn?: (user: SessionUser, queryClient: QueryClient) => Promise<void>;
  /**
   * Runs as the credentials leave, before the server has checked them: the router starts loading the code of
   * the screen most sign-ins land on, so the ~0.1 s the password check takes is not spent idle.
   */
  anticipateSignIn?: () => void;
}

export function AuthProvider({ children, prepareSignIn, anticipateSignIn }: AuthProviderProps) {
  const queryClient = useQueryClient();
  useSessionReloadOnRefusal(queryClient);

  const userQuery = useQuery<SessionUser | null, Error>({
    queryKey: SESSION_USER_QUERY_KEY,
    queryFn: getQueryFn<SessionUser>({ on401: 'returnNull' }),
  });

  const loginMutation = useMutation<SessionUser, Error, LoginCredentials>({
    mutationFn: async (credentials) => {
      const signIn = apiJson<SessionUser>('POST', '/api/login', credentials);
      anticipateSignIn?.();
      const user = await signIn;
      clearCachedData(queryClient);
      await prepareSignIn?.(user, queryClient);
      return user;
    },
    meta: { errorTitle: 'Login failed' },
    onSuccess: (user) => {
      // A 'Login failed' toast from an earlier try would otherwise linger on the dashboard.
      dismissToasts();
      queryClient.setQueryData(SESSION_USER_QUERY_KEY, user);
    },
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      clearCachedData(queryClient);
      queryClient.setQueryData(SESSION_USER_QUERY_KEY, null);
    },
    meta: { errorTitle: 'Logout failed' },
  });

  const { data, isLoading, error, refetch } = userQuery;
  const value = useMemo<AuthContextValue>(
    () => ({
      user: data ?? null,
      isLoading,
      error: error ?? null,
      retry: () => void refetch(),
      loginMutation,
      logoutMutation,
    }),
    [data, isLoading, error, refetch, loginMutation, logoutMutation],
  );

  // Money figures are formatted in the workspace currency (lib/format), set before the screens render; a
  // changed currency (an admin saved it, which refetches the session) renders the screens anew in it.
  const currency = data?.currency ?? DEFAULT_CURRENCY;
  setWorkspaceCurrency(currency);
  return (
    <AuthContext.Provider value={value}>
      <Fragment key={currency}>{children}</Fragment>
    </AuthContext.Provider>
  );
}
