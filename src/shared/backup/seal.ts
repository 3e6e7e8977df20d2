/**
 * A backup sealed with a passphrase: PBKDF2-SHA-256 (600,000 iterations, OWASP's 2023 figure, above the 310,000
 * asked) derives an AES-256-GCM key from it and a random salt. WebCrypto only, the same in the renderer and Node.
 *
 * GCM refuses a wrong key and a changed byte alike, and the user needs to know which: retype the passphrase, or
 * find another copy of the file. So a known text is sealed beside the data under the same key (`check`): when it
 * opens, the passphrase is right and a refused `data` was damaged. It tells an attacker nothing a guess at the data
 * would not, at the same PBKDF2 cost per guess.
 */
import { fromBase64, toBase64 } from './base64.ts';

export type Encrypted = {
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  salt: string;
  iv: string;
  check: string;
  data: string;
};

export const ITERATIONS = 600_000;
/** A file asking for more is refused rather than freezing the app for minutes. */
const MAX_ITERATIONS = 10_000_000;

/** The known text of `check`; the sealed data is the plain file, whose own format and version say what it is. */
const CHECK_TEXT = 'scambio-backup passphrase check';

/** The same passphrase typed on another system (a composed or decomposed "è") gives the same key. */
const passphraseBytes = (passphrase: string) => new TextEncoder().encode(passphrase.normalize('NFC'));

async function keyOf(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    passphraseBytes(passphrase),
    { name: 'PBKDF2' },
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

async function encrypt(key: CryptoKey, iv: Uint8Array<ArrayBuffer>, text: string) {
  return new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)),
  );
}

async function decrypt(key: CryptoKey, iv: Uint8Array<ArrayBuffer>, data: Uint8Array) {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data);
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}

/** Randomness is a parameter so a test can pin it; the app uses the platform's. */
export type RandomBytes = (length: number) => Uint8Array<ArrayBuffer>;
const platformRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

export async function seal(
  text: string,
  passphrase: string,
  random: RandomBytes = platformRandom,
): Promise<Encrypted> {
  const salt = random(16);
  const iv = random(12);
  const checkIv = random(12);
  const key = await keyOf(passphrase, salt, ITERATIONS);
  const check = await encrypt(key, checkIv, CHECK_TEXT);
  return {
    kdf: 'PBKDF2-SHA256',
    iterations: ITERATIONS,
    salt: toBase64(salt),
    iv: toBase64(iv),
    // Its nonce travels with it: 12 bytes, then the ciphertext and tag.
    check: toBase64(new Uint8Array([...checkIv, ...check])),
    data: toBase64(await encrypt(key, iv, text)),
  };
}

/** Whether a value has the envelope's fields, each of its type (the Base64 is read when opened). */
export function isEncrypted(value: unknown): value is Encrypted {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    e.kdf === 'PBKDF2-SHA256' &&
    Number.isInteger(e.iterations) &&
    (e.iterations as number) >= 1 &&
    (e.iterations as number) <= MAX_ITERATIONS &&
    ['salt', 'iv', 'check', 'data'].every((field) => typeof e[field] === 'string')
  );
}

export type Opened = { ok: true; text: string } | { ok: false; problem: 'wrongPassphrase' | 'damaged' };

export async function open(encrypted: Encrypted, passphrase: string): Promise<Opened> {
  const salt = fromBase64(encrypted.salt);
  const iv = fromBase64(encrypted.iv);
  const check = fromBase64(encrypted.check);
  const data = fromBase64(encrypted.data);
  if (!salt || !iv || iv.length !== 12 || !check || check.length <= 12 || !data)
    return { ok: false, problem: 'damaged' };
  const key = await keyOf(passphrase, salt, encrypted.iterations);
  try {
    if ((await decrypt(key, check.slice(0, 12), check.slice(12))) !== CHECK_TEXT)
      return { ok: false, problem: 'wrongPassphrase' };
  } catch {
    return { ok: false, problem: 'wrongPassphrase' };
  }
  try {
    return { ok: true, text: await decrypt(key, iv, data) };
  } catch {
    return { ok: false, problem: 'damaged' };
  }
}
