// Who may call which /api route. Every route declares `config.access`; a route that declares
// nothing needs a session. Checked server-side on every request, whatever the UI hides.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '@tracker/core';
import type { Feature, SessionUser } from '@tracker/schemas';
import { SESSION_COOKIE, type SessionStore } from './session-store';

/** 'public'; any session ('user'); admins; or a role-user holding the feature (or any of several,
 *  for lists that feed several screens, e.g. offers for the campaign dialog and the Stats filters). */
export type Access = 'public' | 'user' | 'admin' | { feature: Feature } | { anyFeature: Feature[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function checkAccess(access: Access, user: SessionUser | null): void {
  if (access === 'public') return;
  if (!user) throw unauthorized();
  if (access === 'user' || user.role === 'admin') return;
  if (access === 'admin') throw forbidden('Only admins can do this');
  if ('feature' in access) {
    if (!user.permissions.includes(access.feature)) throw forbidden(`You do not have the ${access.feature} permission`);
    return;
  }
  if (!access.anyFeature.some((f) => user.permissions.includes(f))) {
    throw forbidden(`You need one of these permissions: ${access.anyFeature.join(', ')}`);
  }
}

/** Resolves the session of every request in this scope, then enforces the route's access. */
export function enforceAccess(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.user = await sessions.userOf(request.cookies[SESSION_COOKIE]);
    checkAccess(request.routeOptions.config.access ?? 'user', request.user);
  });
}

/** For handlers behind 'user' / 'admin' / feature access: the user is there. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
