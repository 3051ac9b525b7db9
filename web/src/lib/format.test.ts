import { describe, expect, it } from '@jest/globals';
import { formatCount, formatFixed, formatMoney, formatPercent, formatPerVisit, formatRoas, formatRoi } from './format';

describe('formats of spec §9', () => {
  it('rounds money strings to 2 decimals exactly', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0.005')).toBe('$0.01');
    expect(formatMoney('-12.3')).toBe('-$12.30');
    expect(formatMoney('not a number')).toBe('$0.00');
  });

  it('shows EPC and CPV with 3 decimals, ROI with 1, percentages with 2', () => {
    expect(formatPerVisit(0.12345)).toBe('$0.123');
    expect(formatRoi(12.345)).toBe('12.3%');
    expect(formatPercent(1.005)).toBe('1.01%');
    expect(formatRoas(1.5)).toBe('1.50x');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('writes bare numbers for CSV cells', () => {
    expect(formatFixed('1234.5', 2)).toBe('1234.50');
    expect(formatFixed(Number.NaN, 1)).toBe('0.0');
  });
});
