import { describe, expect, it } from '@jest/globals';
import type { Domain } from './queries';
import { searchPanel, type CheckedName } from './search-result';

const checked: CheckedName = { domain: 'first-buy.xyz', available: true, price: '2.16', premium: false, message: 'first-buy.xyz is available. Price: $2.16' };
const row = (status: Domain['status']) => ({ id: 7, domain: 'first-buy.xyz', status }) as Domain;

describe('the search panel after a check', () => {
  it('offers Purchase for an available name not in the list', () => {
    expect(searchPanel(checked, [])).toEqual({ kind: 'available', domain: 'first-buy.xyz', price: '2.16', premium: false });
  });

  it('shows a purchased name as in Your Domains, with no second Purchase', () => {
    // The purchase answered; the list has not been read again yet.
    expect(searchPanel(checked, [], { id: 7, status: 'purchased' })).toEqual({ kind: 'owned', domain: 'first-buy.xyz', id: 7, status: 'purchased' });
    // The list follows the job's status.
    expect(searchPanel(checked, [row('purchasing')], { id: 7, status: 'pending' })).toMatchObject({ kind: 'owned', status: 'purchasing' });
    // A check of a name already in the list (the registrar may still call it available).
    expect(searchPanel(checked, [row('active')])).toMatchObject({ kind: 'owned', id: 7, status: 'active' });
  });

  it('lets a failed purchase be tried again', () => {
    expect(searchPanel(checked, [row('failed')]).kind).toBe('available');
  });

  it('says why a name cannot be bought', () => {
    expect(searchPanel({ ...checked, available: false, price: null, message: 'first-buy.xyz is not available' }, [])).toMatchObject({
      kind: 'unavailable',
      headline: 'first-buy.xyz is not available',
    });
    expect(searchPanel({ ...checked, available: false, price: '25.18', premium: true, message: 'over' }, [])).toMatchObject({
      headline: 'first-buy.xyz costs more than your Maximum Domain Price',
    });
  });
});
