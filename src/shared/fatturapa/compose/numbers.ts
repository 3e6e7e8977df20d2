/** Typed numbers: the user's text to exact decimals (sdi-checks/decimal.ts) and back to the XSD's lexical forms. */
import { format, parseDecimal, round } from '../sdi-checks/decimal.ts';
import type { Decimal } from '../sdi-checks/decimal.ts';

/**
 * A draft's decimal: the plain form the composer's inputs keep ("2500.00"; what the user types in the UI
 * language's way is read by typed/number.ts, never here). Blanks around it are ignored and a single comma is
 * taken as the decimal separator ("12,50", drafts saved before). Grouping separators are not: "1.000" is 1.000
 * here, so no typed text may reach the draft unread. '' and anything else give null.
 */
export function parseTyped(text: string | undefined | null): Decimal | null {
  if (text === undefined || text === null) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed.includes(',') && trimmed.includes('.')) return null;
  return parseDecimal(trimmed.replace(',', '.'));
}

/** True when the text is blank or a number parseTyped reads. */
export function isTypedNumber(text: string): boolean {
  return text.trim() === '' || parseTyped(text) !== null;
}

/** An amount with 2 decimals (Amount2DecimalType), rounded half away from zero. */
export function money(value: Decimal): string {
  return format(round(value, 2), 2);
}

/**
 * The lexical form for a decimal element with `min`–`max` fraction digits: the typed value with trailing zeros
 * trimmed down to `min` decimals. More than `max` decimals are kept, so the structure check reports them at the
 * field instead of the value being silently changed. Text that is not a number is returned as typed.
 */
export function lexical(text: string, min: number): string {
  const value = parseTyped(text);
  return value === null ? text.trim() : format(value, min);
}
