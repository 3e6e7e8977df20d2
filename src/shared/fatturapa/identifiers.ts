const PARTITA_IVA = /^[0-9]{11}$/;
const CODICE_FISCALE_PERSONA =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** Check digit (0–9) of an 11-digit Partita IVA, from its first 10 digits. */
export function partitaIvaCheckDigit(first10: string): number {
  if (!/^[0-9]{10}$/.test(first10)) throw new RangeError('expected 10 digits');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = first10.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidPartitaIva(s: string): boolean {
  return PARTITA_IVA.test(s) && partitaIvaCheckDigit(s.slice(0, 10)) === s.charCodeAt(10) - 48;
}

// Values for characters in odd positions (1st, 3rd, ... counted from 1); digits share the values of A..J.
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/** Check letter of a personal codice fiscale, from its first 15 characters. */
export function codiceFiscaleCheckChar(first15: string): string {
  const s = first15.toUpperCase();
  if (!/^[A-Z0-9]{15}$/.test(s)) throw new RangeError('expected 15 letters or digits');
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = s.charCodeAt(i);
    const index = c <= 57 ? c - 48 : c - 65;
    // i is 0-based, so even i is an odd position in the 1-based numbering of the specification.
    sum += i % 2 === 0 ? (ODD_VALUES[index] ?? 0) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/**
 * Personal codes (16 characters, omocodia letters accepted in the numeric positions) and
 * company codes (11 digits, same check as the Partita IVA). Lower case is accepted.
 */
export function isValidCodiceFiscale(s: string): boolean {
  const code = s.toUpperCase();
  if (code.length === 11) return isValidPartitaIva(code);
  return CODICE_FISCALE_PERSONA.test(code) && codiceFiscaleCheckChar(code.slice(0, 15)) === code[15];
}

export type VatNumberCheck = 'ok' | 'missing-country' | 'bad-format' | 'bad-check-digit';

/** A VAT number written with its ISO country prefix, as in IdFiscaleIVA (e.g. `IT12345678903`). */
export function checkVatNumber(vat: string): VatNumberCheck {
  if (!/^[A-Za-z]{2}/.test(vat)) return 'missing-country';
  const country = vat.slice(0, 2).toUpperCase();
  const code = vat.slice(2);
  if (country === 'IT') {
    // A personal codice fiscale is never a VAT number, even though both can appear in IdCodice elsewhere.
    if (!PARTITA_IVA.test(code)) return 'bad-format';
    return isValidPartitaIva(code) ? 'ok' : 'bad-check-digit';
  }
  return /^[A-Za-z0-9]{2,28}$/.test(code) ? 'ok' : 'bad-format';
}
