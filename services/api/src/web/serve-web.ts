// Serves the built web app (web/dist) with a client-side routing fallback: any GET outside /api
// that accepts HTML gets index.html; unknown /api paths stay JSON 404s (or 401 without a session).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

export async function serveWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return false;
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  const html = fs.readFileSync(index);
  // Hashed assets are immutable; index.html must always be revalidated so a deploy shows at once.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/')) void reply.header('cache-control', 'public, max-age=31536000, immutable');
    return payload;
  });
  app.get('/', (_request, reply) => reply.type('text/html').header('cache-control', 'no-cache').send(html));
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && request.headers.accept?.includes('text/html')) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(html);
    }
    return reply.status(404).send({ message: 'Not found' });
  });
  return true;
}
