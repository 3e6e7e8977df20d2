/**
 * A number as a person types it, read the way the UI language writes numbers, and written back the same way.
 * Every amount, quantity and percentage input of the app reads through here (src/renderer/inputs/); the model
 * keeps the plain decimal understood (`2500.00`, sdi-checks/decimal.ts), never the typed text.
 *
 * | language | groups | decimals | e.g.       |
 * | -------- | ------ | -------- | ---------- |
 * | it, de   | `.`    | `,`      | `2.500,00` |
 * | en       | `,`    | `.`      | `2,500.00` |
 *
 * What is accepted: a plain integer (`2500`), a number with the language's decimal separator (`450,00`, `,5`,
 * `5,`), grouping separators where they belong (every three digits from the decimal separator, the first group
 * of one to three digits: `2.500`, `1.234.567,89`), a leading minus (`-` or `−`), blanks and one `€` before or
 * after (`€ 1.000`, `1.000,00 €`, `-€2,500.00`).
 *
 * What is asked instead of guessed ("ambiguous": the readings are offered, the first the language's own; the
 * composer stores nothing until the user picks one):
 * - A lone separator followed by exactly three digits where that separator is the *other* convention's
 *   grouping: `1,000` in Italian (1 to three decimals, or one thousand written the English way?), `1.000` in
 *   English. The language's own grouping is not asked: `1.000` in Italian is one thousand, as every Italian
 *   price list writes it; `1,000` in English likewise.
 * - Text that is no number in the language's convention but one in the other's: `2.500,00` in English,
 *   `1,000.50` in Italian (one reading, written the language's way, so the user confirms it in one click), and
 *   `1.5` in Italian, which is no grouping (a `.` groups three digits) and is offered as 1,5 (the decimal point
 *   of the numeric keypad) or 15 (a stray grouping dot).
 * - Misplaced grouping of the language's own (`1.00.000` in Italian) offers the digits joined (100.000).
 * Anything else (letters, two decimal separators, a minus in the middle) is "invalid" with a reason.
 *
 * Nothing here uses binary floating point: the value typed is the value kept, to the last digit.
 */
import type { Language } from '../language.ts';
import { compare, format, type Decimal } from '../fatturapa/sdi-checks/decimal.ts';

export interface NumberConvention {
  /** The grouping separator (thousands). */
  group: '.' | ',';
  /** The decimal separator. */
  decimal: ',' | '.';
}

const COMMA_DECIMAL: NumberConvention = { group: '.', decimal: ',' };
const POINT_DECIMAL: NumberConvention = { group: ',', decimal: '.' };

/** How the UI language writes numbers: Italian and German group with `.`, English (British) with `,`. */
export function numberConvention(language: Language | string): NumberConvention {
  return language.startsWith('en') ? POINT_DECIMAL : COMMA_DECIMAL;
}

export type InvalidNumberReason =
  /** Something other than digits, separators, a minus, blanks and `€`. */
  | 'characters'
  /** No digit at all (`-`, `€`, `,`). */
  | 'no-digits'
  /** Separators no convention reads (`1,2,3` in Italian, `1..5`). */
  | 'form'
  /** More digits than any amount has (FatturaPA's widest decimal is 11 + 8 digits). */
  | 'too-long';

export type TypedNumber =
  | { kind: 'empty' }
  | { kind: 'ok'; value: Decimal }
  /** One or two readings, the language's own first; never read without the user choosing. */
  | { kind: 'ambiguous'; readings: Decimal[] }
  | { kind: 'invalid'; reason: InvalidNumberReason };

/** Longer runs of digits are refused before any BigInt work (decimal.ts keeps 40 characters for the same reason). */
const MAX_DIGITS = 30;
const MINUS = /^[-−]/;

interface Reading {
  value: Decimal;
  /** The decimal separator was used. */
  decimal: boolean;
}

const ALL_DIGITS = /^\d+$/;

/**
 * The body (digits and separators only) read strictly in one convention: grouping, if any, of one to three
 * digits then groups of exactly three, never starting with a 0 group; at most one decimal separator, digits only
 * after it. Null when the convention cannot read it.
 */
