// The CAKE client's failures against a local page that is not CAKE: each says what went wrong (status,
// "not JSON", content type, size) and none quotes the page, which may be a service on this server's network.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { LOCAL_FAKES_OUTGOING } from '@tracker/testing';
import { fetchCakeConversions, type CakeCredentials } from './cake-client';

const SECRET = 'internal-secret-7f3a';
let page: http.Server;
let answer: { status: number; type: string; body: string } = { status: 200, type: 'text/html', body: '' };
let hits = 0;
let creds: CakeCredentials;

beforeAll(async () => {
  page = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  creds = { baseUrl: `http://127.0.0.1:${(page.address() as AddressInfo).port}/`, apiKey: 'cake-key', affiliateId: '1' };
});
afterAll(() => new Promise((resolve) => page.close(resolve)));

const failure = (outgoing = LOCAL_FAKES_OUTGOING) =>
  fetchCakeConversions(creds, '2026-02-01', '2026-02-01', outgoing).then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => (error as Error).message,
  );

test('a page that is not JSON is described, not quoted', async () => {
  answer = { status: 200, type: 'text/html; charset=utf-8', body: `<html>${SECRET}</html>` };
  expect(await failure()).toBe(`CAKE's answer was not JSON (HTTP 200, text/html, ${answer.body.length} bytes)`);
});

test('an HTTP error is its status, type and size, not its body', async () => {
  answer = { status: 500, type: 'text/plain', body: SECRET };
  expect(await failure()).toBe(`CAKE answered HTTP 500, text/plain, ${SECRET.length} bytes`);
});

test("CAKE's own refusal shows its message, cut to one short line", async () => {
  answer = { status: 200, type: 'application/json', body: JSON.stringify({ success: false, message: `Invalid API Key\n${'x'.repeat(400)}` }) };
  const message = await failure();
  expect(message).toMatch(/^CAKE refused the call: Invalid API Key x+…$/);
  expect(message.length).toBeLessThan(250);
});

test('a bad figure names its field, never its value', async () => {
  answer = { status: 200, type: 'application/json', body: JSON.stringify({ success: true, row_count: 1, data: [{ conversion_id: 'c', conversion_date: '2026-02-01T00:00:00Z', price: SECRET }] }) };
  expect(await failure()).toBe('CAKE sent a price that is not a number');
});

test('without the allowance the loopback base URL is refused and never called', async () => {
  hits = 0;
  const message = await failure({ allowPrivate: false });
  expect(message).toMatch(/^CAKE could not be reached at http:\/\/127\.0\.0\.1:\d+: Refused to call this URL: 127\.0\.0\.1 is a private, loopback or link-local address/);
  expect(hits).toBe(0);
});
