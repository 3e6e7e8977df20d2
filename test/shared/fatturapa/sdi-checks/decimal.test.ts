import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  decimal,
  divide,
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

  it('divides to a chosen number of decimals, rounding half away from zero, and refuses zero', () => {
    expect(format(divide(decimal('14.00'), decimal('11.97'), 4)!, 4)).toBe('1.1696');
    expect(format(divide(decimal('1'), decimal('8'), 2)!, 2)).toBe('0.13');
    expect(format(divide(decimal('-1'), decimal('8'), 2)!, 2)).toBe('-0.13');
    expect(format(divide(decimal('2'), decimal('3'), 4)!, 4)).toBe('0.6667');
    expect(format(divide(decimal('1234.5'), decimal('0.001'), 0)!, 0)).toBe('1234500');
    expect(format(divide(decimal('0.00000001'), decimal('1000'), 2)!, 2)).toBe('0.00');
    expect(divide(decimal('5'), decimal('0.00'), 2)).toBeNull();
  });
});