function readIn(body: string, negative: boolean, convention: NumberConvention): Reading | null {
  const parts = body.split(convention.decimal);
  if (parts.length > 2) return null;
  const integer = parts[0]!;
  const fraction = parts[1];
  if (fraction !== undefined && fraction !== '' && !ALL_DIGITS.test(fraction)) return null;
  if (integer === '' && (fraction === undefined || fraction === '')) return null;
  let digits = integer;
  if (integer.includes(convention.group)) {
    const groups = integer.split(convention.group);
    const [first, ...rest] = groups;
    if (!first || !/^[1-9]\d{0,2}$/.test(first)) return null;
    if (!rest.every((group) => /^\d{3}$/.test(group))) return null;
    digits = groups.join('');
  } else if (integer !== '' && !ALL_DIGITS.test(integer)) return null;
  const decimals = fraction ?? '';
  const units = BigInt(`${digits || '0'}${decimals}`);
  return {
    value: { units: negative ? -units : units, scale: decimals.length },
    decimal: fraction !== undefined,
  };
}

/** Splits off blanks, a leading minus and one `€` before or after; null when what is left is not digits. */
function bodyOf(text: string): { body: string; negative: boolean } | InvalidNumberReason {
  let rest = text.trim();
  let negative = false;
  const sign = () => {
    if (!negative && MINUS.test(rest)) {
      negative = true;
      rest = rest.slice(1).trim();
    }
  };
  sign();
  if (rest.startsWith('€')) rest = rest.slice(1).trim();
  sign();
  if (rest.endsWith('€')) rest = rest.slice(0, -1).trim();
  if (!/\d/.test(rest)) return /^[.,]*$/.test(rest) ? 'no-digits' : 'characters';
  if (!/^[\d.,]+$/.test(rest)) return 'characters';
  if (rest.replace(/[.,]/g, '').length > MAX_DIGITS) return 'too-long';
  return { body: rest, negative };
}

/** The text read in the UI language's convention: a value, a question, or why it is no number. */
export function readTypedNumber(text: string, language: Language | string): TypedNumber {
  if (text.trim() === '') return { kind: 'empty' };
  const split = bodyOf(text);
  if (typeof split === 'string') return { kind: 'invalid', reason: split };
  const { body, negative } = split;
  const own = numberConvention(language);
  const other = own === COMMA_DECIMAL ? POINT_DECIMAL : COMMA_DECIMAL;
  const mine = readIn(body, negative, own);
  const theirs = readIn(body, negative, other);
  if (mine) {
    // Both read it differently only for a lone separator and three digits (`1,000`): the language's decimal
    // reading against the other's grouping. The language's own grouping (`1.000` in Italian) is not asked.
    if (mine.decimal && theirs && compare(mine.value, theirs.value) !== 0)
      return { kind: 'ambiguous', readings: [mine.value, theirs.value] };
    return { kind: 'ok', value: mine.value };
  }
  const readings: Decimal[] = [];
  if (theirs) readings.push(theirs.value);
  // Only the language's grouping separator in it, in the wrong places: perhaps the digits were meant together.
  if (!body.includes(own.decimal)) {
    const digits = body.split(own.group).join('');
    if (/^[1-9]\d*$/.test(digits)) {
      const units = BigInt(digits);
      const joined: Decimal = { units: negative ? -units : units, scale: 0 };
      if (!readings.some((r) => compare(r, joined) === 0)) readings.push(joined);
    }
  }
  return readings.length > 0 ? { kind: 'ambiguous', readings } : { kind: 'invalid', reason: 'form' };
}

/**
 * A decimal written the UI language's way, always grouped (`1.800,00` in Italian, as src/renderer/format.ts
 * writes amounts): at least `minScale` decimals, trailing zeros beyond them left out. Exact at any size.
 */
export function formatTypedNumber(value: Decimal, language: Language | string, minScale = 0): string {
  const { group, decimal } = numberConvention(language);
  const plain = format(value, minScale);
  const negative = plain.startsWith('-');
  const [integer = '', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const head = integer.length % 3 || 3;
  const groups = [integer.slice(0, head)];
  for (let i = head; i < integer.length; i += 3) groups.push(integer.slice(i, i + 3));
  return `${negative ? '-' : ''}${groups.join(group)}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/** The plain decimal a model keeps (`2500.00`): at least `minScale` decimals, as typed beyond them. */
export function plainDecimal(value: Decimal, minScale = 0): string {
  return format(value, minScale);
}
