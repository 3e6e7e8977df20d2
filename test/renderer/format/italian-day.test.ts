import { describe, expect, it } from 'vitest';
import { italianDay } from '../../../src/renderer/format/italian-day.ts';

describe('the Italian day of a moment', () => {
  it('is the day in Rome, summer and winter, from a time or milliseconds', () => {
    expect(italianDay('2026-03-31T23:30:00Z')).toBe('2026-04-01');
    expect(italianDay('2026-12-31T22:59:59Z')).toBe('2026-12-31');
    expect(italianDay('2026-12-31T23:00:00Z')).toBe('2027-01-01');
    expect(italianDay(Date.parse('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });

  it('is null for nothing or for what is no time', () => {
    expect(italianDay(null)).toBeNull();
    expect(italianDay('')).toBeNull();
    expect(italianDay('not a time')).toBeNull();
  });
});
