import { afterEach, describe, expect, it } from '@jest/globals';
import { formatCompactMoney, formatCount, formatFixed, formatMoney, formatMoneyCell, formatPerConversion, formatPercent, formatPerVisit, formatRoas, formatRoi, formatTypedMoney, currencySymbol, moneySign, setWorkspaceCurrency } from './format';

describe('formats of spec §9', () => {
  it('rounds money strings to 2 decimals exactly', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0.005')).toBe('$0.01');
    expect(formatMoney('-12.3')).toBe('-$12.30');
    expect(formatMoney('not a number')).toBe('$0.00');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney('92233720368547758.07')).toBe('$92,233,720,368,547,758.07');
  });

  it('shows an amount that rounds to nothing without a minus sign', () => {
    expect(formatMoney('-0.004')).toBe('$0.00');
    expect(formatMoneyCell('-0.004')).toBe('0.00');
  });

  it('tells losses from gains exactly', () => {
    expect(moneySign('-0.01')).toBe(-1);
    expect(moneySign('0.00')).toBe(0);
    expect(moneySign(undefined)).toBe(0);
    expect(moneySign('0.01')).toBe(1);
  });

  it('shows EPC and CPV with 3 decimals, ROI with 1, percentages with 2', () => {
    expect(formatPerVisit(0.12345)).toBe('$0.123');
    expect(formatRoi(12.345)).toBe('12.3%');
    expect(formatPercent(1.005)).toBe('1.01%');
    expect(formatRoas(1.5)).toBe('1.50x');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('writes bare numbers for CSV cells', () => {
    expect(formatMoneyCell('1234.5')).toBe('1234.50');
    expect(formatMoneyCell('-1234.505')).toBe('-1234.51');
    expect(formatFixed(12.25, 1)).toBe('12.3');
    expect(formatFixed(Number.NaN, 1)).toBe('0.0');
  });
});

describe('money in the workspace currency', () => {
  afterEach(() => setWorkspaceCurrency('USD'));

  it('shows every money figure in the workspace currency with ISO minor units', () => {
    setWorkspaceCurrency('EUR');
    expect(formatMoney('1234.5')).toBe('€1,234.50');
    expect(formatMoney('-12.3')).toBe('-€12.30');
    expect(formatPerVisit(0.12345)).toBe('€0.123');
    expect(formatPerConversion('12.345')).toBe('€12.35');
    expect(formatCompactMoney(1234)).toBe('€1.2K');
    setWorkspaceCurrency('JPY');
    expect(formatMoney('1234.50')).toBe('¥1,235');
    expect(formatMoney('-1234.50')).toBe('-¥1,235');
    setWorkspaceCurrency('KWD');
    expect(formatMoney('12.5')).toBe('KWD\u00a012.500');
  });

  it('keeps an amount of another currency in its own', () => {
    setWorkspaceCurrency('EUR');
    expect(formatMoney('12.5', 'USD')).toBe('$12.50');
    expect(formatMoneyCell('12.5')).toBe('12.50');
  });

  it('labels a form field with the workspace currency symbol, or its code when it has none', () => {
    expect(currencySymbol()).toBe('$');
    setWorkspaceCurrency('EUR');
    expect(currencySymbol()).toBe('€');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('CAD')).toBe('CA$');
    expect(currencySymbol('CHF')).toBe('CHF');
  });

  it('shows a typed amount without padding a whole one, in the workspace currency', () => {
    expect(formatTypedMoney(50)).toBe('$50');
    expect(formatTypedMoney(12.5)).toBe('$12.50');
    setWorkspaceCurrency('EUR');
    expect(formatTypedMoney(-30)).toBe('-€30');
    expect(formatTypedMoney(20.5)).toBe('€20.50');
    setWorkspaceCurrency('JPY');
    expect(formatTypedMoney(1500)).toBe('¥1,500');
  });
});
