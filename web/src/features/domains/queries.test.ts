import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { fetchDomains } from './queries';

// A stand-in for the server's /api/domains: each test sets what it answers.
let answer: { status: number; body: string } = { status: 200, body: '[]' };
const server = http.createServer((_req, res) => {
  res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
});
const realFetch = globalThis.fetch;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The browser resolves the app's relative URLs against its origin; here, against the stand-in.
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' ? new URL(input, base) : input, init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((resolve) => server.close(resolve));
});

describe('the domains a campaign may use', () => {
  test('a server failure is the query error, not an empty list', async () => {
    answer = { status: 500, body: JSON.stringify({ message: 'The domain store is down' }) };
    await expect(fetchDomains()).rejects.toThrow(/The domain store is down/);
  });

  test('a user who may not read domains (403) has none to choose', async () => {
    answer = { status: 403, body: JSON.stringify({ message: 'Forbidden' }) };
    await expect(fetchDomains()).resolves.toEqual([]);
  });

  test('the domains the server lists', async () => {
    const domains = [{ id: 1, domain: 'a.xyz', subdomain: 'trk', status: 'active' }];
    answer = { status: 200, body: JSON.stringify(domains) };
    await expect(fetchDomains()).resolves.toEqual(domains);
  });
});
