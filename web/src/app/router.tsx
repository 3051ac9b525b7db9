// The router: /auth for visitors, every screen of the route table behind its access rule inside the
// app shell, and 'Page Not Found' for anything else. Screens not built yet render PendingScreen.
// Every screen and the shell are their own chunks, so the sign-in page downloads none of them.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Activity, Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, useRouteError, type RouteObject } from 'react-router-dom';
import { SignInPage } from '../features/auth/SignInPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { errorMessage } from '../lib/api';
import { Button } from '../ui/Button';
import { FullScreenSpinner, Spinner } from '../ui/Spinner';
import { canAccess } from './auth/access';
import { AuthContext, useAuth, type AuthContextValue } from './auth/auth-context';
import { RequireAccess, RequireSignedOut, RequireUser, returnPath, SessionGate } from './auth/RouteGuards';
import type { SessionUser } from './auth/session-user';
import { afterQueriesSettle } from './after-queries-settle';
import { lazyPage, type LazyPage } from './lazy-page';
import { PendingScreen } from './PendingScreen';
import { findScreen, homePathFor, NOT_FOUND_TITLE, screens } from './screens';

const shell = lazyPage(() => import('./shell/AppShell').then((m) => m.AppShell));

/** Built pages by path. A screen of the route table missing here shows PendingScreen. */
const pages: Partial<Record<string, LazyPage>> = {
  '/': lazyPage(() => import('../features/stats/StatsPage').then((m) => m.StatsPage)),
  '/offers': lazyPage(() => import('../features/offers/OffersPerformancePage').then((m) => m.OffersPerformancePage)),
  '/clicks': lazyPage(() => import('../features/click-log/ClickLogPage').then((m) => m.ClickLogPage)),
  '/conversions': lazyPage(() => import('../features/conversion-log/ConversionLogPage').then((m) => m.ConversionLogPage)),
  '/offer-config': lazyPage(() => import('../features/offers/OfferConfigPage').then((m) => m.OfferConfigPage)),
  '/landers': lazyPage(() => import('../features/landers/LandersPage').then((m) => m.LandersPage)),
  '/campaigns': lazyPage(() => import('../features/campaigns/CampaignsPage').then((m) => m.CampaignsPage)),
  '/campaigns/:id/flow': lazyPage(() => import('../features/campaigns/CampaignFlowPage').then((m) => m.CampaignFlowPage)),
  '/rules': lazyPage(() => import('../features/rules/RulesPage').then((m) => m.RulesPage)),
  '/sparks': lazyPage(() => import('../features/sparks/SparksPage').then((m) => m.SparksPage)),
  '/tiktok-pixels': lazyPage(() => import('../features/tiktok-pixels/TiktokPixelsPage').then((m) => m.TiktokPixelsPage)),
  '/settings': lazyPage(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage)),
  '/users': lazyPage(() => import('../features/users/UsersPage').then((m) => m.UsersPage)),
  '/invoicing': lazyPage(() => import('../features/invoicing/InvoicingPage').then((m) => m.InvoicingPage)),
  '/domains': lazyPage(() => import('../features/domains/DomainsPage').then((m) => m.DomainsPage)),
  '/codes': lazyPage(() => import('../features/codes/CodesPage').then((m) => m.CodesPage)),
  '/billing': lazyPage(() => import('../features/billing/BillingPage').then((m) => m.BillingPage)),
};

/** The shell and the page at `pathname`: what a signed-in user's first render needs. */
function preloadScreen(pathname: string): Promise<void> {
  const page = pages[findScreen(pathname)?.path ?? ''];
  return Promise.all([shell.preload(), page?.preload()]).then(() => undefined);
}

/**
 * Where a sign-in lands (spec §6), loaded before the session switches: the dashboard then renders at
 * once in place of the sign-in form, with no spinner or empty page between them. Its report is asked for
 * at the same time, so the server computes the first number while the browser loads and draws the screen.
 */
export function preloadHome(user: SessionUser, queryClient: QueryClient): Promise<void> {
  const home = homePathFor(user);
  if (home === '/') {
    // A chunk of its own (as the dashboard is): the sign-in page stays free of zod and the schemas.
    const landing = returnPath(router.state.location.state);
    void import('../features/stats/report-params').then(({ prefetchDashboardReport }) => prefetchDashboardReport(queryClient, landing, user.reportTimezone));
  }
  return preloadScreen(home);
}

/**
 * While the server checks a password (scrypt, ~0.1 s): the shell and the dashboard's code, where every user with
 * the dashboard lands. A user whose home is another screen loads it in preloadHome, as before; a refused
 * password has only fetched code the next try needs anyway.
 */
export function preloadLikelyHome(): void {
  void preloadScreen('/');
  void import('../features/stats/report-params').catch(() => undefined);
}

