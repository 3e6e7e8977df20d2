/**
 * Money as integer cents (bigint), never a float: an amount read from a file is a plain decimal string
 * ("1506.09"), parsed exactly into cents, added as integers and written back as a plain decimal. Shared by the
 * books (src/shared/books) and the page (src/renderer/format/cents.ts).
 */
import { parseDecimal, round } from '../fatturapa/sdi-checks/decimal.ts';

/**
 * The cents of a plain decimal (`1506.09`, `-3`, `+0.5`), exactly; more than two decimals round half away from
 * zero (`12.345` → 1235), as Italian VAT amounts do. Null for anything that is not a decimal.
 */
export function centsOf(value: string | null | undefined): bigint | null {
  const parsed = parseDecimal(value);
  return parsed === null ? null : round(parsed, 2).units;
}

/** Cents as a plain decimal with two decimals: 150609n → `1506.09`, -5n → `-0.05`. */
export function decimalOfCents(cents: bigint): `${number}` {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}
