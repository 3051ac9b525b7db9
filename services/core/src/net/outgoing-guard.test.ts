// The outgoing guard: every private, loopback, link-local and unspecified form refused, however it is
// spelled; public addresses allowed without a connection (nothing here leaves 127.0.0.1).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { guardedLookup, isPublicAddress, outgoingRefusal, OutgoingRefusedError, PUBLIC_ONLY } from './outgoing-guard';
import { describeAnswer, OutgoingTimeoutError, remoteMessage, requestOutgoing } from './outgoing-request';

const REFUSED = [
  'http://127.0.0.1/',
  'http://127.0.0.1:5399/',
  'http://127.1/',
  'http://127.255.255.254/',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://0.0.0.0/',
  'http://0/',
  'http://[::]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.1.1/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://100.127.255.255/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:0.0.0.0]/',
  'https://localhost/',
  'http://user:pass@127.0.0.1/',
];

const ALLOWED = ['http://93.184.216.34/', 'https://93.184.216.34:8443/x', 'http://[2606:2800:220:1:248:1893:25c8:1946]/', 'http://172.32.0.1/', 'http://100.128.0.1/', 'http://[::ffff:93.184.216.34]/'];

describe('outgoingRefusal', () => {
  test.each(REFUSED)('%s is refused', async (url) => {
    expect(await outgoingRefusal(url)).toMatch(/is a private, loopback or link-local address|resolves to a private/);
  });

  test.each(ALLOWED)('%s is allowed', async (url) => {
    expect(await outgoingRefusal(url)).toBeNull();
  });

  test.each(['ftp://93.184.216.34/', 'file:///etc/passwd', 'gopher://93.184.216.34/', 'data:text/plain,x'])('%s is refused for its scheme', async (url) => {
    expect(await outgoingRefusal(url, { allowPrivate: true })).toMatch(/^only http and https URLs are called/);
  });

  test('the allowance lets every private form through', async () => {
    for (const url of REFUSED) expect(await outgoingRefusal(url, { allowPrivate: true })).toBeNull();
  });

  test('the message names the host as written, never what a name resolves to', async () => {
    expect(await outgoingRefusal('http://localhost:5399/')).toBe(
      'localhost resolves to a private, loopback or link-local address, which this server does not call (OUTGOING_ALLOW_PRIVATE=true allows it)',
    );
  });

  test('isPublicAddress: host names and garbage are not addresses', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('requestOutgoing against a local page', () => {
  let server: http.Server;
  let port = 0;
  let hits = 0;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits += 1;
      if (request.url === '/redirect') response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      else if (request.url === '/slow') setTimeout(() => response.end('late'), 500);
      else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>internal secret</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('refused before connecting without the allowance', async () => {
    hits = 0;
    const error = await requestOutgoing(`http://127.0.0.1:${port}/secret`, { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutgoingRefusedError);
    expect(hits).toBe(0);
  });

  test('with the allowance the page is read, and a redirect is answered, not followed', async () => {
    const policy = { allowPrivate: true };
    const page = await requestOutgoing(`http://127.0.0.1:${port}/secret`, { timeoutMs: 2000, policy });
    expect(page).toMatchObject({ status: 200, ok: true, contentType: 'text/html' });
    expect(describeAnswer(page)).toBe('HTTP 200, text/html, 22 bytes');
    hits = 0;
    const redirect = await requestOutgoing(`http://127.0.0.1:${port}/redirect`, { timeoutMs: 2000, policy });
    expect(redirect.status).toBe(302);
    expect(hits).toBe(1);
  });

  test('a slow answer is a timeout', async () => {
    const error = await requestOutgoing(`http://127.0.0.1:${port}/slow`, { timeoutMs: 50, policy: { allowPrivate: true } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutgoingTimeoutError);
  });

  test('the connection lookup refuses a name resolving to loopback, so a re-pointed name cannot slip past the first check', async () => {
    hits = 0;
    const error = await new Promise<unknown>((resolve) => {
      const request = http.get({ host: 'localhost', port, path: '/secret', agent: false, lookup: guardedLookup(PUBLIC_ONLY) }, () => resolve(null));
      request.on('error', resolve);
    });
    expect((error as Error).name).toBe('OutgoingRefusedError');
    expect(hits).toBe(0);
  });
});

test('remoteMessage: one line, cut at its limit; nothing when not a string', () => {
  expect(remoteMessage('bad\r\ntoken ')).toBe('bad token');
  expect(remoteMessage('x'.repeat(300))).toHaveLength(200);
  expect(remoteMessage({ message: 'x' })).toBeNull();
  expect(remoteMessage('')).toBeNull();
});