// Once the first screen has its figures and the browser is idle, the rest the user may open, so moving through the
// sidebar never waits for a download. Not before: the screens' chunks parsed while the dashboard's report is on its way
// hold up the frame that shows its first number (and on one machine, take the CPU the server computes it with).
function preloadScreensFor(user: SessionUser, queryClient: QueryClient): () => void {
  const preloadAll = () => {
    for (const { path, access } of screens) if (canAccess(user, access)) void pages[path]?.preload();
  };
  // A screen that keeps asking (a poll, a slow report) still gets its neighbours' code within a few seconds.
  return afterQueriesSettle(queryClient, 5_000, () => {
    if ('requestIdleCallback' in window) requestIdleCallback(preloadAll, { timeout: 5_000 });
    else setTimeout(preloadAll, 2_000);
  });
}

function ShellWithPreload({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => (user ? preloadScreensFor(user, queryClient) : undefined), [user, queryClient]);
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading the dashboard" />}>
      {children ? <shell.Page>{children}</shell.Page> : <shell.Page />}
    </Suspense>
  );
}

function PageLoading({ title }: { title: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner className="size-8" label={`Loading ${title}`} />
    </div>
  );
}

function screenRoutes(): RouteObject[] {
  return screens.map(({ path, title, access }) => {
    const page = pages[path];
    return {
      path,
      element: (
        <RequireAccess access={access}>
          {page ? (
            <Suspense fallback={<PageLoading title={title} />}>
              <page.Page />
            </Suspense>
          ) : (
            <PendingScreen title={title} />
          )}
        </RequireAccess>
      ),
    };
  });
}

// Any signed-in user sees 'Page Not Found' within the shell; a visitor sees it on its own.
function NotFoundRoute() {
  const { user } = useAuth();
  useEffect(() => {
    if (!user) document.title = `${NOT_FOUND_TITLE} · Affiliate Tracker`;
  }, [user]);
  if (user) {
    return (
      <ShellWithPreload>
        <NotFoundPage />
      </ShellWithPreload>
    );
  }
  return (
    <main className="flex min-h-svh flex-col p-4">
      <NotFoundPage />
    </main>
  );
}

// A screen that failed to render, typically its code failing to download twice in a row (lazy-page
// reloads once first): say so and offer a reload, instead of React Router's developer page.
function RouteError() {
  const error = useRouteError();
  return (
    <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="font-medium">This page could not be loaded.</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}

/** Renders nothing when the tree under it throws: a rehearsal that fails costs nothing but its own work. */
class SilentBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The shell and the dashboard, loaded and drawn once out of sight on the sign-in page while the visitor types
 * (React's Activity, hidden: rendered at the lowest priority and never mounted, so no effect runs and nothing is
 * asked of the server), for a made-up admin, and dropped at sign-in. What it leaves is warm code: drawn for the
 * first time, the two spent ~90 ms of the browser's main thread compiling their functions and ran them cold, on
 * the two cores the server's password check and first report need at that very moment; after a rehearsal the
 * drawing a buyer waits for runs compiled code (~25 ms of compiling left, ~0.1 s less of the renderer's CPU).
 */
function DashboardRehearsal() {
  const auth = useAuth();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const start = () => void preloadScreen('/').then(() => live && setReady(true));
    const idle = 'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2_000 }) : undefined;
    if (idle === undefined) start();
    return () => {
      live = false;
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  // Taken once: the session's later states (the sign-in pending, then done) would only draw the hidden tree again.
  // Nothing in it can be pressed, so the mutations it holds are never called.
  const [rehearsed] = useState<AuthContextValue>(() => ({
    ...auth,
    user: { id: 0, username: 'rehearsal', role: 'admin', permissions: [], reportTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone, currency: 'USD' },
  }));
  const dashboard = pages['/'];
  if (!ready || !dashboard) return null;
  return (
    <Activity mode="hidden">
      <SilentBoundary>
        <Suspense fallback={null}>
          <AuthContext.Provider value={rehearsed}>
            <shell.Page>
              <dashboard.Page />
            </shell.Page>
          </AuthContext.Provider>
        </Suspense>
      </SilentBoundary>
    </Activity>
  );
}

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/auth',
        element: (
          <RequireSignedOut>
            <SignInPage />
            <DashboardRehearsal />
          </RequireSignedOut>
        ),
      },
      {
        element: (
          <RequireUser>
            <ShellWithPreload />
          </RequireUser>
        ),
        children: screenRoutes(),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A signed-in user opening a screen needs its chunks whoever they turn out to be: fetch them beside
// GET /api/user rather than after it. (A visitor is sent to /auth; the chunks then serve the sign-in.)
// On the sign-in page, DashboardRehearsal loads the dashboard's chunks once the page is up and idle.
if (window.location.pathname !== '/auth') void preloadScreen(window.location.pathname);
