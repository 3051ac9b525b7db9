// The route guards (spec §4 "Session", §6): a spinner while the session loads, /auth for visitors,
// away from /auth once signed in (back to the link the visitor opened, view and all), and for screens the
// user may not open a redirect home or a message.
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { NoAccess } from '../../ui/NoAccess';
import { FullScreenSpinner } from '../../ui/Spinner';
import { findScreen, refusalFor } from '../screens';
import type { Access } from './access';
import { useAuth } from './auth-context';
import { FEATURE_LABELS } from './feature-labels';

/** Renders its child routes once GET /api/user has answered; shows why when it failed (other than 401). */
export function SessionGate() {
  const { isLoading, error, retry } = useAuth();
  if (isLoading) return <FullScreenSpinner label="Loading your session" />;
  if (error) {
    return (
      <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="font-medium">Could not check whether you are signed in.</p>
        <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
        <Button variant="outline" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  return <Outlet />;
}

/** Where a visitor was sent from to sign in: a link a teammate shared keeps its view. */
interface SignInState {
  from?: unknown;
}

/**
 * The visitor's way to /auth, remembering the page (with its query) to return to; not after 'Log out',
 * where whoever signs in next starts at their own home rather than the last user's page.
 */
function ToSignIn() {
  const { pathname, search, hash } = useLocation();
  const { loginMutation, logoutMutation } = useAuth();
  const loggedOut = logoutMutation.isSuccess && logoutMutation.submittedAt > loginMutation.submittedAt;
  if (loggedOut) return <Navigate to="/auth" replace />;
  return <Navigate to="/auth" replace state={{ from: `${pathname}${search}${hash}` } satisfies SignInState} />;
}

/** Where signing in returns to: only our own paths, never '//host' (another site) nor /auth itself. */
export function returnPath(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth') ? from : '/';
}

/** Only for visitors: a signed-in user opening it goes to the page they were sent from, else /. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { state } = useLocation();
  if (user) return <Navigate to={returnPath(state)} replace />;
  return children;
}

/** Only for signed-in users: visitors go to /auth. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <ToSignIn />;
  return children;
}

/**
 * Only for users the screen's access rule admits. A refused user goes home from admin-only screens
 * and from / (spec §6), and is told which feature a feature screen needs (see refusalFor); either
 * way the page never mounts, so none of its requests are sent to be refused.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user) return <ToSignIn />;
  const screen = findScreen(pathname);
  const refusal = refusalFor(user, { path: screen?.path ?? pathname, title: screen?.title ?? '', access });
  if (!refusal) return children;
  if (refusal.kind === 'redirect') return <Navigate to={refusal.to} replace />;
  const features = refusal.features.map((feature) => FEATURE_LABELS[feature]);
  return (
    <NoAccess
      what={refusal.title}
      action={
        <Button asChild variant="outline">
          <Link to={refusal.home.path}>Go to {refusal.home.label}</Link>
        </Button>
      }
    >
      <p>
        This screen needs the {features.join(' or ')} permission, which your account does not have.
      </p>
      <p>Ask an admin to grant it in User Management.</p>
    </NoAccess>
  );
}
