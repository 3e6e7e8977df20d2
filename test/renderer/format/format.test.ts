import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatNumber,
} from '../../../src/renderer/format/format.ts';

// Intl separates a currency symbol with a no-break space (U+00A0) or a narrow one (U+202F): compare as spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts, numbers and dates as an accountant of each language writes them', () => {
  it.each([
    // language, amount, currency, expected
    ['it', 1800, 'EUR', '1.800,00 €'],
    ['it', 1234567.5, 'EUR', '1.234.567,50 €'],
    ['it', -22, 'EUR', '-22,00 €'],
    ['it', 0.5, 'EUR', '0,50 €'],
    ['de', 1800, 'EUR', '1.800,00 €'],
    ['de', 1234567.5, 'EUR', '1.234.567,50 €'],
    ['en', 1800, 'EUR', '€1,800.00'],
    ['en', 1234567.5, 'EUR', '€1,234,567.50'],
    ['en', -22, 'EUR', '-€22.00'],
    // Foreign currencies keep their own.
    ['it', 1800, 'USD', '1.800,00 USD'],
    ['de', 1800, 'USD', '1.800,00 $'],
    ['en', 1800, 'USD', 'US$1,800.00'],
    ['it', 1800, 'CHF', '1.800,00 CHF'],
    // A code Intl does not know: the number, then the code as written.
    ['it', 1800, 'XX1', '1.800,00 XX1'],
  ] as const)('%s: %d %s is %s', (language, amount, currency, expected) => {
    expect(plain(formatAmount(String(amount), currency, language))).toBe(expected);
  });

  it('groups 4-digit numbers in Italian too (Intl does not by default)', () => {
    expect(formatCount(1800, 'it')).toBe('1.800');
    expect(formatCount(1800, 'de')).toBe('1.800');
    expect(formatCount(1800, 'en')).toBe('1,800');
    expect(formatNumber(1800.5, 'it', 2)).toBe('1.800,50');
  });

  it.each([
    ['it', '24/11/2026'],
    ['de', '24.11.2026'],
    ['en', '24 Nov 2026'],
  ] as const)('%s: a calendar date has a four-digit year: %s', (language, expected) => {
    expect(formatDate('2026-11-24', language)).toBe(expected);
    // A document date at midnight UTC stays on its day, whatever the time zone.
    expect(formatDate('2026-11-24T00:00:00Z', language)).toBe(expected);
  });

  it('leaves empty dates empty', () => {
    expect(formatDate(null, 'it')).toBe('');
    expect(formatDateTime(undefined, 'it')).toBe('');
    expect(formatDateTimeSeconds('', 'it')).toBe('');
  });

  it.each([
    ['it', /^24\/11\/2026, \d{2}:05$/, /^24\/11\/2026, \d{2}:05:07$/],
    ['de', /^24\.11\.2026, \d{2}:05$/, /^24\.11\.2026, \d{2}:05:07$/],
    ['en', /^24 Nov 2026, \d{2}:05$/, /^24 Nov 2026, \d{2}:05:07$/],
  ] as const)(
    '%s: moments on a 24-hour clock, with seconds where order matters',
    (language, minutes, seconds) => {
      // Noon UTC is 24 November in every time zone from UTC-11 to UTC+11.
      expect(formatDateTime('2026-11-24T12:05:07Z', language)).toMatch(minutes);
      expect(formatDateTimeSeconds('2026-11-24T12:05:07Z', language)).toMatch(seconds);
    },
  );
});
