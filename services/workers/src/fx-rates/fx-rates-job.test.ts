// The reference rates job against the fake ECB: with nothing stored it reads the 90-day file, then the daily
// one; after a gap longer than Easter's it reads the 90-day file again; a failed fetch fails the job and keeps
// what is stored; the schedule enqueues nothing once today's rates are stored.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createLogger, eurRateOn, listFxRates, saveManualRate, schema, type Entities, type JobQueue } from '@tracker/core';
import { openEntities, openJobQueue } from '@tracker/core/testing';
import { FX_RATES_JOB } from '@tracker/schemas';
import { LOCAL_FAKES_OUTGOING, startFakeEcbServer, type FakeEcbServer } from '@tracker/testing';
import { fetchFxRates } from './fetch-fx-rates';
import { scheduleFxRates } from './schedule-fx-rates';

const logger = createLogger('silent');
let entities: Entities;
let ecb: FakeEcbServer;

beforeAll(async () => {
  entities = await openEntities({ pgliteDir: 'memory://' });
  ecb = await startFakeEcbServer();
});
afterAll(async () => {
  await ecb.close();
  await entities.close();
});

const at = (day: string) => () => Date.parse(`${day}T17:00:00Z`);
const fetchOn = (day: string) => fetchFxRates({ db: entities.db, fxRatesUrl: ecb.url, outgoing: LOCAL_FAKES_OUTGOING, logger, now: at(day) });

describe('fetchFxRates', () => {
  test('nothing stored: the 90-day file, every published day', async () => {
    expect(await fetchOn('2026-04-13')).toEqual({ file: 'eurofxref-hist-90d.xml', days: 7, rates: 35, latestDay: '2026-04-13', unknownCurrencies: [] });
    expect(ecb.requests).toEqual(['eurofxref-hist-90d.xml']);
    // Easter Monday reads Maundy Thursday's rate.
    expect(await eurRateOn(entities.db, 'JPY', '2026-04-06')).toMatchObject({ perEur: '161.87', day: '2026-04-02', source: 'ecb' });
  });

  test('then the daily file adds the new day and leaves a manual rate alone', async () => {
    const [admin] = await entities.db.insert(schema.users).values({ username: 'fx-admin', password: 'x', role: 'admin' }).returning();
    await saveManualRate(entities.db, { day: '2026-04-14', currency: 'USD', rate: '1.2', userId: admin!.id });
    ecb.days.push({ day: '2026-04-14', rates: { USD: '1.0911', JPY: '163.2' } });
    expect(await fetchOn('2026-04-14')).toMatchObject({ file: 'eurofxref-daily.xml', days: 1, rates: 2, latestDay: '2026-04-14' });
    expect(ecb.requests.at(-1)).toBe('eurofxref-daily.xml');
    expect((await listFxRates(entities.db, '2026-04-14', '2026-04-14')).map((r) => [r.currency, r.rate, r.source, r.ecbRate])).toEqual([
      ['JPY', '163.2', 'ecb', null],
      ['USD', '1.2', 'manual', '1.0911'],
    ]);
  });

  test('a weekend and Easter are no gap for the daily file; a longer one reads the 90-day file again', async () => {
    await fetchOn('2026-04-19');
    expect(ecb.requests.at(-1)).toBe('eurofxref-daily.xml');
    await fetchOn('2026-04-20');
    expect(ecb.requests.at(-1)).toBe('eurofxref-hist-90d.xml');
  });

  test('a failed fetch fails the job and keeps the stored rates', async () => {
    ecb.failure = 'http-500';
    await expect(fetchOn('2026-04-30')).rejects.toThrow('The ECB answered HTTP 500');
    ecb.failure = 'bad-xml';
    await expect(fetchOn('2026-04-30')).rejects.toThrow(/The ECB's answer is not XML/);
    ecb.failure = null;
    expect(await eurRateOn(entities.db, 'JPY', '2026-04-14')).toMatchObject({ perEur: '163.2' });
  });
});

describe('scheduleFxRates', () => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = await openJobQueue({ db: entities.db });
  });
  afterAll(() => queue.close());
  const HOURS_6 = 6 * 3_600_000;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const slotJob = (now: number) => queue.get(`${FX_RATES_JOB}-${HOURS_6}-${Math.floor(now / HOURS_6)}`);

  test("today's rates stored: no job; a new day without them: one job, even from two schedulers", async () => {
    const stored = at('2026-04-14')();
    let stop = scheduleFxRates(queue, { db: entities.db, logger, everyMs: HOURS_6, now: () => stored });
    await settle();
    stop();
    expect(await slotJob(stored)).toBeNull();

    const next = at('2026-04-15')();
    stop = scheduleFxRates(queue, { db: entities.db, logger, everyMs: HOURS_6, now: () => next });
    const second = scheduleFxRates(queue, { db: entities.db, logger, everyMs: HOURS_6, now: () => next });
    await settle();
    stop();
    second();
    expect(await slotJob(next)).toMatchObject({ name: FX_RATES_JOB, status: 'waiting' });
    expect((await queue.counts()).find((c) => c.name === FX_RATES_JOB && c.status === 'waiting')?.count).toBe(1);
  });
});
