import { describe, expect, it } from '@jest/globals';
import { NO_AMOUNT, hasAmountError, readAmountFilters } from './amount-filters';

const typed = (text: string) => ({ text, badInput: false });

describe('the Min and Max Amount filters', () => {
  it('reads 1e3 as 1000, as the server would', () => {
    expect(readAmountFilters(typed('1e3'), NO_AMOUNT)).toEqual({ minAmount: '1000.00', maxAmount: undefined, minError: undefined, maxError: undefined });
  });

  it('keeps what the server would refuse from being sent, with a message under the field', () => {
    const filters = readAmountFilters(typed('1.234'), { text: '', badInput: true });
    expect(filters.minAmount).toBeUndefined();
    expect(filters.minError).toBe('Min Amount must have at most 2 decimals: "1.234"');
    expect(filters.maxError).toBe('Max Amount must be a number such as 12.50');
    expect(hasAmountError(filters)).toBe(true);
  });

  it('says so when Max is below Min', () => {
    const filters = readAmountFilters(typed('100'), typed('20'));
    expect(filters.maxError).toBe('Max Amount must not be below Min Amount');
    expect(hasAmountError(readAmountFilters(typed('20'), typed('100')))).toBe(false);
  });
});
