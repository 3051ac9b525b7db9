// Serves the built web app (web/dist) with a client-side routing fallback: any GET outside /api
// that accepts HTML gets index.html; unknown /api paths stay JSON 404s (or 401 without a session).
// Hashed assets go out as the build's precompressed .br/.gz twins when the browser accepts them.
// Its own scope, so its headers, hooks and compression never run on the tracking routes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { appSecurityHeaders } from './security-headers';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

const API_PATH = /^\/api(\/|\?|$)/;

export async function serveWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return false;
  const html = fs.readFileSync(index);
  await app.register(async (web) => {
    await appSecurityHeaders(web);
    // preCompressed: the build writes x.br and x.gz beside each asset (web/vite.config.ts), so no request
    // spends CPU compressing; a file without them, or a browser accepting neither, gets the plain one.
    await web.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true });
    // Hashed assets are immutable; index.html must always be revalidated so a deploy shows at once.
    // The same URL answers brotli, gzip or plain by Accept-Encoding: caches on the way must key on it.
    web.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/')) {
        void reply.header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
      }
      return payload;
    });
    web.get('/', (_request, reply) => reply.type('text/html').header('cache-control', 'no-cache').send(html));
    // The client-side routes, as the one catch-all GET (the server's 404 handler stays JSON for the rest).
    web.get('/*', (request, reply) => {
      if (!API_PATH.test(request.url) && request.headers.accept?.includes('text/html')) {
        return reply.type('text/html').header('cache-control', 'no-cache').send(html);
      }
      return reply.status(404).send({ message: 'Not found' });
    });
  });
  return true;
}
