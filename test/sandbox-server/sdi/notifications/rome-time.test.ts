import { describe, expect, it } from 'vitest';
import {
  formatRomeDate,
  formatRomeDateTime,
  romeOffsetMinutes,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';

describe('Europe/Rome xs:dateTime', () => {
  it('winter time is +01:00', () => {
    expect(formatRomeDateTime(new Date('2026-11-22T09:00:00.000Z'))).toBe('2026-11-22T10:00:00.000+01:00');
    expect(formatRomeDateTime(new Date('2027-01-01T00:00:00.007Z'))).toBe('2027-01-01T01:00:00.007+01:00');
    expect(romeOffsetMinutes(new Date('2026-02-01T12:00:00Z'))).toBe(60);
  });

  it('summer time is +02:00', () => {
    expect(formatRomeDateTime(new Date('2026-07-15T10:30:45.123Z'))).toBe('2026-07-15T12:30:45.123+02:00');
    expect(romeOffsetMinutes(new Date('2026-08-01T12:00:00Z'))).toBe(120);
  });

  it('spring-forward night: 02:00 CET jumps to 03:00 CEST (2026-03-29 01:00 UTC)', () => {
    expect(formatRomeDateTime(new Date('2026-03-29T00:59:59.999Z'))).toBe('2026-03-29T01:59:59.999+01:00');
    expect(formatRomeDateTime(new Date('2026-03-29T01:00:00.000Z'))).toBe('2026-03-29T03:00:00.000+02:00');
  });

  it('fall-back night: 02:00–03:00 happens twice, told apart by the offset (2026-10-25)', () => {
    expect(formatRomeDateTime(new Date('2026-10-25T00:30:00.000Z'))).toBe('2026-10-25T02:30:00.000+02:00');
    expect(formatRomeDateTime(new Date('2026-10-25T00:59:59.999Z'))).toBe('2026-10-25T02:59:59.999+02:00');
    expect(formatRomeDateTime(new Date('2026-10-25T01:00:00.000Z'))).toBe('2026-10-25T02:00:00.000+01:00');
    expect(formatRomeDateTime(new Date('2026-10-25T01:30:00.000Z'))).toBe('2026-10-25T02:30:00.000+01:00');
  });

  it('every formatted value denotes the same instant it came from', () => {
    const start = Date.parse('2026-03-28T00:00:00Z');
    for (let t = start; t < start + 400 * 86_400_000; t += 3_600_000 + 1_234) {
      const formatted = formatRomeDateTime(new Date(t));
      expect(formatted).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0[12]:00$/);
      expect(Date.parse(formatted)).toBe(t);
    }
  });

  it('matches what SdI wrote in real receipts', () => {
    for (const value of ['2018-11-13T16:47:26.000+01:00', '2018-06-16T18:34:00.000+02:00']) {
      expect(formatRomeDateTime(new Date(value))).toBe(value);
    }
  });

  it('xs:date is the Rome calendar day', () => {
    expect(formatRomeDate(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(formatRomeDate(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    expect(formatRomeDate(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('refuses an invalid Date', () => {
    expect(() => formatRomeDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
