import { describe, expect, it } from 'vitest';
import {
  addDays,
  nextPeriod,
  periodOfDate,
  periodRange,
  previousPeriod,
} from '../../../src/shared/books/index.ts';

describe('periods', () => {
  it('names the month, quarter or year a date falls in, each the period its range holds', () => {
    for (const [date, month, quarter] of [
      ['2026-01-01', '2026-01', '2026-Q1'],
      ['2026-03-31', '2026-03', '2026-Q1'],
      ['2026-04-01', '2026-04', '2026-Q2'],
      ['2026-09-30', '2026-09', '2026-Q3'],
      ['2026-12-31', '2026-12', '2026-Q4'],
    ] as const) {
      expect([
        periodOfDate(date, 'month'),
        periodOfDate(date, 'quarter'),
        periodOfDate(date, 'year'),
      ]).toEqual([month, quarter, '2026']);
      const range = periodRange(quarter);
      expect(date >= range.from && date <= range.to).toBe(true);
    }
    expect(periodOfDate('2026-11', 'quarter')).toBe('2026-Q4');
  });

  it('are a month, a quarter or a year, each a closed range of dates', () => {
    expect(periodRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('2026-Q2')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodRange('2026-Q4')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodRange('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('refuse anything else', () => {
    for (const bad of ['2026-13', '2026-Q5', '26-01', '2026-1', ''])
      expect(() => periodRange(bad), bad).toThrow(RangeError);
  });

  it('step back and forward across the year', () => {
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(nextPeriod('2025-12')).toBe('2026-01');
    expect(previousPeriod('2026-Q1')).toBe('2025-Q4');
    expect(nextPeriod('2026-Q4')).toBe('2027-Q1');
    expect(previousPeriod('2026')).toBe('2025');
  });

  it('add days in the calendar, not in a time zone', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('not a date', 1)).toBe('');
  });
});
