// Routes that serve more than one screen accept any of a few features (admins always pass). The same
// rule and message as `config.access: { anyFeature: [...] }` in auth/access.ts, which these routes could declare.
import type { FastifyRequest } from 'fastify';
import { forbidden } from '@tracker/core';
import type { Feature } from '@tracker/schemas';
import { currentUser } from '../auth/access';

/** An onRequest hook for a route declared `access: 'user'` (which has already answered 401 without a session). */
export function requireOneOf(...features: Feature[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = currentUser(request);
    if (user.role === 'admin' || features.some((f) => user.permissions.includes(f))) return;
    throw forbidden(`You need one of these permissions: ${features.join(', ')}`);
  };
}
