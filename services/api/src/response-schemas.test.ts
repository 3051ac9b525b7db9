// Every route that answers JSON declares a zod response schema for its success status, so the web's types
// are the answer's (a time is the string JSON carries, never a Date) and a field no schema names never
// leaves. The routes are read from the API as registered, so a new route without one fails here.
import { expect, test } from '@jest/globals';
import { z } from 'zod';
import { listRegisteredRoutes, type ApiRoute } from './testing/api-routes';

/** Routes whose success answer is not JSON, each with what it answers instead. */
const NOT_JSON: Record<string, string> = {
  'GET /api/clicks/export.csv': 'the Click Log as a CSV file (text/csv), written row by row',
  'GET /api/*': 'unknown /api paths: only ever a { message } 404 (401 without a session), from the error handler',
};

/** A DELETE answers 204 with no body: there is nothing to serialize. */
const answersNoContent = (route: ApiRoute) => route.method === 'DELETE';

const key = (route: ApiRoute) => `${route.method} ${route.url}`;

/** A zod schema of a body: not missing, not a plain object, not the z.undefined() of a body-less 304. */
function isBodySchema(schema: unknown): boolean {
  return schema instanceof z.ZodType && !(schema instanceof z.ZodUndefined);
}

function lacksResponseSchema(route: ApiRoute): boolean {
  if (NOT_JSON[key(route)] || answersNoContent(route)) return false;
  return !isBodySchema(route.response?.['200']) && !isBodySchema(route.response?.['201']);
}

test('every JSON route declares a zod response schema for 200 or 201', async () => {
  const routes = await listRegisteredRoutes();
  expect(routes.length).toBeGreaterThan(60);
  // The mail hook outside /api answers JSON too.
  expect(routes.map(key)).toContain('POST /inbound/email');
  expect(routes.filter(lacksResponseSchema).map(key)).toEqual([]);
});

test('the check finds a route without one, and the allow-list names routes that exist', async () => {
  const route: ApiRoute = { method: 'GET', url: '/api/new-thing', hasBody: false, hasQuery: false, access: 'user' };
  expect(lacksResponseSchema(route)).toBe(true);
  expect(lacksResponseSchema({ ...route, response: { 304: z.undefined() } })).toBe(true);
  expect(lacksResponseSchema({ ...route, response: { 200: z.object({ id: z.number() }) } })).toBe(false);
  expect(lacksResponseSchema({ ...route, method: 'POST', response: { 201: z.object({ id: z.number() }) } })).toBe(false);

  const registered = new Set((await listRegisteredRoutes()).map(key));
  expect(Object.keys(NOT_JSON).filter((allowed) => !registered.has(allowed))).toEqual([]);
});
