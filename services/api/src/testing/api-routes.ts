// Test support: every route the API registers, read from a second instance through Fastify's onRoute hook,
// so suites that must cover every route (hostile input, the buyer-scope walk) cannot miss a new one.
import type { RouteOptions } from 'fastify';
import { createHttpServer, createLogger } from '@tracker/core';
import { registerApi } from '../api-plugin';
import type { Access } from '../auth/access';
import type { ApiHarness } from './api-harness';

export interface ApiRoute {
  method: string;
  url: string;
  hasBody: boolean;
  hasQuery: boolean;
  /** The route's body schema, if it declares one. */
  body?: unknown;
  /** The route's declared access ('user' when it declares none, as enforceAccess reads it). */
  access: Access;
}

/** The /api routes, HEAD left out, on the harness's stores (registering reads nothing from them). */
export async function listApiRoutes(h: ApiHarness): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  const probe = createHttpServer({ logger: createLogger('silent'), trustProxy: false });
  probe.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = (route.config as { access?: Access } | undefined)?.access ?? 'user';
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api')) continue;
      routes.push({ method, url: route.url, hasBody: Boolean(route.schema?.body), hasQuery: Boolean(route.schema?.querystring), body: route.schema?.body, access });
    }
  });
  await registerApi(probe, {
    db: h.entities.db,
    analytics: h.analytics,
    changes: h.entities.changes,
    sessionSecret: 's'.repeat(32),
    secretsKey: Buffer.alloc(32, 7),
    tiktokApiUrl: 'http://127.0.0.1:9',
    logger: createLogger('silent'),
    webDist: '/nonexistent',
  });
  await probe.close();
  return routes;
}
