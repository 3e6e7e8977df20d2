import { describe, expect, it } from 'vitest';
import {
  checkVatNumber,
  codiceFiscaleCheckChar,
  isValidCodiceFiscale,
  isValidPartitaIva,
  partitaIvaCheckDigit,
} from '../../../src/shared/fatturapa/index.ts';

const OMOCODIA_LETTERS = 'LMNPQRSTUV';

/** Replaces the rightmost digit of the seven numeric positions with its letter and recomputes the check. */
function omocodicVariant(code: string): string {
  const numericPositions = [6, 7, 9, 10, 12, 13, 14];
  const chars = code.slice(0, 15).split('');
  const position = [...numericPositions].reverse().find((p) => /[0-9]/.test(chars[p] ?? ''));
  if (position === undefined) throw new Error('no digit left to replace');
  chars[position] = OMOCODIA_LETTERS[Number(chars[position])] ?? '';
  const first15 = chars.join('');
  return first15 + codiceFiscaleCheckChar(first15);
}

describe('partitaIvaCheckDigit', () => {
  it('computes the Luhn-variant check digit of the first ten digits', () => {
    expect(partitaIvaCheckDigit('1234567890')).toBe(3);
    expect(partitaIvaCheckDigit('0123456789')).toBe(7);
    expect(partitaIvaCheckDigit('0000000000')).toBe(0);
  });

  it('refuses input that is not exactly ten digits', () => {
    expect(() => partitaIvaCheckDigit('123456789')).toThrow(RangeError);
    expect(() => partitaIvaCheckDigit('123456789A')).toThrow(RangeError);
  });
});

describe('isValidPartitaIva', () => {
  it('accepts numbers whose last digit matches the check digit', () => {
    expect(isValidPartitaIva('12345678903')).toBe(true);
    expect(isValidPartitaIva('02780790107')).toBe(true);
    expect(isValidPartitaIva('05979361218')).toBe(true);
  });

  it('rejects 01234567890 from the official samples, whose check digit would be 7', () => {
    expect(isValidPartitaIva('01234567890')).toBe(false);
    expect(isValidPartitaIva('01234567897')).toBe(true);
  });

  it('rejects anything but eleven digits', () => {
    for (const s of ['', '1234567890', '123456789033', 'IT12345678903', '1234567890A', ' 12345678903']) {
      expect(isValidPartitaIva(s)).toBe(false);
    }
  });
});

describe('codiceFiscaleCheckChar', () => {
  it('computes the check letter of the verified examples', () => {
    expect(codiceFiscaleCheckChar('RSSMRA80A01H501')).toBe('U');
    expect(codiceFiscaleCheckChar('BNCMRA80A01D548')).toBe('T');
  });

  it('accepts lower-case input', () => {
    expect(codiceFiscaleCheckChar('rssmra80a01h501')).toBe('U');
  });

  it('refuses input that is not fifteen letters or digits', () => {
    expect(() => codiceFiscaleCheckChar('RSSMRA80A01H50')).toThrow(RangeError);
    expect(() => codiceFiscaleCheckChar('RSSMRA80A01H50-')).toThrow(RangeError);
  });
});

describe('isValidCodiceFiscale', () => {
  it('accepts the verified personal codes', () => {
    expect(isValidCodiceFiscale('RSSMRA80A01H501U')).toBe(true);
    expect(isValidCodiceFiscale('BNCMRA80A01D548T')).toBe(true);
  });

  it('accepts an omocodic code with a letter in place of the rightmost digit', () => {
    const variant = omocodicVariant('RSSMRA80A01H501U');
    expect(variant).toBe('RSSMRA80A01H50MM');
    expect(isValidCodiceFiscale(variant)).toBe(true);
  });

  it('accepts a code with every numeric position replaced by omocodia letters', () => {
    let code = 'BNCMRA80A01D548T';
    for (let i = 0; i < 7; i++) code = omocodicVariant(code);
    expect(code).toMatch(/^BNCMRAULALMDRQU[A-Z]$/);
    expect(isValidCodiceFiscale(code)).toBe(true);
  });

  it('normalizes lower case before checking', () => {
    expect(isValidCodiceFiscale('rssmra80a01h501u')).toBe(true);
  });

  it('rejects a wrong check letter', () => {
    expect(isValidCodiceFiscale('RSSMRA80A01H501A')).toBe(false);
    expect(isValidCodiceFiscale('BNCMRA80A01D548U')).toBe(false);
  });

  it('rejects letters that are not omocodia letters in numeric positions, and an invalid month letter', () => {
    const withA = `RSSMRA8AA01H501`;
    expect(isValidCodiceFiscale(withA + codiceFiscaleCheckChar(withA))).toBe(false);
    const monthF = 'RSSMRA80F01H501';
    expect(isValidCodiceFiscale(monthF + codiceFiscaleCheckChar(monthF))).toBe(false);
  });

  it('checks an eleven-digit code as a Partita IVA', () => {
    expect(isValidCodiceFiscale('12345678903')).toBe(true);
    expect(isValidCodiceFiscale('01234567890')).toBe(false);
  });

  it('rejects other lengths', () => {
    expect(isValidCodiceFiscale('')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA80A01H501')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA80A01H501UX')).toBe(false);
  });
});

describe('checkVatNumber', () => {
  it('accepts an Italian VAT number with a correct check digit', () => {
    expect(checkVatNumber('IT12345678903')).toBe('ok');
    expect(checkVatNumber('it12345678903')).toBe('ok');
  });

  it('reports a wrong Italian check digit as bad-check-digit', () => {
    expect(checkVatNumber('IT01234567890')).toBe('bad-check-digit');
  });

  it('does not treat an Italian personal fiscal code as a VAT number', () => {
    expect(checkVatNumber('ITRSSMRA80A01H501U')).toBe('bad-format');
  });

  it('reports an Italian number of the wrong length as bad-format', () => {
    expect(checkVatNumber('IT1234567890')).toBe('bad-format');
    expect(checkVatNumber('IT123456789033')).toBe('bad-format');
  });

  it('accepts foreign numbers of 2 to 28 letters and digits without checking them', () => {
    expect(checkVatNumber('DE123456789')).toBe('ok');
    expect(checkVatNumber('GBGB99999999999')).toBe('ok');
    expect(checkVatNumber('SM00')).toBe('ok');
    expect(checkVatNumber(`FR${'A'.repeat(28)}`)).toBe('ok');
  });

  it('reports foreign numbers too short, too long or with other characters as bad-format', () => {
    expect(checkVatNumber('DE1')).toBe('bad-format');
    expect(checkVatNumber(`FR${'A'.repeat(29)}`)).toBe('bad-format');
    expect(checkVatNumber('DE 123456789')).toBe('bad-format');
    expect(checkVatNumber('ATU-1234567')).toBe('bad-format');
  });

  it('reports a number without a leading two-letter country as missing-country', () => {
    expect(checkVatNumber('12345678903')).toBe('missing-country');
    expect(checkVatNumber('I12345678903')).toBe('missing-country');
    expect(checkVatNumber('')).toBe('missing-country');
  });
});
