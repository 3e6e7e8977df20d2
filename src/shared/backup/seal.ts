/**
 * A backup sealed with a passphrase: PBKDF2-SHA-256 (600,000 iterations, OWASP's 2023 figure) derives an AES-256-GCM
 * key from it and a random salt; GCM's tag makes a wrong passphrase and a changed byte both fail to open. WebCrypto
 * only, the same in the renderer and in Node.
 */
export interface SealedContent {
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  cipher: 'AES-256-GCM';
  /** Base64. */
  salt: string;
  iv: string;
  data: string;
}

const ITERATIONS = 600_000;

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function keyOf(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
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

export async function sealWithPassphrase(text: string, passphrase: string): Promise<SealedContent> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await keyOf(passphrase, salt, ITERATIONS);
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)),
  );
  return {
    kdf: 'PBKDF2-SHA256',
    iterations: ITERATIONS,
    cipher: 'AES-256-GCM',
    salt: toBase64(salt),
    iv: toBase64(iv),
    data: toBase64(data),
  };
}

/** The sealed text, or null when the passphrase (or the content) does not open it. */
export async function openSealed(sealed: SealedContent, passphrase: string): Promise<string | null> {
  try {
    if (sealed.kdf !== 'PBKDF2-SHA256' || sealed.cipher !== 'AES-256-GCM') return null;
    // A file asking for an absurd effort is refused rather than freezing the app.
    if (!Number.isInteger(sealed.iterations) || sealed.iterations < 1 || sealed.iterations > 10_000_000)
      return null;
    const key = await keyOf(passphrase, fromBase64(sealed.salt), sealed.iterations);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
      key,
      fromBase64(sealed.data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
