/**
 * Exact decimal arithmetic on BigInt: `units × 10^-scale`. FatturaPA amounts have up to 8 decimals and SdI's
 * tolerances are a cent, so binary floating point could flip a result exactly at the boundary.
 */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;
/**
 * The widest FatturaPA decimal is 11 integer and 8 fraction digits. Longer text is a schema error anyway, and
 * refusing it keeps BigInt work constant: a hostile value of a million digits made parsing, multiplying and
 * especially format() (one division per trailing zero) take minutes.
 */
const MAX_DECIMAL_LENGTH = 40;

/** Parses the xs:decimal lexical forms FatturaPA uses; anything else (a schema error) gives null. */
export function parseDecimal(value: string | undefined | null): Decimal | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  if (trimmed.length > MAX_DECIMAL_LENGTH) return null;
  const match = DECIMAL.exec(trimmed);
  if (!match) return null;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

export function decimal(value: string): Decimal {
  const parsed = parseDecimal(value);
  if (parsed === null) throw new RangeError(`not a decimal: ${value}`);
  return parsed;
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

function rescale(a: Decimal, scale: number): bigint {
  return a.units * 10n ** BigInt(scale - a.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  return add(a, { units: -b.units, scale: b.scale });
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Exact division by 10^digits (e.g. a percentage: digits = 2). */
export function shiftLeft(a: Decimal, digits: number): Decimal {
  return { units: a.units, scale: a.scale + digits };
}

/**
 * a ÷ b to `scale` decimals, rounded half away from zero like round(); null when b is zero. For a rate of
 * exchange, where the quotient has no exact decimal form.
 */
export function divide(a: Decimal, b: Decimal, scale: number): Decimal | null {
  if (b.units === 0n) return null;
  // a/b = (a.units / b.units) × 10^(b.scale − a.scale); one extra digit decides the rounding.
  const shift = scale + 1 + b.scale - a.scale;
  const numerator = shift >= 0 ? a.units * 10n ** BigInt(shift) : a.units;
  const denominator = shift >= 0 ? b.units : b.units * 10n ** BigInt(-shift);
  return round({ units: numerator / denominator, scale: scale + 1 }, scale);
}

export function abs(a: Decimal): Decimal {
  return a.units < 0n ? { units: -a.units, scale: a.scale } : a;
}

export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(a: Decimal): boolean {
  return a.units === 0n;
}

/** Rounds half away from zero (the commercial rounding used for Italian VAT amounts). */
export function round(a: Decimal, scale: number): Decimal {
  if (a.scale <= scale) return { units: rescale(a, scale), scale };
  const factor = 10n ** BigInt(a.scale - scale);
  const negative = a.units < 0n;
  const magnitude = negative ? -a.units : a.units;
  let quotient = magnitude / factor;
  if ((magnitude % factor) * 2n >= factor) quotient += 1n;
  return { units: negative ? -quotient : quotient, scale };
}

/**
 * Canonical text: at least `minScale` decimals, trailing zeros beyond them removed. The zeros are cut from the
 * digit string, not divided off the BigInt one by one, which was quadratic in the number of zeros.
 */
export function format(a: Decimal, minScale = 2): string {
  const negative = a.units < 0n;
  let digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  let scale = a.scale;
  let end = digits.length;
  while (scale > minScale && digits.charCodeAt(end - 1) === 0x30) {
    end--;
    scale--;
  }
  digits = digits.slice(0, end);
  if (scale < minScale) {
    digits += '0'.repeat(minScale - scale);
    scale = minScale;
  }
  const integer = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${integer}${scale > 0 ? `.${fraction}` : ''}`;
}

/** A key equal for numerically equal values ("22.0" and "22.00"), for grouping by VAT rate. */
export function key(a: Decimal): string {
  return format(a, 2);
}
