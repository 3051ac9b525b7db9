import { describe, expect, it } from '@jest/globals';
import { orderDateRange, transactionsEmptyState, type EmptyStateInput } from './transactions-view';

const base: EmptyStateInput = { loading: false, failed: false, amountError: false, filtered: false, role: 'admin', assignedNicknames: null };

describe('the Transactions table with nothing to list', () => {
  it('tells filters that match nothing from an empty store, and offers Clear', () => {
    expect(transactionsEmptyState({ ...base, filtered: true })).toEqual({ message: 'No transactions match these filters', offerClear: true });
    expect(transactionsEmptyState({ ...base, filtered: true, role: 'user', assignedNicknames: [] })).toEqual({ message: 'No transactions match these filters', offerClear: true });
  });

  it('asks only an admin to upload; a user without cards is told to ask an admin', () => {
    expect(transactionsEmptyState(base).message).toBe('No transactions found. Upload a CSV file to get started.');
    expect(transactionsEmptyState({ ...base, role: 'user', assignedNicknames: [] }).message).toBe('No cards are assigned to you yet. Ask an admin to assign your VCNs.');
    expect(transactionsEmptyState({ ...base, role: 'user', assignedNicknames: ['Beta Card'] }).message).not.toMatch(/Upload/);
  });

  it('says loading, failing and an unreadable amount filter as such', () => {
    expect(transactionsEmptyState({ ...base, loading: true }).message).toBe('Loading transactions...');
    expect(transactionsEmptyState({ ...base, failed: true }).message).toBe('Failed to fetch transactions');
    expect(transactionsEmptyState({ ...base, amountError: true, loading: true }).offerClear).toBe(true);
  });
});

describe('the spend summary dates', () => {
  it('swaps a start after the end instead of asking the server for a reversed range', () => {
    expect(orderDateRange('2026-11-05', '2026-11-01')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-05', swapped: true });
    expect(orderDateRange('2026-11-01', '2026-11-05').swapped).toBe(false);
    expect(orderDateRange('2026-11-05', '')).toEqual({ startDate: '2026-11-05', endDate: '', swapped: false });
  });
});
