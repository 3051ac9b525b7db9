import { describe, expect, test } from '@jest/globals';
import { invoiceTotal, isUnreadableLineAmount, lineAmountCents } from './invoices';

describe('advertiser invoice lines', () => {
  test('an amount the money grammar reads counts; other text counts 0 and is flagged for the form', () => {
    expect(lineAmountCents('$1,250.00')).toBe(125000n);
    expect(lineAmountCents('abc')).toBe(0n);
    expect(invoiceTotal([{ description: 'a', amount: '10.50' }, { description: 'b', amount: 'abc' }])).toBe('10.50');
    expect(['abc', '1.2.3', '10.505'].map(isUnreadableLineAmount)).toEqual([true, true, true]);
    // Empty is simply not filled in yet, and a credit is an amount.
    expect(['', '  ', '0', '-50', '$1,250.00'].map(isUnreadableLineAmount)).toEqual([false, false, false, false, false]);
  });
});
