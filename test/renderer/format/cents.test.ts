import { describe, expect, it } from 'vitest';
import { centsOf, CurrencySums, decimalOfCents } from '../../../src/renderer/format/cents.ts';

/** A small deterministic generator (mulberry32), so a failing draw can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('amounts as integer cents', () => {
  it.each([
    ['1506.09', 150_609n],
    ['0.1', 10n],
    ['-366.00', -36_600n],
    ['+24.4', 2_440n],
    ['7', 700n],
    // Half a cent rounds away from zero. Math.round(1.005 * 100) gives 100: the float is 100.49999…
    ['1.005', 101n],
    ['-1.005', -101n],
    ['2.675', 268n],
    ['12.34499999', 1_234n],
    // Beyond the integers a double holds exactly (2^53 = 9,007,199,254,740,992).
    ['90071992547409.93', 9_007_199_254_740_993n],
  ])('reads %s as %s cents, exactly', (text, cents) => expect(centsOf(text)).toBe(cents));

  it.each(['', 'abc', '1,50', '1.2.3', '1e3', ' ', '--1'])('refuses %j', (text) =>
    expect(centsOf(text)).toBeNull(),
  );

  it('writes cents back as a plain decimal with two digits', () => {
    expect(decimalOfCents(150_609n)).toBe('1506.09');
    expect(decimalOfCents(-5n)).toBe('-0.05');
    expect(decimalOfCents(0n)).toBe('0.00');
    expect(decimalOfCents(-36_600n)).toBe('-366.00');
    expect(decimalOfCents(9_007_199_254_740_993n)).toBe('90071992547409.93');
  });

  it('adds a thousand amounts of every size to the exact sum of their digits', () => {
    const draw = random(26);
    for (let round = 0; round < 50; round++) {
      const sums = new CurrencySums();
      let expected = 0n;
      for (let i = 0; i < 1000; i++) {
        // Up to 11 integer digits, as ImportoTotaleDocumento allows, and a sign.
        const units = String(Math.floor(draw() * 10 ** Math.ceil(draw() * 11)));
        const fraction = String(Math.floor(draw() * 100)).padStart(2, '0');
        const negative = draw() < 0.2;
        const text = `${negative ? '-' : ''}${units}.${fraction}`;
        expected += (negative ? -1n : 1n) * BigInt(`${units}${fraction}`);
        sums.add('EUR', centsOf(text)!);
        expect(decimalOfCents(centsOf(text)!)).toBe(
          text === '-0.00' ? '0.00' : text.replace(/^(-?)0+(?=\d)/, '$1'),
        );
      }
      expect(sums.entries()).toEqual([['EUR', expected]]);
    }
  });

  it('keeps currencies apart, in alphabetical order', () => {
    const sums = new CurrencySums();
    sums.add('USD', 100n);
    sums.add('EUR', 250n);
    sums.add('USD', -40n);
    expect(sums.entries()).toEqual([
      ['EUR', 250n],
      ['USD', 60n],
    ]);
  });
});
