import { describe, expect, it } from 'vitest';
import {
  compare,
  format,
  parseDecimal,
  type Decimal,
} from '../../../src/shared/fatturapa/sdi-checks/decimal.ts';
import {
  formatTypedNumber,
  numberConvention,
  readTypedNumber,
  type NumberConvention,
  type TypedNumber,
} from '../../../src/shared/typed/number.ts';
import { LANGUAGES, type Language } from '../../../src/shared/language.ts';
import { seeded } from './seeded.ts';

/** A decimal with the scale it was read with (`2500.00` stays so). */
const exact = (d: Decimal) => format(d, d.scale);

/** The result as plain text, to compare tables of cases at a glance. */
function plain(result: TypedNumber): string {
  switch (result.kind) {
    case 'empty':
      return 'empty';
    case 'ok':
      return `ok ${exact(result.value)}`;
    case 'ambiguous':
      return `ask ${result.readings.map(exact).join(' | ')}`;
    case 'invalid':
      return `invalid ${result.reason}`;
  }
}

describe('a typed number, read the UI language’s way', () => {
  it.each([
    // Italian: `.` groups, `,` is the decimal separator.
    ['it', '1.000', 'ok 1000'],
    ['it', '2.500', 'ok 2500'],
    ['it', '2.500,00', 'ok 2500.00'],
    ['it', '450,00', 'ok 450.00'],
    ['it', '450', 'ok 450'],
    ['it', '1.234.567,89', 'ok 1234567.89'],
    ['it', '1234567,89', 'ok 1234567.89'],
    ['it', '-1.000,50', 'ok -1000.50'],
    ['it', '−12,5', 'ok -12.5'],
    ['it', ' € 1.000,00 ', 'ok 1000.00'],
    ['it', '1.000,00 €', 'ok 1000.00'],
    ['it', '1.000,00\u00a0€', 'ok 1000.00'],
    ['it', '-€ 2.500', 'ok -2500'],
    ['it', '€ -2.500', 'ok -2500'],
    ['it', ',5', 'ok 0.5'],
    ['it', '5,', 'ok 5'],
    ['it', '0,500', 'ok 0.500'],
    ['it', '1234,567', 'ok 1234.567'],
    ['it', '12,3456', 'ok 12.3456'],
    ['it', '1.000,125', 'ok 1000.125'],
    // Asked, never guessed.
    ['it', '1,000', 'ask 1.000 | 1000'],
    ['it', '12,500', 'ask 12.500 | 12500'],
    ['it', '-1,000', 'ask -1.000 | -1000'],
    ['it', '1.5', 'ask 1.5 | 15'],
    ['it', '1.50', 'ask 1.50 | 150'],
    ['it', '0.5', 'ask 0.5'],
    ['it', '1,000.50', 'ask 1000.50'],
    ['it', '2,500.00', 'ask 2500.00'],
    ['it', '1,000,000', 'ask 1000000'],
    ['it', '1.00.000', 'ask 100000'],
    ['it', '1.000.', 'ask 1000'],
    // No number at all.
    ['it', '', 'empty'],
    ['it', '   ', 'empty'],
    ['it', 'abc', 'invalid characters'],
    ['it', '12a', 'invalid characters'],
    ['it', '1 000', 'invalid characters'],
    ['it', '1-2', 'invalid characters'],
    ['it', '--5', 'invalid characters'],
    ['it', '$5', 'invalid characters'],
    ['it', '-', 'invalid no-digits'],
    ['it', '€', 'invalid no-digits'],
    ['it', ',', 'invalid no-digits'],
    ['it', '1,2,3', 'invalid form'],
    ['it', '1,000,50', 'invalid form'],
    ['it', '1,,5', 'invalid form'],
    ['it', '1..5', 'ask 15'],
    ['it', '1'.repeat(31), 'invalid too-long'],
    // German writes numbers as Italian does.
    ['de', '1.000', 'ok 1000'],
    ['de', '2.500,00', 'ok 2500.00'],
    ['de', '1,000', 'ask 1.000 | 1000'],
    ['de', '2,500.00', 'ask 2500.00'],
    // English: `,` groups, `.` is the decimal point.
    ['en', '2,500.00', 'ok 2500.00'],
    ['en', '1,000', 'ok 1000'],
    ['en', '450.00', 'ok 450.00'],
    ['en', '€2,500.00', 'ok 2500.00'],
    ['en', '-€22.00', 'ok -22.00'],
    ['en', '0.500', 'ok 0.500'],
    ['en', '1.000', 'ask 1.000 | 1000'],
    ['en', '2.500,00', 'ask 2500.00'],
    ['en', '1,5', 'ask 1.5 | 15'],
    ['en', '1,00,000', 'ask 100000'],
  ] as const)('%s: %j gives %s', (language, text, expected) => {
    expect(plain(readTypedNumber(text, language))).toBe(expected);
  });

  it.each([
    ['it', '2500.00', 2, '2.500,00'],
    ['it', '1800', 2, '1.800,00'],
    ['it', '450', 2, '450,00'],
    ['it', '-1234567.5', 2, '-1.234.567,50'],
    ['it', '12.34567800', 2, '12,345678'],
    ['it', '2.00000000', 0, '2'],
    ['de', '2500.5', 0, '2.500,5'],
    ['en', '2500.00', 2, '2,500.00'],
    ['en', '0.5', 2, '0.50'],
    ['en', '999', 0, '999'],
    ['en', '1000', 0, '1,000'],
  ] as const)('%s: %s is written %s', (language, value, minScale, expected) => {
    expect(formatTypedNumber(parseDecimal(value)!, language, minScale)).toBe(expected);
  });
});

