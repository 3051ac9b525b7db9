// The ECB client against the local fake: both files read into days of rates (gaps left as published), and
// every failure a clear EcbRatesError: HTTP 500, XML cut short, an answer that is not the ECB's, a bad rate,
// a private address without OUTGOING_ALLOW_PRIVATE.
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { LOCAL_FAKES_OUTGOING, startFakeEcbServer, type FakeEcbServer } from '@tracker/testing';
import { ECB_DAILY_FILE, ECB_HIST_90D_FILE, EcbRatesError, fetchEcbRates, parseEcbRates } from './ecb-rates-client';

let ecb: FakeEcbServer;
beforeAll(async () => {
  ecb = await startFakeEcbServer();
});
afterAll(() => ecb.close());
afterEach(() => {
  ecb.failure = null;
});

describe('fetchEcbRates', () => {
  test('the daily file is the newest day, rates as canonical decimal text', async () => {
    const rates = await fetchEcbRates(ecb.url, ECB_DAILY_FILE, LOCAL_FAKES_OUTGOING);
    expect(rates).toEqual({ days: [{ day: '2026-04-13', rates: { USD: '1.0902', JPY: '163.05', GBP: '0.8562', KRW: '1595.35', CHF: '0.9602' } }], unknownCurrencies: [] });
    expect(ecb.requests.at(-1)).toBe('eurofxref-daily.xml');
  });

  test('the 90-day file is every published day, oldest first, the holiday and weekend left out', async () => {
    const rates = await fetchEcbRates(ecb.url.replace(/\/$/, ''), ECB_HIST_90D_FILE, LOCAL_FAKES_OUTGOING);
    expect(rates.days.map((d) => d.day)).toEqual(['2026-04-01', '2026-04-02', '2026-04-07', '2026-04-08', '2026-04-09', '2026-04-10', '2026-04-13']);
    expect(rates.days[1]!.rates.JPY).toBe('161.87');
    expect(ecb.requests.at(-1)).toBe('eurofxref-hist-90d.xml');
  });

  test('HTTP 500 is an error naming the answer and the file', async () => {
    ecb.failure = 'http-500';
    await expect(fetchEcbRates(ecb.url, ECB_DAILY_FILE, LOCAL_FAKES_OUTGOING)).rejects.toThrow(new EcbRatesError('The ECB answered HTTP 500, text/html, 47 bytes for eurofxref-daily.xml'));
  });

  test('XML cut short is refused as not XML', async () => {
    ecb.failure = 'bad-xml';
    await expect(fetchEcbRates(ecb.url, ECB_HIST_90D_FILE, LOCAL_FAKES_OUTGOING)).rejects.toThrow(/^The ECB's answer is not XML: /);
  });

  test('XML that is not the ECB envelope is refused', async () => {
    ecb.failure = 'not-ecb';
    await expect(fetchEcbRates(ecb.url, ECB_DAILY_FILE, LOCAL_FAKES_OUTGOING)).rejects.toThrow("The ECB's answer is not a gesmes:Envelope");
  });

  test('a loopback folder is refused without the private-address policy', async () => {
    await expect(fetchEcbRates(ecb.url, ECB_DAILY_FILE)).rejects.toThrow(/^The ECB's rates could not be fetched from http:\/\/127\.0\.0\.1:\d+\/stats\/eurofxref\/eurofxref-daily\.xml: .*private/);
  });

  test('a server that is gone is an error, not a hang', async () => {
    const gone = await startFakeEcbServer();
    await gone.close();
    await expect(fetchEcbRates(gone.url, ECB_DAILY_FILE, LOCAL_FAKES_OUTGOING)).rejects.toThrow(/^The ECB's rates could not be fetched/);
  });
});

describe('parseEcbRates', () => {
  const wrap = (cubes: string) =>
    `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube>${cubes}</Cube></gesmes:Envelope>`;

  test('codes that are not ISO currencies we know are left out and named', () => {
    expect(parseEcbRates(wrap(`<Cube time="2026-04-01"><Cube currency="USD" rate="1.08"/><Cube currency="XYZ" rate="2"/></Cube>`))).toEqual({
      days: [{ day: '2026-04-01', rates: { USD: '1.08' } }],
      unknownCurrencies: ['XYZ'],
    });
  });

  test.each([
    [`<Cube time="2026-04-01"><Cube currency="USD" rate="1,08"/></Cube>`, `The ECB's rate of USD on 2026-04-01 is not a number: "1,08"`],
    [`<Cube time="2026-04-01"><Cube currency="USD" rate="0"/></Cube>`, `The ECB's rate of USD on 2026-04-01 is not a number: "0"`],
    [`<Cube time="yesterday"><Cube currency="USD" rate="1.08"/></Cube>`, `The ECB's answer has a Cube whose time is not a day: "yesterday"`],
    [`<Cube time="2026-04-01"></Cube>`, `The ECB's answer has no rates for 2026-04-01`],
    [``, `The ECB's answer holds no day of rates`],
  ])('%s is refused', (cubes, message) => {
    expect(() => parseEcbRates(wrap(cubes))).toThrow(new EcbRatesError(message));
  });
});
