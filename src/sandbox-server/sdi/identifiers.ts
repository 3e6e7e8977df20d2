import type { RandomSource } from '../random.ts';

function digits(random: RandomSource, count: number): string {
  // Rejection sampling keeps every digit uniform (a byte modulo 10 would favour 0–5).
  let out = '';
  while (out.length < count) {
    for (const byte of random(count)) {
      if (byte < 250 && out.length < count) out += String(byte % 10);
    }
  }
  return out;
}

/**
 * A simulated IdentificativoSdI: 12 digits, never starting with 0, so it can never be read as a resource id
 * (contract: ids have at most 10 digits, identifiers 11 or more).
 */
export function newSdiIdentifier(random: RandomSource): string {
  const first = digits(random, 1);
  return `${first === '0' ? '1' : first}${digits(random, 11)}`;
}

/** A simulated SDI MessageId (the PA schema allows up to 14 characters). */
export function newMessageId(random: RandomSource): string {
  return digits(random, 12);
}
