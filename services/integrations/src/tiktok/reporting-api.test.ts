// The reporting client's failures against a local page: an answer that is not TikTok's JSON is
// described, never quoted, and without the allowance a loopback API URL is refused at once, not retried.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { LOCAL_FAKES_OUTGOING } from '@tracker/testing';
import { getAdvertiserInfo } from './reporting-api';

const SECRET = 'internal-secret-tt';
let page: http.Server;
let hits = 0;
let apiUrl = '';

beforeAll(async () => {
  page = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: SECRET }));
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => page.close(resolve)));

const failure = (outgoing = LOCAL_FAKES_OUTGOING) =>
  getAdvertiserInfo({ apiUrl, accessToken: 'tt-token', advertiserId: '1', attempts: 3, backoffMs: 1, outgoing }).then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => (error as Error).message,
  );

test("JSON without TikTok's code is described, its message not shown", async () => {
  const message = await failure();
  expect(message).toMatch(/^TikTok answered HTTP 200, application\/json, \d+ bytes, not its JSON error shape$/);
  expect(message).not.toContain(SECRET);
});

test('without the allowance a loopback API URL is refused once, never called', async () => {
  hits = 0;
  expect(await failure({ allowPrivate: false })).toMatch(/^Could not reach TikTok: Refused to call this URL: 127\.0\.0\.1 is a private/);
  expect(hits).toBe(0);
});
