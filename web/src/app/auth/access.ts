// Who may open what (spec §6): admins everything; admin-only screens nobody else; feature screens
// a user holding that feature (or any of several); the rest any signed-in user.
import type { Feature, SessionUser } from './session-user';

export type Access =
  | { kind: 'signed-in' }
  | { kind: 'admin' }
  | { kind: 'feature'; feature: Feature }
  // A screen whose data the server gives to holders of any of these (as its `anyFeature` routes).
  | { kind: 'any-feature'; features: readonly Feature[] };

export const signedIn: Access = { kind: 'signed-in' };
export const adminOnly: Access = { kind: 'admin' };
export const needsFeature = (feature: Feature): Access => ({ kind: 'feature', feature });
export const needsAnyFeature = (...features: Feature[]): Access => ({ kind: 'any-feature', features });

export function hasFeature(user: SessionUser, feature: Feature): boolean {
  return user.role === 'admin' || (user.permissions ?? []).includes(feature);
}

/** The features any one of which grants this access; none for signed-in and admin-only access. */
export function featuresOf(access: Access): Feature[] {
  switch (access.kind) {
    case 'feature':
      return [access.feature];
    case 'any-feature':
      return [...access.features];
    default:
      return [];
  }
}

export function canAccess(user: SessionUser, access: Access): boolean {
  if (user.role === 'admin') return true;
  switch (access.kind) {
    case 'signed-in':
      return true;
    case 'admin':
      return false;
    case 'feature':
    case 'any-feature':
      return featuresOf(access).some((feature) => hasFeature(user, feature));
  }
}
