// The security headers of the dashboard (via @fastify/helmet): a Content-Security-Policy for the web
// app, a deny-all one for JSON answers, and no framing, sniffing or cross-site referrers for either.
// Registered in the /api and web scopes only: the tracking routes (/r, /click, ...) never pay for them.
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const COMMON: FastifyHelmetOptions = {
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // HSTS pins the whole host (and with helmet's default, its subdomains) to HTTPS for a year: a
  // decision for whoever runs the TLS proxy, not for the app.
  strictTransportSecurity: false,
};

/** The built web app: only our own scripts, styles, images and API. */
const APP_CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // Radix's dialog scroll lock (react-remove-scroll) injects a <style> element whose text depends on
    // the scrollbar's width, so no hash can name it; styles set from scripts (CSSOM) need nothing.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** JSON answers never render as a page: nothing may load from them, nothing may frame them. */
const API_CSP = { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };

export async function appSecurityHeaders(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyHelmet, { ...COMMON, contentSecurityPolicy: APP_CSP });
}

export async function apiSecurityHeaders(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyHelmet, { ...COMMON, contentSecurityPolicy: API_CSP });
}
