/**
 * How an index record is kept at rest: AES-256-GCM (as the sandbox seals its data), a fresh 96-bit nonce per
 * record, and the record's own address (profile and invoice) as additional data, so a record copied onto another
 * invoice's place fails to open instead of showing the wrong amount.
 */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

const ALGORITHM = 'AES-GCM';

/** A raw 32-byte key as a CryptoKey the page can use but never export. */
export function importIndexKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, ALGORITHM, false, ['encrypt', 'decrypt']);
}

export async function seal(key: CryptoKey, value: unknown, context: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: ALGORITHM, iv, additionalData: new TextEncoder().encode(context) },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  return { iv, data };
}

/** The value sealed under `key` for `context`; throws when the key, the context or a byte differs. */
export async function unseal<T>(key: CryptoKey, sealed: Sealed, context: string): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: ALGORITHM, iv: sealed.iv, additionalData: new TextEncoder().encode(context) },
    key,
    sealed.data,
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