/** A random decimal of up to 11 integer and 8 fraction digits, either sign (FatturaPA's widest). */
function randomDecimal(random: () => number): Decimal {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const integer = digits(Math.floor(random() * 12)).replace(/^0+(?=\d)/, '') || '0';
  const fraction = digits(Math.floor(random() * 9));
  const sign = random() < 0.2 ? '-' : '';
  return parseDecimal(`${sign}${integer}${fraction ? `.${fraction}` : ''}`)!;
}

/** A lone decimal separator after one to three digits (no leading 0) and before exactly three: the asked case. */
function lonelyThree(text: string, { decimal }: NumberConvention): boolean {
  const d = decimal === '.' ? '\\.' : ',';
  return new RegExp(`^-?[1-9]\\d{0,2}${d}\\d{3}$`).test(text);
}

/**
 * An oracle written apart from the reader: the text's value in one convention by regular expression (digits,
 * optional grouping every three digits, optional decimal part), or null when the convention cannot read it.
 */
function oracle(text: string, { group, decimal }: NumberConvention): Decimal | null {
  let body = text.trim();
  let sign = '';
  const minus = () => {
    if (sign === '' && /^[-−]/.test(body)) [sign, body] = ['-', body.slice(1).trim()];
  };
  minus();
  body = body.replace(/^€\s*/, '');
  minus();
  body = body.replace(/\s*€$/, '');
  const g = group === '.' ? '\\.' : ',';
  const d = decimal === '.' ? '\\.' : ',';
  const shape = new RegExp(`^(\\d*|[1-9]\\d{0,2}(?:${g}\\d{3})+)(?:${d}(\\d*))?$`);
  const match = shape.exec(body);
  if (!match || (match[1] === '' && !match[2])) return null;
  const integer = match[1]!.split(group).join('') || '0';
  return parseDecimal(`${sign}${integer}${match[2] ? `.${match[2]}` : ''}`);
}

const other = (language: Language): NumberConvention => numberConvention(language === 'en' ? 'it' : 'en');

describe('typed numbers, property tests per language (seeded, bounded)', () => {
  for (const language of LANGUAGES) {
    const own = numberConvention(language);

    it(`${language}: every decimal written the language's way reads back as itself (or is asked, first reading itself)`, () => {
      const random = seeded(26 + language.charCodeAt(0));
      for (let i = 0; i < 3000; i++) {
        const value = randomDecimal(random);
        const minScale = Math.floor(random() * 3);
        const grouped = formatTypedNumber(value, language, minScale);
        const ungrouped = grouped.split(own.group).join('');
        for (const text of [grouped, ungrouped, `${grouped} €`, `€ ${grouped}`]) {
          const read = readTypedNumber(text, language);
          const bare = text.replace(/\s*€\s*/g, '');
          if (lonelyThree(bare, own)) {
            expect(read.kind, text).toBe('ambiguous');
            if (read.kind === 'ambiguous') expect(compare(read.readings[0]!, value), text).toBe(0);
          } else {
            expect(read.kind, text).toBe('ok');
            if (read.kind === 'ok') expect(compare(read.value, value), text).toBe(0);
          }
        }
      }
    });

    it(`${language}: a decimal written the other language's way is read as itself or asked, unless it is the language's own grouping`, () => {
      const random = seeded(62 + language.charCodeAt(0));
      const foreign = language === 'en' ? 'it' : 'en';
      for (let i = 0; i < 3000; i++) {
        const value = randomDecimal(random);
        const text = formatTypedNumber(value, foreign, Math.floor(random() * 3));
        const read = readTypedNumber(text, language);
        const g = own.group === '.' ? '\\.' : ',';
        // Also the language's own way of writing another number (`1.000` is one thousand in Italian): read so.
        const alsoOwn = new RegExp(`^-?[1-9]\\d{0,2}(?:${g}\\d{3})+$`).test(text);
        if (read.kind === 'ok') {
          if (!alsoOwn) expect(compare(read.value, value), text).toBe(0);
        } else {
          expect(read.kind, text).toBe('ambiguous');
          if (read.kind === 'ambiguous')
            expect(
              read.readings.some((r) => compare(r, value) === 0),
              text,
            ).toBe(true);
        }
      }
    });

    it(`${language}: random text is read only when the language reads it so, and asked whenever two readings differ`, () => {
      const random = seeded(99 + language.charCodeAt(0));
      const alphabet = '0123456789012345.,.,-€ ';
      for (let i = 0; i < 10_000; i++) {
        const length = 1 + Math.floor(random() * 10);
        const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
        const read = readTypedNumber(text, language);
        const mine = oracle(text, own);
        const theirs = oracle(text, other(language));
        if (read.kind === 'ok') {
          // Read only as the language reads it...
          expect(mine, text).not.toBeNull();
          expect(compare(read.value, mine!), text).toBe(0);
          // ...and where the other convention reads another number, only by the language's own grouping.
          if (theirs && compare(theirs, mine!) !== 0) expect(text.includes(own.decimal), text).toBe(false);
        }
        if (mine === null) expect(read.kind, text).not.toBe('ok');
        if (mine && theirs && compare(mine, theirs) !== 0 && text.includes(own.decimal))
          expect(read.kind, text).toBe('ambiguous');
        if (read.kind === 'ambiguous' && theirs)
          expect(
            read.readings.some((r) => compare(r, theirs) === 0),
            text,
          ).toBe(true);
      }
    });
  }
});
