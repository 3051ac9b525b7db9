// Cross-site request forgery defence for every /api mutation, beside the SameSite=Lax cookie: the
// request must come from our own origin, and a body must be of a type the route declares (JSON unless
// it opts into another, e.g. multipart for an upload), which a plain HTML form cannot send.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, forbidden } from '@tracker/core';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Media types this route accepts as a body; ['application/json'] when not declared. */
    bodyTypes?: string[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_ONLY = ['application/json'];

/**
 * Same origin as the Host the request was sent to (X-Forwarded-Host/-Proto only under TRUST_PROXY,
 * as Fastify reads them). Without an Origin header: fine when the browser says the request is its
 * own (Sec-Fetch-Site same-origin or none) or says nothing at all: every browser that sends neither
 * header on a cross-site POST predates SameSite cookies' universal support, and non-browser clients
 * (scripts, tests, health probes) carry no ambient cookies to abuse.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  }
  let claimed: URL;
  try {
    claimed = new URL(origin); // "null" (sandboxed frames, file:, some redirects) throws: refused
  } catch {
    return false;
  }
  // The host (with its port) must match. The scheme is compared only when we know ours: over plain
  // HTTP without TRUST_PROXY a TLS proxy in front is indistinguishable from none.
  let served: URL;
  try {
    served = new URL(`${claimed.protocol}//${request.host}`);
  } catch {
    return false;
  }
  if (claimed.host !== served.host) return false;
  return request.protocol !== 'https' || claimed.protocol === 'https:';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function checkBodyType(request: FastifyRequest): void {
  const declared = request.headers['content-type'];
  if (declared === undefined && !hasBody(request)) return;
  const mediaType = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const allowed = request.routeOptions.config?.bodyTypes ?? JSON_ONLY;
  if (!allowed.includes(mediaType)) {
    throw new HttpError(415, `Send the request body as ${allowed.join(' or ')}`);
  }
}

/** Refuses foreign-origin mutations (403) and undeclared body types (415) before any body is read. */
export function guardMutations(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request)) throw forbidden('Cross-site requests are not allowed');
    checkBodyType(request);
  });
}
