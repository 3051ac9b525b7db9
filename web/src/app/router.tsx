// The router: /auth for visitors, every screen of the route table behind its access rule inside the
// app shell, and 'Page Not Found' for anything else. Screens not built yet render PendingScreen.
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SignInPage } from '../features/auth/SignInPage';
import { CampaignsPage } from '../features/campaigns/CampaignsPage';
import { ClickLogPage } from '../features/click-log/ClickLogPage';
import { LandersPage } from '../features/landers/LandersPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { OfferConfigPage } from '../features/offers/OfferConfigPage';
import { OffersPerformancePage } from '../features/offers/OffersPerformancePage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SparksPage } from '../features/sparks/SparksPage';
import { StatsPage } from '../features/stats/StatsPage';
import { TiktokPixelsPage } from '../features/tiktok-pixels/TiktokPixelsPage';
import { UsersPage } from '../features/users/UsersPage';
import { useAuth } from './auth/auth-context';
import { RequireAccess, RequireSignedOut, RequireUser, SessionGate } from './auth/RouteGuards';
import { PendingScreen } from './PendingScreen';
import { NOT_FOUND_TITLE, screens } from './screens';
import { AppShell } from './shell/AppShell';

/** Built pages by path. A screen of the route table missing here shows PendingScreen. */
const pages: Partial<Record<string, ComponentType>> = {
  '/': StatsPage,
  '/offers': OffersPerformancePage,
  '/clicks': ClickLogPage,
  '/offer-config': OfferConfigPage,
  '/landers': LandersPage,
  '/campaigns': CampaignsPage,
  '/sparks': SparksPage,
  '/tiktok-pixels': TiktokPixelsPage,
  '/settings': SettingsPage,
  '/users': UsersPage,
};

function screenRoutes(): RouteObject[] {
  return screens.map(({ path, title, access }) => {
    const Page = pages[path];
    return {
      path,
      element: <RequireAccess access={access}>{Page ? <Page /> : <PendingScreen title={title} />}</RequireAccess>,
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
      <AppShell>
        <NotFoundPage />
      </AppShell>
    );
  }
  return (
    <main className="flex min-h-svh flex-col p-4">
      <NotFoundPage />
    </main>
  );
}

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    children: [
      {
        path: '/auth',
        element: (
          <RequireSignedOut>
            <SignInPage />
          </RequireSignedOut>
        ),
      },
      {
        element: (
          <RequireUser>
            <AppShell />
          </RequireUser>
        ),
        children: screenRoutes(),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
