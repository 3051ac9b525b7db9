// The reference rates API through HTTP on a real PGlite store: admins only; a manual rate wins over the
// ECB's of its day, is marked with who entered it, and can be removed; bad dates, codes and rates are a 400
// with a clear message.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { and, eq, gte } from 'drizzle-orm';
import { addDays, eurRateOn, saveEcbRates, schema } from '@tracker/core';
import { FEATURES } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';

let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;

const put = (date: string, currency: string, payload: object) => h.call({ method: 'PUT', url: `/api/fx-rates/${date}/${currency}`, cookie: admin, payload });
const list = (query: string) => h.call({ method: 'GET', url: `/api/fx-rates?${query}`, cookie: admin });

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: [...FEATURES], without: [] });
  admin = cookies.admin!;
  await saveEcbRates(h.entities.db, [
    { day: '2026-04-02', rates: { USD: '1.0823', JPY: '161.87' } },
    { day: '2026-04-07', rates: { USD: '1.0900', JPY: '162.00' } },
  ]);
});
afterAll(() => h.close());

describe('access', () => {
  const cases = accessTable([
    { route: 'GET /api/fx-rates', request: () => ({ method: 'GET', url: '/api/fx-rates?startDate=2026-04-01&endDate=2026-04-30' }), statuses: [401, 403, 403, 200] },
    { route: 'GET /api/fx-rates/latest', request: () => ({ method: 'GET', url: '/api/fx-rates/latest?currencies=EUR' }), statuses: [401, 200, 200, 200] },
    { route: 'PUT /api/fx-rates/:date/:currency', request: () => ({ method: 'PUT', url: '/api/fx-rates/2026-04-01/CHF', payload: { rate: '0.95' } }), statuses: [401, 403, 403, 200] },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));
});

