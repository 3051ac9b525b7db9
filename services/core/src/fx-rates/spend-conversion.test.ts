// When a day's rate is settled for spend conversion, and the converter's outcomes: Easter waits for the
// Tuesday after it and then reads Maundy Thursday's rate, a weekend reads a published Friday's at once, an
// admin's rate for the day itself needs no later publication, a zero never waits, and a 0- or 3-decimal
// workspace currency is rounded once into the 2-decimal spend columns.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Entities } from '../db/entities';
import { settings, users } from '../db/schema';
import { openScratchEntities } from '../testing/open-test-entities';
import { saveEcbRates, saveManualRate } from './fx-rates';
import { rateSettled, MoneyConverter } from './spend-conversion';

describe('rateSettled', () => {
  test('a day is settled by its own or a later publication', () => {
    expect(rateSettled('2026-04-09', null)).toBe(false);
    expect(rateSettled('2026-04-09', '2026-04-09')).toBe(true);
    expect(rateSettled('2026-04-06', '2026-04-07')).toBe(true);
    expect(rateSettled('2026-04-13', '2026-04-10')).toBe(false);
  });

  test('Saturday and Sunday are settled by the Friday before; Good Friday is not settled by Thursday', () => {
    expect(rateSettled('2026-04-11', '2026-04-10')).toBe(true);
    expect(rateSettled('2026-04-12', '2026-04-10')).toBe(true);
    expect(rateSettled('2026-04-12', '2026-04-09')).toBe(false);
    expect(rateSettled('2026-04-03', '2026-04-02')).toBe(false);
  });
});

describe('MoneyConverter (spend)', () => {
  let entities: Entities;
  beforeAll(async () => {
    entities = await openScratchEntities();
    await saveEcbRates(entities.db, [
      { day: '2026-04-02', rates: { USD: '1.0823', JPY: '161.87', KWD: '0.3321' } },
      { day: '2026-04-07', rates: { USD: '1.0900', JPY: '162.00', KWD: '0.3330' } },
    ]);
  });
  afterAll(() => entities.close());

  const convert = async (amount: string, from: string, day: string) => (await MoneyConverter.open(entities.db)).convert(amount, from, day);

  test('Easter Monday is settled by Tuesday\'s publication and reads Maundy Thursday\'s rate', async () => {
    expect(await convert('100.00', 'EUR', '2026-04-06')).toEqual({
      spend: '108.23',
      originalSpend: '100.00',
      originalCurrency: 'EUR',
      spendCurrency: 'USD',
      fxRate: '1.0823',
      fxRateDay: '2026-04-02',
      fxPending: false,
    });
  });

  test('a day after the last publication waits, unless an admin entered its rates; a zero never waits', async () => {
    expect(await convert('100.00', 'EUR', '2026-04-08')).toMatchObject({ spend: '0.00', fxPending: true, fxRate: null });
    expect(await convert('0.00', 'EUR', '2026-04-08')).toMatchObject({ spend: '0.00', fxPending: false });
    const [admin] = await entities.db.insert(users).values({ username: 'conv-admin', password: 'x', role: 'admin' }).returning();
    await saveManualRate(entities.db, { day: '2026-04-08', currency: 'USD', rate: '1.1', userId: admin!.id });
    expect(await convert('100.00', 'EUR', '2026-04-08')).toMatchObject({ spend: '110.00', fxRate: '1.1', fxRateDay: '2026-04-08', fxPending: false });
    // JPY has no rate of the 8th of its own: the day waits for the ECB.
    expect(await convert('1000.00', 'JPY', '2026-04-08')).toMatchObject({ fxPending: true });
  });

  test('the workspace currency decides the target; whole yen, and hundredths of a dinar', async () => {
    await entities.db.insert(settings).values({ key: 'currency', value: 'JPY' });
    // 12.34 USD at 162.00 / 1.0900 = 1834.018… yen.
    expect(await convert('12.34', 'USD', '2026-04-07')).toMatchObject({ spend: '1834.00', spendCurrency: 'JPY' });
    await entities.db.update(settings).set({ value: 'KWD' });
    // 12.34 USD at 0.3330 / 1.0900 = 3.76993… KWD: 3.77 in the 2-decimal spend columns.
    expect(await convert('12.34', 'USD', '2026-04-07')).toMatchObject({ spend: '3.77', spendCurrency: 'KWD' });
    // The workspace's own currency is taken as it is.
    expect(await convert('5.00', 'KWD', '2026-04-08')).toMatchObject({ spend: '5.00', fxRate: null, fxPending: false });
  });
});
