/**
 * IBAN check (ISO 13616): shape, length of the countries most seen on Italian invoices, and the mod-97 check
 * digits. identifiers.ts has no IBAN helper; this one stays with the composer until another part needs it.
 */

/** IBAN lengths per country (SEPA countries and the neighbours most used by Italian suppliers). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

export type IbanCheck = 'ok' | 'bad-format' | 'bad-length' | 'bad-check-digits';

/** The IBAN without blanks, in upper case (as it is written in the file). */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** The remainder mod 97 of the IBAN's numeric form (country and check digits moved to the end, A = 10 … Z = 35). */
export function ibanRemainder(iban: string): number {
  const code = normalizeIban(iban);
  const rearranged = code.slice(4) + code.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' && char <= 'Z' ? char.charCodeAt(0) - 55 : char.charCodeAt(0) - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

export function checkIban(iban: string): IbanCheck {
  const code = normalizeIban(iban);
  // IBANType of the schema: [a-zA-Z]{2}[0-9]{2}[a-zA-Z0-9]{11,30}.
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(code)) return 'bad-format';
  const length = IBAN_LENGTHS[code.slice(0, 2)];
  if (length !== undefined && code.length !== length) return 'bad-length';
  return ibanRemainder(code) === 1 ? 'ok' : 'bad-check-digits';
}

export function isValidIban(iban: string): boolean {
  return checkIban(iban) === 'ok';
}

/** The two check digits for a country and BBAN, e.g. ('IT', 'X0542811101000000123456') → '60'. */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = ibanRemainder(`${country.toUpperCase()}00${normalizeIban(bban)}`);
  return String(98 - remainder).padStart(2, '0');
}
