// Cross-site request defences of /api, through HTTP: foreign or null origins are refused, bodies must
// be JSON unless a route declares another type, and the refusal happens before anything is written.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHttpServer, createLogger, type HttpServer } from '@tracker/core';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { guardMutations } from './guard-mutations';

let h: ApiHarness;
let admin: string;
const offer = { name: 'Guarded offer', url: 'https://offer.example/x', utmTemplate: 'utm_source=tiktok' };

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
});
afterAll(() => h.close());

const offerNames = async () =>
  ((await h.call({ method: 'GET', url: '/api/offers', cookie: admin })).json() as { name: string }[]).map((o) => o.name);

describe('Origin check on /api mutations', () => {
  test.each([
    ['a foreign origin', { origin: 'https://evil.example' }],
    ['the null origin', { origin: 'null' }],
    ['our host on another port', { origin: 'http://localhost:8080' }],
    ['no origin, but the browser says cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no origin, but the browser says same-site', { 'sec-fetch-site': 'same-site' }],
  ])('%s is 403 and writes nothing', async (_label, headers) => {
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, headers, payload: offer });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    expect(await offerNames()).not.toContain(offer.name);
  });

  test('a body-less mutation (logout) from a foreign origin is refused and the session survives', async () => {
    const cookie = await h.signIn('admin');
    const res = await h.call({ method: 'POST', url: '/api/logout', cookie, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await h.call({ method: 'GET', url: '/api/user', cookie })).statusCode).toBe(200);
  });

  test('sign-in from a foreign origin is refused (login CSRF)', async () => {
    const res = await h.call({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'x', password: 'y' },
    });
    expect(res.statusCode).toBe(403);
  });

  test.each([
    ['our own origin', { origin: 'http://localhost' }],
    ['no origin, the browser says same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no origin and no fetch metadata (a script, not a browser)', {}],
  ])('%s is let through', async (_label, headers) => {
    const res = await h.call({ method: 'POST', url: '/api/offers', cookie: admin, headers, payload: { ...offer, name: `Ok ${_label}` } });
    expect(res.statusCode).toBe(201);
  });

  test('reads are not checked: a GET with a foreign origin is answered', async () => {
    const res = await h.call({ method: 'GET', url: '/api/user', cookie: admin, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('JSON bodies only', () => {
  test('logout with a text/plain body (what an HTML form can send) is 415', async () => {
    const cookie = await h.signIn('admin');
    const res = await h.call({ method: 'POST', url: '/api/logout', cookie, headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Send the request body as application/json' });
    expect((await h.call({ method: 'GET', url: '/api/user', cookie })).statusCode).toBe(200);
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'a %s body to a JSON route is 415 and writes nothing',
    async (type) => {
      const res = await h.call({
        method: 'POST',
        url: '/api/offers',
        cookie: admin,
        headers: { 'content-type': type },
        payload: JSON.stringify({ ...offer, name: 'Form offer' }),
      });
      expect(res.statusCode).toBe(415);
      expect(await offerNames()).not.toContain('Form offer');
    },
  );

  test('JSON with a charset is fine; a body-less mutation needs no content type', async () => {
    const created = await h.call({
      method: 'POST',
      url: '/api/offers',
      cookie: admin,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ ...offer, name: 'Charset offer' }),
    });
    expect(created.statusCode).toBe(201);
    const cookie = await h.signIn('admin');
    expect((await h.call({ method: 'POST', url: '/api/logout', cookie })).statusCode).toBe(200);
  });
});

describe('the rule on its own server', () => {
  async function serverWith(trustProxy: boolean): Promise<HttpServer> {
    const app = createHttpServer({ logger: createLogger('silent'), trustProxy });
    await app.register(async (scope) => {
      guardMutations(scope);
      scope.post('/json', async () => ({ ok: true }));
      // How a coming upload route opts in to multipart; the parser itself would come with it.
      scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, {}));
      scope.post('/upload', { config: { bodyTypes: ['multipart/form-data'] } }, async () => ({ ok: true }));
    });
    await app.ready();
    return app;
  }

  test('a route may declare another body type', async () => {
    const app = await serverWith(false);
    const upload = { method: 'POST' as const, headers: { 'content-type': 'multipart/form-data; boundary=b' }, payload: '--b--' };
    expect((await app.inject({ ...upload, url: '/upload' })).statusCode).toBe(200);
    expect((await app.inject({ ...upload, url: '/json' })).statusCode).toBe(415);
    expect((await app.inject({ method: 'POST', url: '/upload', payload: { a: 1 } })).statusCode).toBe(415);
    await app.close();
  });

  const behindProxy = {
    host: '10.0.0.9:5000',
    origin: 'https://tracker.example.com',
    'x-forwarded-host': 'tracker.example.com',
    'x-forwarded-proto': 'https',
  };

  test('under TRUST_PROXY the forwarded host and scheme are our origin', async () => {
    const app = await serverWith(true);
    expect((await app.inject({ method: 'POST', url: '/json', headers: behindProxy })).statusCode).toBe(200);
    const downgraded = { ...behindProxy, origin: 'http://tracker.example.com' };
    expect((await app.inject({ method: 'POST', url: '/json', headers: downgraded })).statusCode).toBe(403);
    await app.close();
  });

  test('without TRUST_PROXY forwarded headers are ignored: only the Host counts', async () => {
    const app = await serverWith(false);
    expect((await app.inject({ method: 'POST', url: '/json', headers: behindProxy })).statusCode).toBe(403);
    const proxiedWithHost = { ...behindProxy, host: 'tracker.example.com' };
    expect((await app.inject({ method: 'POST', url: '/json', headers: proxiedWithHost })).statusCode).toBe(200);
    await app.close();
  });
});
