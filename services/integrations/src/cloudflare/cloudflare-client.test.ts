// The Cloudflare client's failures against a local page: an answer that is not Cloudflare's JSON is
// described (status, type, size), never quoted; Cloudflare's own errors[].message is shown, cut short;
// without the allowance a loopback API URL is refused before any request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { LOCAL_FAKES_OUTGOING } from '@tracker/testing';
import { createCloudflareClient } from './cloudflare-client';

const SECRET = 'internal-secret-cf';
let page: http.Server;
let answer = { status: 200, type: 'text/html', body: '' };
let hits = 0;
let apiUrl = '';

beforeAll(async () => {
  page = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/client/v4`;
});
afterAll(() => new Promise((resolve) => page.close(resolve)));

const failure = (outgoing = LOCAL_FAKES_OUTGOING) =>
  createCloudflareClient({ apiUrl, apiToken: 'cf-token', accountId: 'account-1', outgoing })
    .getZone('zone-1')
    .then(
      () => {
        throw new Error('the call succeeded');
      },
      (error: unknown) => (error as Error).message,
    );

test('a page that is not JSON is described, not quoted', async () => {
  answer = { status: 502, type: 'text/html', body: `<p>${SECRET}</p>` };
  expect(await failure()).toBe(`Cloudflare answered HTTP 502, text/html, ${answer.body.length} bytes, not JSON (GET /zones/zone-1)`);
});

test("Cloudflare's errors[].message is shown, one short line each", async () => {
  answer = { status: 403, type: 'application/json', body: JSON.stringify({ success: false, errors: [{ code: 10000, message: `Authentication error\n${'x'.repeat(400)}` }] }) };
  const message = await failure();
  expect(message).toMatch(/^Cloudflare: Authentication error x+… \(10000\)$/);
  expect(message.length).toBeLessThan(250);
});

test('without the allowance a loopback API URL is refused and never called', async () => {
  hits = 0;
  expect(await failure({ allowPrivate: false })).toMatch(/^Could not reach Cloudflare \(GET \/zones\/zone-1\): Refused to call this URL: 127\.0\.0\.1 is a private/);
  expect(hits).toBe(0);
});