describe('listing and entering rates', () => {
  test('the ECB rates of a range, newest day first, and the newest ECB day', async () => {
    const res = await list('startDate=2026-04-02&endDate=2026-04-07');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.latestEcbDay).toBe('2026-04-07');
    expect(body.rates.filter((r: { currency: string }) => r.currency !== 'CHF').map((r: { day: string; currency: string; rate: string; source: string }) => [r.day, r.currency, r.rate, r.source])).toEqual([
      ['2026-04-07', 'JPY', '162', 'ecb'],
      ['2026-04-07', 'USD', '1.09', 'ecb'],
      ['2026-04-02', 'JPY', '161.87', 'ecb'],
      ['2026-04-02', 'USD', '1.0823', 'ecb'],
    ]);
  });

  test('a manual rate wins for its day and on the holiday after, marked with who and when', async () => {
    const res = await put('2026-04-02', 'usd', { rate: 1.1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ day: '2026-04-02', currency: 'USD', rate: '1.1', source: 'manual', ecbRate: '1.0823', enteredBy: expect.stringMatching(/^admin/) });
    expect(Date.now() - Date.parse(res.json().enteredAt)).toBeLessThan(60_000);
    expect(await eurRateOn(h.entities.db, 'USD', '2026-04-06')).toMatchObject({ perEur: '1.1', day: '2026-04-02', source: 'manual' });
    // Entered again: replaced, not added.
    expect((await put('2026-04-02', 'USD', { rate: '1.1050' })).json()).toMatchObject({ rate: '1.105', source: 'manual' });
    expect((await list('startDate=2026-04-02&endDate=2026-04-02')).json().rates.filter((r: { currency: string }) => r.currency === 'USD')).toHaveLength(1);
  });

  test('removing the manual rate lets the ECB rate count again; removing none is a 404', async () => {
    const removed = await h.call({ method: 'DELETE', url: '/api/fx-rates/2026-04-02/USD', cookie: admin });
    expect(removed.statusCode).toBe(204);
    expect(await eurRateOn(h.entities.db, 'USD', '2026-04-02')).toMatchObject({ perEur: '1.0823', source: 'ecb' });
    const again = await h.call({ method: 'DELETE', url: '/api/fx-rates/2026-04-02/USD', cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'No manual rate of USD for 2026-04-02' });
  });

  test.each([
    ['2026-04-02', 'EUX', { rate: '1' }, 'Currency must be an ISO 4217 code such as USD, EUR or JPY, not "EUX"'],
    ['2026-04-02', 'EUR', { rate: '1' }, 'A reference rate has no currency EUR: EUR is the base, its rate is always 1'],
    ['2026-02-30', 'USD', { rate: '1' }, 'Date must be a date as yyyy-MM-dd'],
    ['2026-04-02', 'USD', { rate: '0' }, 'A rate must be more than 0, not "0"'],
    ['2026-04-02', 'USD', { rate: '-1.2' }, 'A rate must be a positive decimal number such as 1.0823, not "-1.2"'],
    ['2026-04-02', 'USD', {}, 'Rate must be a positive number such as 1.0823'],
    ['2999-01-01', 'USD', { rate: '1.1' }, 'A rate can be entered for today or an earlier day'],
  ])('PUT %s %s %j → 400 %s', async (date, currency, payload, message) => {
    const res = await put(date, currency, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test.each([
    ['startDate=2026-04-07&endDate=2026-04-02', 'endDate must not be before startDate'],
    ['startDate=2025-01-01&endDate=2026-04-02', 'The date range can be at most 366 days'],
    ['startDate=2026-04-02', 'endDate is required, as yyyy-MM-dd'],
  ])('GET ?%s → 400 %s', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('the latest rate of a currency against the workspace currency', () => {
  const today = new Date().toISOString().slice(0, 10);
  const latest = (query: string, cookie = cookies['user with the feature']!) => h.call({ method: 'GET', url: `/api/fx-rates/latest?${query}`, cookie });

  afterAll(async () => {
    await h.entities.db.delete(schema.fxRates).where(gte(schema.fxRates.day, addDays(today, -10)));
    await h.entities.db.delete(schema.settings).where(eq(schema.settings.key, 'currency'));
  });

  test('the cross rate that counts today, its publication day, and "manual" when an admin entered one', async () => {
    await saveEcbRates(h.entities.db, [
      { day: addDays(today, -3), rates: { USD: '1.0823', GBP: '0.8512', JPY: '161.87' } },
      { day: addDays(today, -1), rates: { USD: '1.0900', GBP: '0.8500' } },
    ]);
    // USD workspace: EUR is 1.09 USD (yesterday's), JPY only three days old; CHF has no rate; USD itself is left out.
    const res = await latest('currencies=eur,JPY,CHF,USD');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'USD',
      rates: [
        { currency: 'EUR', rate: '1.09', day: addDays(today, -1), source: 'ecb' },
        // 1.09 / 161.87 (JPY read three days back, USD yesterday: the later day is the rate's).
        { currency: 'JPY', rate: '0.0067338', day: addDays(today, -1), source: 'ecb' },
      ],
    });
    expect((await put(today, 'GBP', { rate: '0.8' })).statusCode).toBe(200);
    await h.entities.db.insert(schema.settings).values({ key: 'currency', value: 'GBP' }).onConflictDoUpdate({ target: schema.settings.key, set: { value: 'GBP' } });
    expect((await latest('currencies=EUR')).json()).toEqual({ currency: 'GBP', rates: [{ currency: 'EUR', rate: '0.8', day: today, source: 'manual' }] });
    await h.entities.db.delete(schema.fxRates).where(and(eq(schema.fxRates.day, today), eq(schema.fxRates.source, 'manual')));
  });

  test.each([
    ['', 'currencies is required: ISO 4217 codes separated by commas, such as EUR,GBP'],
    ['currencies=', 'currencies must name at least one ISO 4217 code'],
    ['currencies=EUR,EUX', 'currencies.1: Currency must be an ISO 4217 code such as USD, EUR or JPY, not "EUX"'],
  ])('GET ?%s → 400 %s', async (query, message) => {
    const res = await latest(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});
