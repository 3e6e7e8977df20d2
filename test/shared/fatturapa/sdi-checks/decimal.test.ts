import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  decimal,
  format,
  mul,
  parseDecimal,
  round,
  shiftLeft,
  sub,
} from '../../../../src/shared/fatturapa/sdi-checks/decimal.ts';

describe('exact decimals', () => {
  it('parses xs:decimal forms and refuses anything else', () => {
    expect(parseDecimal('-12.50')).toEqual({ units: -1250n, scale: 2 });
    expect(parseDecimal('7')).toEqual({ units: 7n, scale: 0 });
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('12,50')).toBeNull();
  });

  it('adds, subtracts and multiplies without rounding', () => {
    expect(format(add(decimal('0.1'), decimal('0.2')))).toBe('0.30');
    expect(compare(add(decimal('0.1'), decimal('0.2')), decimal('0.3'))).toBe(0);
    expect(format(sub(decimal('1.00'), decimal('0.99999999')))).toBe('0.00000001');
    expect(format(mul(decimal('19.99'), decimal('0.6667')))).toBe('13.327333');
    expect(format(shiftLeft(decimal('22'), 2))).toBe('0.22');
  });

  it('rounds half away from zero', () => {
    expect(format(round(decimal('0.025'), 2))).toBe('0.03');
    expect(format(round(decimal('-0.025'), 2))).toBe('-0.03');
    expect(format(round(decimal('0.0249999'), 2))).toBe('0.02');
    expect(format(round(decimal('5'), 2))).toBe('5.00');
  });

  it('compares across scales', () => {
    expect(compare(decimal('22.0'), decimal('22.00'))).toBe(0);
    expect(compare(decimal('0.011'), decimal('0.01'))).toBe(1);
    expect(compare(decimal('-1'), decimal('0.5'))).toBe(-1);
  });
});
