// Screens loaded on demand (code splitting): a component that fetches its chunk the first time it
// renders, and a preload() so the chunk can be fetched before then, leaving nothing to wait for.
import { lazy, useState, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a page takes no props unless it says so
export interface LazyPage<P extends object = {}> {
  Page: ComponentType<P>;
  /** Fetches the chunk (once; again after a failure). Never rejects: rendering reports the failure. */
  preload: () => Promise<void>;
}

// After a deploy an open tab may ask for a chunk whose hashed name no longer exists: one reload fetches
// the new index.html and its chunks. The timestamp keeps a chunk that is really missing from looping.
const RELOADED_AT_KEY = 'tracker:chunk-reload-at';
const RELOAD_WINDOW_MS = 10_000;

function reloadOnceFor(error: unknown): Promise<never> {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last > RELOAD_WINDOW_MS) {
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
    // The page is going away; never settle so no error screen flashes first.
    return new Promise<never>(() => undefined);
  }
  return Promise.reject(error instanceof Error ? error : new Error(String(error)));
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as LazyPage
export function lazyPage<P extends object = {}>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchChunk = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // Only a render that needs the chunk reloads the page; a failed preload just leaves it to that render.
  const Lazy = lazy(() => fetchChunk().catch(reloadOnceFor));

  // React.lazy suspends on its first render even when the chunk is already here, which would show the
  // Suspense fallback for a frame. A mount that finds the chunk loaded renders it directly; the choice
  // is made once per mount so a later render never swaps the component (and its state) underneath.
  function Page(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return {
    Page,
    preload: () =>
      fetchChunk().then(
        () => undefined,
        () => undefined,
      ),
  };
}
