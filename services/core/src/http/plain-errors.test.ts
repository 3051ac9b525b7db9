// Every error the shared server answers, also those Fastify and node's parser answer before our
// error handler, is a plain { message } with the right 4xx: no FST_ codes, no `error`/`statusCode`.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { createLogger } from '../logger';
import { createHttpServer, type HttpServer } from './create-http-server';

let app: HttpServer;
let port: number;

beforeAll(async () => {
  app = createHttpServer({ logger: createLogger('silent'), trustProxy: false });
  app.post('/things/:id', { schema: { params: z.object({ id: z.string() }), body: z.object({ name: z.string() }) } }, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

/** Sends raw bytes and returns the status and body of the answer. */
function raw(request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

const plain = (body: string) => {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual(['message']);
  expect(body).not.toMatch(/FST_|HPE_|Error:|\bat /);
  return parsed.message;
};

describe('errors answered before our handler', () => {
  test('a malformed URL is 400 { message }', async () => {
    const res = await app.inject({ method: 'POST', url: '/things/%E0%A4%A', payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(plain(res.body)).toBe('Malformed URL');
  });

  test('an unknown route is 404 { message }', async () => {
    const res = await app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(plain(res.body)).toBe('Not found');
  });

  test('an unparseable request (bad Content-Length) is 400 { message } on the raw socket', async () => {
    const res = await raw('POST /things/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}');
    expect(res.status).toBe(400);
    expect(plain(res.body)).toBe('Bad request');
  });

  test('oversized headers are 431 { message }', async () => {
    const res = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(plain(res.body)).toBe('Request headers are too large');
  });
});

describe('errors our handler answers', () => {
  test.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{bad', 400],
    ['an empty JSON body', { 'content-type': 'application/json' }, '', 400],
    ['an unknown content type', { 'content-type': 'application/xml' }, '<a/>', 415],
    ['a prototype-poisoning body', { 'content-type': 'application/json' }, '{"__proto__":{"x":1},"name":"a"}', 400],
    ['a body over the limit', { 'content-type': 'application/json' }, `{"name":"${'a'.repeat(1024 * 1024)}"}`, 413],
  ])('%s: a plain { message } with its 4xx', async (_label, headers, payload, status) => {
    const res = await app.inject({ method: 'POST', url: '/things/1', headers, payload });
    expect(res.statusCode).toBe(status);
    plain(res.body);
  });
});
