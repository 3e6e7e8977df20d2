import { describe, expect, it } from 'vitest';
import {
  kindOf,
  periodChoices,
  periodFromAddress,
  periodOfDate,
  periodsOfYearUpTo,
  previousInYear,
  withKind,
} from '../../../src/renderer/vat/vat-periods.ts';

describe('the VAT screen’s periods', () => {
  it('starts on the month of the day it is, unless the address names a month or a quarter', () => {
    expect(periodFromAddress(null, '2027-03-20')).toBe('2027-03');
    expect(periodFromAddress('2027-Q1', '2027-03-20')).toBe('2027-Q1');
    expect(periodFromAddress('2026-12', '2027-03-20')).toBe('2026-12');
    expect(periodFromAddress('2027-13', '2027-03-20')).toBe('2027-03');
    expect(periodFromAddress('2027', '2027-03-20')).toBe('2027-03');
  });

  it('tells months from quarters and finds a date’s period of either kind', () => {
    expect(kindOf('2027-03')).toBe('month');
    expect(kindOf('2027-Q4')).toBe('quarter');
    expect(periodOfDate('2027-03-31', 'quarter')).toBe('2027-Q1');
    expect(periodOfDate('2027-04-01', 'quarter')).toBe('2027-Q2');
    expect(periodOfDate('2027-12-31', 'month')).toBe('2027-12');
  });

  it('switches a month to its quarter, and a quarter to today’s month in it or else its last month', () => {
    expect(withKind('2027-05', 'quarter', '2027-05-10')).toBe('2027-Q2');
    expect(withKind('2027-Q2', 'month', '2027-05-10')).toBe('2027-05');
    expect(withKind('2026-Q3', 'month', '2027-05-10')).toBe('2026-09');
    expect(withKind('2027-05', 'month', '2027-05-10')).toBe('2027-05');
  });

  it('chains the periods of the year up to the chosen one, afresh each January', () => {
    expect(periodsOfYearUpTo('2027-03')).toEqual(['2027-01', '2027-02', '2027-03']);
    expect(periodsOfYearUpTo('2027-01')).toEqual(['2027-01']);
    expect(periodsOfYearUpTo('2027-Q3')).toEqual(['2027-Q1', '2027-Q2', '2027-Q3']);
    expect(previousInYear('2027-01')).toBeNull();
    expect(previousInYear('2027-Q2')).toBe('2027-Q1');
  });

  it('offers every period from the first year with data to today’s, newest first, and the one in the address', () => {
    expect(periodChoices('quarter', '2026', '2027-03-20', '2027-Q1')).toEqual([
      '2027-Q1',
      '2026-Q4',
      '2026-Q3',
      '2026-Q2',
      '2026-Q1',
    ]);
    const months = periodChoices('month', '2027', '2027-03-20', '2024-07');
    expect(months).toEqual(['2027-03', '2027-02', '2027-01', '2024-07']);
  });
});
