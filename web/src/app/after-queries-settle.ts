// Work that must not compete with a screen's first figures: run once no query is on its way, or after a cap.
import type { QueryClient } from '@tanstack/react-query';

/** Calls `then` once, when no query of `queryClient` is fetching (now, or after the fetches on their way end), or after
 *  `capMs` at the latest (a screen that keeps polling). The function returned cancels it. */
export function afterQueriesSettle(queryClient: QueryClient, capMs: number, then: () => void): () => void {
  let done = false;
  const finish = (run: boolean) => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(cap);
    if (run) then();
  };
  const cap = setTimeout(() => finish(true), capMs);
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() === 0) finish(true);
  });
  if (queryClient.isFetching() === 0) finish(true);
  return () => finish(false);
}
