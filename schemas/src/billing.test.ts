import { describe, expect, it } from '@jest/globals';
import { readAmountFilter, transactionListQuerySchema } from './billing';

describe('the Transactions amount filter', () => {
  it('reads what a number field lets people type, exponents included', () => {
    expect(readAmountFilter('1e3', 'minAmount')).toBe('1000.00');
    expect(readAmountFilter('1.5E2', 'minAmount')).toBe('150.00');
    expect(readAmountFilter('2.5e-1', 'minAmount')).toBe('0.25');
    expect(readAmountFilter('-1e1', 'minAmount')).toBe('-10.00');
    expect(readAmountFilter('12.5', 'minAmount')).toBe('12.50');
    expect(readAmountFilter('$1,000', 'minAmount')).toBe('1000.00');
  });

  it('refuses junk with a message that names the field and quotes the text as typed', () => {
    expect(() => readAmountFilter('1e', 'Min Amount')).toThrow('Min Amount must be an amount such as 12.50, not "1e"');
    expect(() => readAmountFilter('1e-5', 'Min Amount')).toThrow('Min Amount must have at most 2 decimals: "1e-5"');
    expect(() => readAmountFilter('1e300', 'Min Amount')).toThrow(/Min Amount must be an amount such as 12.50, not "1e300"|Min Amount must be at most/);
    expect(() => readAmountFilter('1e20', 'Min Amount')).toThrow('Min Amount must be at most 9999999999.99: "1e20"');
    expect(() => readAmountFilter('Infinity', 'Min Amount')).toThrow('Min Amount must be an amount such as 12.50');
    expect(() => readAmountFilter('e3', 'Min Amount')).toThrow('Min Amount must be an amount such as 12.50');
  });

  it('is the query rule the api applies: an exponent is an amount, junk a message', () => {
    expect(transactionListQuerySchema.parse({ minAmount: '1e3' }).minAmount).toBe('1000.00');
    const junk = transactionListQuerySchema.safeParse({ minAmount: '1e3e3' });
    expect(junk.success).toBe(false);
    expect(junk.error?.issues[0]?.message).toBe('minAmount must be an amount such as 12.50, not "1e3e3"');
  });
});
