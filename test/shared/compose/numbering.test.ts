import { describe, expect, it } from 'vitest';
import {
  inSeries,
  nextInSeries,
  seriesFor,
  seriesShape,
} from '../../../src/shared/fatturapa/compose/index.ts';

describe('numbering series (sezionali), written as their first number', () => {
  it('reads the counter, its width, the year and the text around them', () => {
    expect(seriesShape('FT/2026/0001')).toEqual({
      prefix: 'FT/2026/',
      suffix: '',
      width: 4,
      start: 1n,
      year: '2026',
    });
    expect(seriesShape('1/A')).toEqual({ prefix: '', suffix: '/A', width: 1, start: 1n, year: '' });
    expect(seriesShape('2026-001')).toEqual({
      prefix: '2026-',
      suffix: '',
      width: 3,
      start: 1n,
      year: '2026',
    });
    expect(seriesShape('NC')).toBeNull();
  });

  it('proposes the next number of the series from the highest one used, whatever else was used', () => {
    const used = ['FT/2026/0007', 'NC/2026/0002', 'FT/2026/0012', '2026-5', 'FT/2026/0003'];
    expect(nextInSeries(used, 'FT/2026/0001', '2026')).toBe('FT/2026/0013');
    expect(nextInSeries(used, 'NC/2026/0001', '2026')).toBe('NC/2026/0003');
    // A series not used yet starts at its first number.
    expect(nextInSeries(used, 'ND/2026/0001', '2026')).toBe('ND/2026/0001');
    // A series taken over mid-year starts where it was written to.
    expect(nextInSeries([], 'FT/2026/0143', '2026')).toBe('FT/2026/0143');
    // Another year: its own numbers, starting again at 1.
    expect(nextInSeries(used, 'FT/2026/0143', '2027')).toBe('FT/2027/0001');
    expect(nextInSeries(['FT/2027/0009'], 'FT/2026/0001', '2027')).toBe('FT/2027/0010');
    // A sezionale by suffix, without a year.
    expect(nextInSeries(['1/A', '2/A', '7/B'], '1/A', '2026')).toBe('3/A');
    // A counter past its width grows.
    expect(nextInSeries(['FT/2026/9999'], 'FT/2026/0001', '2026')).toBe('FT/2026/10000');
  });

  it('tells the numbers of a series apart', () => {
    expect(inSeries('FT/2026/0007', 'FT/2026/0001', '2026')).toBe(true);
    expect(inSeries('FT/2027/0007', 'FT/2026/0001', '2027')).toBe(true);
    expect(inSeries('NC/2026/0007', 'FT/2026/0001', '2026')).toBe(false);
    expect(inSeries('FT/2026/0007/X', 'FT/2026/0001', '2026')).toBe(false);
  });

  it('a document type without a series of its own uses the invoices’ one', () => {
    const series = { TD01: 'FT/2026/0001', TD04: 'NC/2026/0001', TD06: ' ' };
    expect(seriesFor(series, 'TD04')).toBe('NC/2026/0001');
    expect(seriesFor(series, 'TD24')).toBe('FT/2026/0001');
    expect(seriesFor(series, 'TD06')).toBe('FT/2026/0001');
    expect(seriesFor({}, 'TD01')).toBe('');
  });

  it('numbers every self-invoice (TD16–TD19) in the integrations’ series, never in the invoices’', () => {
    const series = { TD01: 'FT/2026/0001', TD16: 'AF/2026/001' };
    for (const type of ['TD16', 'TD17', 'TD18', 'TD19']) expect(seriesFor(series, type)).toBe('AF/2026/001');
    expect(seriesFor({ TD01: 'FT/2026/0001' }, 'TD17')).toBe('');
  });
});
