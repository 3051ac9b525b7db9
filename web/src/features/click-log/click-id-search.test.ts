import { describe, expect, it } from '@jest/globals';
import { readClickIdSearch } from './ClickIdSearch';

describe('readClickIdSearch', () => {
  it('takes a full id, the table’s text, or 8+ digits anywhere in an id', () => {
    expect(readClickIdSearch('019ABC12-3456-7def-8123-4567890a1b2c ')).toEqual({ search: '019abc1234567def81234567890a1b2c', hint: null });
    expect(readClickIdSearch('…890a1b2c')).toEqual({ search: '890a1b2c', hint: null });
    expect(readClickIdSearch('7def-9abc')).toEqual({ search: '7def9abc', hint: null });
  });

  it('is every click when blank', () => {
    expect(readClickIdSearch('   ')).toEqual({ search: undefined, hint: null });
  });

  it('says what it needs for text that cannot be part of an id yet', () => {
    const needs = 'Enter a click ID or at least 8 of its characters (0-9, a-f)';
    expect(readClickIdSearch('890a1b')).toEqual({ search: undefined, hint: needs });
    expect(readClickIdSearch('tx-12345678')).toEqual({ search: undefined, hint: needs });
  });
});
