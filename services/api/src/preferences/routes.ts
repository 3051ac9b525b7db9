// GET/POST /api/user/preferences (spec §7): the signed-in user's Stats table columns. Any signed-in
// user may keep their own; nobody reads another's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@tracker/core';
import { userPreferencesBodySchema, userPreferencesSchema } from '@tracker/schemas';
import { currentUser } from '../auth/access';
import { getPreferences } from './get-preferences';
import { savePreferences } from './save-preferences';

export async function preferenceRoutes(scope: FastifyInstance, deps: { db: Db }) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get('/user/preferences', { config: { access: 'user' }, schema: { response: { 200: userPreferencesSchema } } }, async (request) =>
    getPreferences(deps.db, currentUser(request).id),
  );

  app.post(
    '/user/preferences',
    { config: { access: 'user' }, schema: { body: userPreferencesBodySchema, response: { 200: userPreferencesSchema } } },
    async (request) => savePreferences(deps.db, currentUser(request).id, request.body),
  );
}
