// Who may open what (spec §6): admins everything; admin-only screens nobody else; feature screens
// a user holding that feature; the rest any signed-in user. Also where a user lands when refused.
import type { Feature, SessionUser } from './session-user';

export type Access = { kind: 'signed-in' } | { kind: 'admin' } | { kind: 'feature'; feature: Feature };

export const signedIn: Access = { kind: 'signed-in' };
export const adminOnly: Access = { kind: 'admin' };
export const needsFeature = (feature: Feature): Access => ({ kind: 'feature', feature });

export function hasFeature(user: SessionUser, feature: Feature): boolean {
  return user.role === 'admin' || (user.permissions ?? []).includes(feature);
}

export function canAccess(user: SessionUser, access: Access): boolean {
  if (user.role === 'admin') return true;
  switch (access.kind) {
    case 'signed-in':
      return true;
    case 'admin':
      return false;
    case 'feature':
      return hasFeature(user, access.feature);
  }
}
