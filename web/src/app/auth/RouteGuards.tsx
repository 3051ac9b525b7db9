// The route guards (spec §4 "Session", §6): a spinner while the session loads, /auth for visitors,
// away from /auth once signed in, and a redirect home from screens the user may not open.
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { FullScreenSpinner } from '../../ui/Spinner';
import { homePathFor } from '../screens';
import { canAccess, type Access } from './access';
import { useAuth } from './auth-context';

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

/** Only for visitors: a signed-in user opening it goes to /. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Navigate to="/" replace />;
  return children;
}

/** Only for signed-in users: visitors go to /auth. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <Navigate to="/auth" replace />;
  return children;
}

/**
 * Only for users the screen's access rule admits. Refused users go to / (spec §6), or, when / is
 * itself refused (no dashboard feature), to their first permitted menu entry.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <Navigate to="/auth" replace />;
  if (!canAccess(user, access)) return <Navigate to={homePathFor(user)} replace />;
  return children;
}
