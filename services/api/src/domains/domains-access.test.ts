// The Domains API is admin only, enforced on the server: a visitor gets 401, a user with
// every feature 403. Without the registrar or Cloudflare configured, each action names what to set.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { FEATURES } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';

let h: ApiHarness;
let cookies: CallerCookies;

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: [...FEATURES], without: [] });
});
afterAll(() => h.close());

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/domains', request: () => ({ method: 'GET', url: '/api/domains' }), statuses: [401, 403, 403, 200] },
    { route: 'POST /api/domains/test-proxy', request: () => ({ method: 'POST', url: '/api/domains/test-proxy', payload: {} }), statuses: [401, 403, 403, 409] },
    { route: 'POST /api/domains/check', request: () => ({ method: 'POST', url: '/api/domains/check', payload: { domain: 'a.xyz' } }), statuses: [401, 403, 403, 409] },
    { route: 'POST /api/domains/purchase', request: () => ({ method: 'POST', url: '/api/domains/purchase', payload: { domain: 'a.xyz' } }), statuses: [401, 403, 403, 409] },
    { route: 'POST /api/domains/:id/configure', request: () => ({ method: 'POST', url: '/api/domains/1/configure', payload: { subdomain: 'trk' } }), statuses: [401, 403, 403, 404] },
    { route: 'POST /api/domains/:id/update-nameservers', request: () => ({ method: 'POST', url: '/api/domains/1/update-nameservers', payload: {} }), statuses: [401, 403, 403, 404] },
    { route: 'POST /api/domains/:id/migrate-to-workers', request: () => ({ method: 'POST', url: '/api/domains/1/migrate-to-workers', payload: {} }), statuses: [401, 403, 403, 404] },
    { route: 'DELETE /api/domains/:id', request: () => ({ method: 'DELETE', url: '/api/domains/1' }), statuses: [401, 403, 403, 404] },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));
});

test('without a registrar configured, check, purchase and the proxy test say which variables to set', async () => {
  const message = 'The registrar is not configured: set NAMECHEAP_API_USER, NAMECHEAP_API_KEY and NAMECHEAP_CLIENT_IP';
  for (const [url, payload] of [
    ['/api/domains/check', { domain: 'a.xyz' }],
    ['/api/domains/purchase', { domain: 'a.xyz' }],
    ['/api/domains/test-proxy', {}],
  ] as const) {
    const res = await h.call({ method: 'POST', url, payload, cookie: cookies.admin });
    expect([url, res.statusCode, res.json()]).toEqual([url, 409, { message }]);
  }
  expect((await h.call({ method: 'GET', url: '/api/domains', cookie: cookies.admin })).json()).toEqual([]);
});
