// The session as the rest of the app sees it: the current user (null when signed out) and the
// login/logout mutations. AuthProvider fills it; useAuth reads it.
import type { UseMutationResult } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { LoginCredentials, SessionUser } from './session-user';

export interface AuthContextValue {
  user: SessionUser | null;
  /** True until GET /api/user has answered the first time. */
  isLoading: boolean;
  /** A failure of GET /api/user other than 401 (a 401 just means nobody is signed in). */
  error: Error | null;
  retry: () => void;
  loginMutation: UseMutationResult<SessionUser, Error, LoginCredentials>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider.');
  return context;
}

/** The signed-in user, for components that only render behind RequireUser. */
export function useSignedInUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser called with nobody signed in.');
  return user;
}
