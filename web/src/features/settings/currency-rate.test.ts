import { afterEach, describe, expect, test } from '@jest/globals';
import { setWorkspaceCurrency } from '../../lib/format';
import { convertedCostNote, rateNote } from './currency-rate';

const EVIDENCE = { originalSpend: '50.00', originalCurrency: 'EUR', spendCurrency: 'USD', fxRate: '1.08230000', fxRateDay: '2026-04-10', fxRateSource: 'ecb', fxPending: false } as const;

afterEach(() => setWorkspaceCurrency('USD'));

describe('a rate beside a currency', () => {
  test('reads as units of the workspace currency per unit of it, with its day, and says when it is manual', () => {
    expect(rateNote('EUR', { rate: '1.08230000', day: '2026-04-10' })).toBe('1.0823 USD per EUR, rate of 2026-04-10');
    expect(rateNote('EUR', { rate: '1.1', day: '2026-04-13', source: 'manual' })).toBe('1.1 USD per EUR, rate of 2026-04-13 (manual)');
    setWorkspaceCurrency('JPY');
    expect(rateNote('USD', { rate: '149.56111984', day: '2026-04-10', source: 'ecb' })).toBe('149.56111984 JPY per USD, rate of 2026-04-10');
  });

  test('says nothing for the workspace currency itself or while no rate is known', () => {
    expect(rateNote('USD', { rate: '1', day: '2026-04-10' })).toBeNull();
    expect(rateNote('EUR', null)).toBeNull();
  });
});

describe('a converted cost', () => {
  test('shows the original amount in its currency, the rate, its source and publication day', () => {
    expect(convertedCostNote(EVIDENCE)).toBe('€50.00 at 1.0823 USD/EUR (ECB, 2026-04-10)');
    expect(convertedCostNote({ ...EVIDENCE, fxRate: '1.1', fxRateDay: '2026-04-13', fxRateSource: 'manual' })).toBe('€50.00 at 1.1 USD/EUR (manual, 2026-04-13)');
    expect(convertedCostNote({ ...EVIDENCE, originalSpend: '7500.00', originalCurrency: 'JPY', fxRate: '0.0066862', fxRateDay: '2026-04-10' })).toBe('¥7,500 at 0.0066862 USD/JPY (ECB, 2026-04-10)');
  });

  test('says a waiting row waits, and nothing for a row that needed no conversion', () => {
    expect(convertedCostNote({ ...EVIDENCE, fxRate: null, fxRateDay: null, fxRateSource: null, fxPending: true })).toBe('€50.00 waits for the EUR→USD rate');
    expect(convertedCostNote({ ...EVIDENCE, originalCurrency: 'USD', fxRate: null, fxRateDay: null, fxRateSource: null })).toBeNull();
    expect(convertedCostNote({ ...EVIDENCE, originalSpend: null, originalCurrency: null, spendCurrency: null, fxRate: null, fxRateDay: null, fxRateSource: null })).toBeNull();
  });
});
