import { describe, expect, it } from 'vitest';
import { learnIds, mapIds, shapeDifferences } from '../../../src/sandbox-server/proxy/shape.ts';

describe('the shape of an answer', () => {
  it('is the same whatever the values, and null matches any kind', () => {
    const recorded = { id: 1, name: 'A', lines: [{ amount: '10.00' }], state: null };
    const now = { id: 7, name: 'B', lines: [{ amount: '99.00' }, { amount: '1.00' }], state: { code: 'RC' } };
    expect(shapeDifferences(recorded, now)).toEqual([]);
  });

  it('differs for a renamed field, a changed kind and a changed element of a list', () => {
    const recorded = { id: 1, nome: 'A', total: '1.00', lines: [{ amount: '10.00' }] };
    const now = { id: 1, name: 'A', total: 1, lines: [{ amount: '10.00', vat: '22.00' }] };
    expect(shapeDifferences(recorded, now)).toEqual([
      '$.nome: recorded, now missing',
      '$.total: string recorded, number now',
      '$.lines[0].vat: new, not recorded',
      '$.name: new, not recorded',
    ]);
  });
});

describe('id mapping', () => {
  it('learns ids at the same places and puts them into id fields only', () => {
    const ids = new Map<string, string>();
    learnIds({ id: 3, company_id: 1, name: '3' }, { id: 9, company_id: 4, name: '3' }, ids);
    expect([...ids]).toEqual([
      ['3', '9'],
      ['1', '4'],
    ]);
    expect(mapIds({ company_id: 1, ids: [3], quantity: 3 }, ids)).toEqual({
      company_id: 4,
      ids: [9],
      quantity: 3,
    });
  });
});
