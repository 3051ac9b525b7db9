// Test support for spec §6: each route answered for the four callers (anonymous, a user
// without the feature, a user with it, an admin). A denial carries a message and no data.
import { expect } from '@jest/globals';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Feature } from '@tracker/schemas';
import type { ApiHarness } from './api-harness';

export const CALLERS = ['anonymous', 'user without the feature', 'user with the feature', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type CallerCookies = Record<Caller, string | undefined>;

export async function signInCallers(h: ApiHarness, features: { with: Feature[]; without: Feature[] }): Promise<CallerCookies> {
  return {
    anonymous: undefined,
    'user without the feature': await h.signIn('user', features.without),
    'user with the feature': await h.signIn('user', features.with),
    admin: await h.signIn('admin'),
  };
}

export interface RouteCase {
  /** 'GET /api/offers', for the test name. */
  route: string;
  /** Builds the request, creating fresh fixtures when the call consumes them (a delete). */
  request: () => InjectOptions | Promise<InjectOptions>;
  /** The status for each caller, in CALLERS order. */
  statuses: readonly [number, number, number, number];
}

/** Rows for test.each: [route, caller, status, case]. */
export function accessTable(cases: RouteCase[]): Array<[string, Caller, number, RouteCase]> {
  return cases.flatMap((c) => CALLERS.map((caller, i): [string, Caller, number, RouteCase] => [c.route, caller, c.statuses[i]!, c]));
}

export async function expectAccess(
  h: ApiHarness,
  cookies: CallerCookies,
  caller: Caller,
  status: number,
  c: RouteCase,
): Promise<LightMyRequestResponse> {
  const res = await h.call({ ...(await c.request()), cookie: cookies[caller] });
  expect({ status: res.statusCode, body: res.statusCode >= 400 ? res.body : '' }).toMatchObject({ status });
  if (status === 401 || status === 403) {
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
    expect(typeof body.message).toBe('string');
  }
  return res;
}
