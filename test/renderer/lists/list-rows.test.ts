import { describe, expect, it } from 'vitest';
import { appSortOf, sortRows } from '../../../src/renderer/lists/list-rows.ts';

describe('the orders the app applies itself', () => {
  const rows = [
    { id: 1, number: 'FT/10', amount: 36_600n as bigint | null, party: 'Ölmühle Srl' },
    { id: 2, number: 'FT/2', amount: -36_600n, party: 'acme spa' },
    { id: 3, number: 'FT/1', amount: null, party: 'Zeta Srl' },
    { id: 4, number: 'FT/2', amount: 122_000n, party: 'Bianchi' },
  ];

  it('sorts numbers as people read them, and keeps equal ones in the order they came', () => {
    expect(sortRows(rows, (r) => r.number, false, 'it').map((r) => r.id)).toEqual([3, 2, 4, 1]);
    expect(sortRows(rows, (r) => r.number, true, 'it').map((r) => r.id)).toEqual([1, 2, 4, 3]);
  });

  it('sorts amounts as signed cents, and puts the unknown ones last either way', () => {
    expect(sortRows(rows, (r) => r.amount, false, 'it').map((r) => r.id)).toEqual([2, 1, 4, 3]);
    expect(sortRows(rows, (r) => r.amount, true, 'it').map((r) => r.id)).toEqual([4, 1, 2, 3]);
  });

  it('sorts names whatever their case and accents', () => {
    expect(sortRows(rows, (r) => r.party, false, 'it').map((r) => r.party)).toEqual([
      'acme spa',
      'Bianchi',
      'Ölmühle Srl',
      'Zeta Srl',
    ]);
  });

  it('tells its own sorts from the API’s', () => {
    expect(appSortOf('app:amount')).toEqual({ field: 'amount', descending: false });
    expect(appSortOf('-app:party')).toEqual({ field: 'party', descending: true });
    expect(appSortOf('-document_date')).toBeNull();
    expect(appSortOf(undefined)).toBeNull();
  });
});
