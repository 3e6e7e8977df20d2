export type SdiFileNameCheck = 'ok' | 'too-long' | 'path' | 'bad-format' | 'bad-id-length';

/** SDICoop types NomeFile as `[a-zA-Z0-9_.]{9,50}`. */
export const MAX_SDI_FILE_NAME_LENGTH = 50;

const SDI_FILE_NAME = /^([A-Z]{2})([A-Za-z0-9]{2,28})_[A-Za-z0-9]{1,5}\.(?:xml|xml\.p7m)$/;
const PROGRESSIVE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PROGRESSIVE_LENGTH = 5;

export function checkSdiFileName(name: string): SdiFileNameCheck {
  // Checked first: these names are hostile (path traversal, header/log injection), not merely malformed.
  if (looksLikePath(name)) return 'path';
  if (name.length > MAX_SDI_FILE_NAME_LENGTH) return 'too-long';
  const match = SDI_FILE_NAME.exec(name);
  if (!match) return 'bad-format';
  const idLength = match[2]?.length ?? 0;
  if (match[1] === 'IT' && idLength !== 11 && idLength !== 16) return 'bad-id-length';
  return 'ok';
}

function looksLikePath(name: string): boolean {
  if (name.includes('/') || name.includes('\\') || name.includes('..')) return true;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

export function isSignedFileName(name: string): boolean {
  return name.endsWith('.xml.p7m');
}

/**
 * `<country><code>_<5 random chars>.xml[.p7m]`. Randomness is injected (e.g. `crypto.getRandomValues`)
 * so callers control its source and tests are deterministic.
 */
export function generateSdiFileName(
  country: string,
  code: string,
  signed: boolean,
  randomBytes: (n: number) => Uint8Array,
): string {
  const name = `${country}${code}_${randomProgressive(randomBytes)}.${signed ? 'xml.p7m' : 'xml'}`;
  const check = checkSdiFileName(name);
  if (check !== 'ok') throw new RangeError(`cannot build an SdI file name from ${country}/${code}: ${check}`);
  return name;
}

function randomProgressive(randomBytes: (n: number) => Uint8Array): string {
  // Rejection sampling: bytes >= 248 (= 4 * 62) are discarded so every character is equally likely.
  const limit = Math.floor(256 / PROGRESSIVE_ALPHABET.length) * PROGRESSIVE_ALPHABET.length;
  let out = '';
  for (let round = 0; round < 64 && out.length < PROGRESSIVE_LENGTH; round++) {
    for (const byte of randomBytes(PROGRESSIVE_LENGTH * 2)) {
      if (byte >= limit) continue;
      out += PROGRESSIVE_ALPHABET[byte % PROGRESSIVE_ALPHABET.length];
      if (out.length === PROGRESSIVE_LENGTH) break;
    }
  }
  if (out.length < PROGRESSIVE_LENGTH) throw new Error('random source produced too few usable bytes');
  return out;
}
