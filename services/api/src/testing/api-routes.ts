// Test support: every route the API registers, read from a second instance through Fastify's onRoute hook,
// so suites that must cover every route (hostile input, the buyer-scope walk, response schemas) cannot miss a new one.
import type { RouteOptions } from 'fastify';
import { createHttpServer, createLogger, type Analytics, type ChangeFeed, type Db } from '@tracker/core';
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
  /** The route's response schemas by status ('200', '201', ...), if it declares any. */
  response?: Record<string, unknown>;
  /** The route's declared access ('user' when it declares none, as enforceAccess reads it). */
  access: Access;
}

/** Stand-ins for the stores when only the routes are wanted: registering must not touch them. */
function untouchable<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      throw new Error(`registering the API read ${name}.${String(key)}: route listing gives it no store`);
    },
  });
}

/**
 * Every route registerApi adds (the /api routes and the mail hook beside them), HEAD left out. The web
 * app's routes are not among them: the probe has no built app to serve. Without a harness the stores
 * are stand-ins that fail if touched, so a suite that only reads the routes opens none.
 */
export async function listRegisteredRoutes(h?: Pick<ApiHarness, 'entities' | 'analytics'>): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  const probe = createHttpServer({ logger: createLogger('silent'), trustProxy: false });
  probe.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = (route.config as { access?: Access } | undefined)?.access ?? 'user';
    const schema = route.schema as { body?: unknown; querystring?: unknown; response?: Record<string, unknown> } | undefined;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        hasBody: Boolean(schema?.body),
        hasQuery: Boolean(schema?.querystring),
        body: schema?.body,
        response: schema?.response,
        access,
      });
    }
  });
  await registerApi(probe, {
    db: h?.entities.db ?? untouchable<Db>('db'),
    analytics: h?.analytics ?? untouchable<Analytics>('analytics'),
    changes: h?.entities.changes ?? untouchable<ChangeFeed>('changes'),
    sessionSecret: 's'.repeat(32),
    secretsKey: Buffer.alloc(32, 7),
    tiktokApiUrl: 'http://127.0.0.1:9',
    logger: createLogger('silent'),
    webDist: '/nonexistent',
  });
  await probe.close();
  return routes;
}

/** The /api routes, HEAD left out, on the harness's stores (registering reads nothing from them). */
export async function listApiRoutes(h: ApiHarness): Promise<ApiRoute[]> {
  return (await listRegisteredRoutes(h)).filter((route) => route.url.startsWith('/api'));
}
