// The web app and /api answers carry the security headers (CSP, no framing, no sniffing, referrer
// policy); routes outside them (the tracking routes' place, here /healthz) carry none. Assets go out
// as their precompressed twins when accepted, and nothing else is compressed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';

let h: ApiHarness;
let dist: string;
const html = { accept: 'text/html,application/xhtml+xml' };
const BIG_ASSET = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // As the build writes them: the asset, and its brotli and gzip twins beside it.
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js'), BIG_ASSET);
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js.br'), brotliCompressSync(BIG_ASSET));
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js.gz'), gzipSync(BIG_ASSET));
  h = await createApiHarness({ webDist: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  test('the app page: a CSP allowing only our own scripts, and no framing', async () => {
    for (const url of ['/', '/campaigns', '/assets/app-1234.js']) {
      const res = await h.call({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  test('/api answers, errors included: a deny-all CSP', async () => {
    for (const url of ['/api/user', '/api/no-such-thing']) {
      const res = await h.call({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  test('routes outside /api and the app carry none of them', async () => {
    const res = await h.call({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

describe('client-side routes and 404s', () => {
  test('a page URL gets index.html; an unknown /api path stays JSON (401, then 404 signed in)', async () => {
    const page = await h.call({ method: 'GET', url: '/reports/daily', headers: html });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');

    const anonymous = await h.call({ method: 'GET', url: '/api/no-such-thing', headers: html });
    expect(anonymous.statusCode).toBe(401);
    const cookie = await h.signIn('admin');
    const signedIn = await h.call({ method: 'GET', url: '/api/no-such-thing', cookie, headers: html });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toEqual({ message: 'Not found' });
  });

  test('anything else unknown is a plain JSON 404', async () => {
    for (const [method, url] of [['GET', '/missing.png'], ['POST', '/nowhere'], ['DELETE', '/']] as const) {
      const res = await h.call({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('compressed assets', () => {
  const asset = (acceptEncoding?: string) =>
    h.call({ method: 'GET', url: '/assets/big-5678.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  test('a browser accepting brotli gets the .br twin, as JavaScript, cached for a year and varying by encoding', async () => {
    const res = await asset('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(BIG_ASSET.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_ASSET);
  });

  test('gzip when only gzip is accepted; the plain file when nothing is', async () => {
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_ASSET);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await asset(acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_ASSET);
    }
  });

  test('an asset the build left uncompressed (too small) is sent plain even when compression is accepted', async () => {
    const res = await h.call({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  test('routes outside the web app (the tracking routes\' place) and /api answers are never compressed', async () => {
    for (const url of ['/healthz', '/api/user']) {
      const res = await h.call({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });
});
