// The reference rates on both entity engines: a day without a publication (Easter: Good Friday to Easter
// Monday) reads the last published day and says so, a manual rate wins over the ECB's of its day and survives
// a re-fetch, and a day too far from any publication has no rate.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { describeWithRealEngine } from '../testing/real-engines';
import { createTemporaryDatabase } from '../testing/temporary-database';
import type { Entities } from '../db/entities';
import { openEntities } from '../testing/open-test-entities';
import { users } from '../db/schema';
import { crossRateOn, deleteManualRate, eurRateOn, latestEcbDay, listFxRates, saveEcbRates, saveManualRate } from './fx-rates';

// 2026-04-02 is Maundy Thursday; the ECB publishes nothing from Good Friday (04-03) to Easter Monday (04-06).
const ECB_DAYS = [
  { day: '2026-04-01', rates: { USD: '1.0800', JPY: '161.50', GBP: '0.8500' } },
  { day: '2026-04-02', rates: { USD: '1.0823', JPY: '161.87', GBP: '0.8521' } },
  { day: '2026-04-07', rates: { USD: '1.0900', JPY: '162.00', GBP: '0.8550' } },
];

function fxRatesContract(open: () => Promise<{ entities: Entities; close: () => Promise<void> }>) {
  let entities: Entities;
  let close: () => Promise<void>;
  let adminId: number;
  beforeAll(async () => {
    ({ entities, close } = await open());
    const [admin] = await entities.db.insert(users).values({ username: 'fx-admin', password: 'x', role: 'admin' }).returning();
    adminId = admin!.id;
  }, 60_000);
  afterAll(() => close());

  test('nothing stored: no latest day and no rate, but EUR is always 1', async () => {
    expect(await latestEcbDay(entities.db)).toBeNull();
    expect(await eurRateOn(entities.db, 'USD', '2026-04-02')).toBeNull();
    expect(await eurRateOn(entities.db, 'EUR', '2026-04-02')).toEqual({ currency: 'EUR', perEur: '1', day: '2026-04-02', source: 'fixed' });
  });

  test('a published day reads its own rate, in canonical text', async () => {
    expect(await saveEcbRates(entities.db, ECB_DAYS)).toBe(9);
    expect(await latestEcbDay(entities.db)).toBe('2026-04-07');
    expect(await eurRateOn(entities.db, 'USD', '2026-04-02')).toEqual({ currency: 'USD', perEur: '1.0823', day: '2026-04-02', source: 'ecb' });
  });

  test('Good Friday to Easter Monday read Maundy Thursday, and say so', async () => {
    for (const day of ['2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06']) {
      expect(await eurRateOn(entities.db, 'JPY', day)).toMatchObject({ perEur: '161.87', day: '2026-04-02', source: 'ecb' });
    }
    expect(await eurRateOn(entities.db, 'JPY', '2026-04-07')).toMatchObject({ perEur: '162', day: '2026-04-07' });
  });

  test('a day before any rate or more than a week after the last has none', async () => {
    expect(await eurRateOn(entities.db, 'USD', '2026-03-31')).toBeNull();
    expect(await eurRateOn(entities.db, 'USD', '2026-04-14')).toMatchObject({ day: '2026-04-07' });
    expect(await eurRateOn(entities.db, 'USD', '2026-04-15')).toBeNull();
    expect(await eurRateOn(entities.db, 'CHF', '2026-04-02')).toBeNull();
  });

  test('a cross rate names both days and sources used', async () => {
    expect(await crossRateOn(entities.db, 'USD', 'JPY', '2026-04-04')).toEqual({
      from: { currency: 'USD', perEur: '1.0823', day: '2026-04-02', source: 'ecb' },
      to: { currency: 'JPY', perEur: '161.87', day: '2026-04-02', source: 'ecb' },
      rate: '149.56111984',
    });
    expect(await crossRateOn(entities.db, 'EUR', 'GBP', '2026-04-01')).toMatchObject({ rate: '0.85' });
    expect(await crossRateOn(entities.db, 'USD', 'CHF', '2026-04-01')).toBeNull();
  });

  test('a manual rate wins for its day, keeps the ECB rate beside it, and survives a re-fetch', async () => {
    await saveManualRate(entities.db, { day: '2026-04-02', currency: 'USD', rate: '1.1000', userId: adminId });
    // A manual rate on a holiday fills the gap from that day on.
    await saveManualRate(entities.db, { day: '2026-04-04', currency: 'GBP', rate: '0.86', userId: adminId });
    await saveEcbRates(entities.db, ECB_DAYS);
    expect(await eurRateOn(entities.db, 'USD', '2026-04-02')).toEqual({ currency: 'USD', perEur: '1.1', day: '2026-04-02', source: 'manual' });
    expect(await eurRateOn(entities.db, 'USD', '2026-04-06')).toMatchObject({ perEur: '1.1', day: '2026-04-02', source: 'manual' });
    expect(await eurRateOn(entities.db, 'GBP', '2026-04-03')).toMatchObject({ perEur: '0.8521', day: '2026-04-02', source: 'ecb' });
    expect(await eurRateOn(entities.db, 'GBP', '2026-04-06')).toMatchObject({ perEur: '0.86', day: '2026-04-04', source: 'manual' });

    const listed = await listFxRates(entities.db, '2026-04-02', '2026-04-04');
    expect(listed.map((r) => [r.day, r.currency, r.rate, r.source, r.ecbRate, r.enteredBy])).toEqual([
      ['2026-04-04', 'GBP', '0.86', 'manual', null, 'fx-admin'],
      ['2026-04-02', 'GBP', '0.8521', 'ecb', null, null],
      ['2026-04-02', 'JPY', '161.87', 'ecb', null, null],
      ['2026-04-02', 'USD', '1.1', 'manual', '1.0823', 'fx-admin'],
    ]);
    expect(listed.every((r) => r.enteredAt instanceof Date)).toBe(true);
  });

  test('a revised ECB rate replaces the ECB row; removing the manual rate lets it count again', async () => {
    await saveEcbRates(entities.db, [{ day: '2026-04-02', rates: { USD: '1.0830' } }]);
    expect(await eurRateOn(entities.db, 'USD', '2026-04-02')).toMatchObject({ perEur: '1.1', source: 'manual' });
    expect(await deleteManualRate(entities.db, '2026-04-02', 'USD')).toBe(true);
    expect(await deleteManualRate(entities.db, '2026-04-02', 'USD')).toBe(false);
    expect(await eurRateOn(entities.db, 'USD', '2026-04-02')).toMatchObject({ perEur: '1.083', source: 'ecb' });
  });
}

describe('fx rates on PGlite', () => {
  fxRatesContract(async () => {
    const entities = await openEntities({ pgliteDir: 'memory://' });
    return { entities, close: () => entities.close() };
  });
});

describeWithRealEngine('DATABASE_URL', 'fx rates on PostgreSQL', (serverUrl) => {
  fxRatesContract(async () => {
    const temporary = await createTemporaryDatabase(serverUrl);
    const entities = await openEntities({ databaseUrl: temporary.url });
    return {
      entities,
      close: async () => {
        await entities.close();
        await temporary.drop();
      },
    };
  });
});
