import { createCipheriv, createDecipheriv, createSecretKey, randomFillSync } from 'node:crypto';

/** Seals and opens small secrets and payloads at rest. `label` binds a ciphertext to where it belongs. */
export interface SecretBox {
  seal(plain: Uint8Array, label: string): Buffer;
  open(sealed: Uint8Array, label: string): Buffer;
}

export class DataKeyError extends Error {
  constructor(
    readonly reason: 'missing' | 'wrong' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'DataKeyError';
  }
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Random IVs drawn from a buffer filled 4 KiB at a time: one call into the random generator per 341 seals
 * instead of one per seal (a request's log entry seals three fields). Each IV is still 96 fresh random bits,
 * used once.
 */
class RandomIvs {
  private readonly pool = Buffer.allocUnsafe(IV_BYTES * 341);
  private used = this.pool.length;

  /** Writes the next IV into `target` at `offset`. */
  writeNext(target: Buffer, offset: number): void {
    if (this.used === this.pool.length) {
      randomFillSync(this.pool);
      this.used = 0;
    }
    this.pool.copy(target, offset, this.used, this.used + IV_BYTES);
    this.used += IV_BYTES;
  }
}

/** Labels are a handful of constants: their bytes are made once. */
const labelBytes = new Map<string, Buffer>();
function aad(label: string): Buffer {
  let bytes = labelBytes.get(label);
  if (!bytes) {
    bytes = Buffer.from(label, 'utf8');
    if (labelBytes.size < 256) labelBytes.set(label, bytes);
  }
  return bytes;
}

/**
 * AES-256-GCM: version byte, 96-bit random IV, ciphertext, 128-bit tag. The label is authenticated data,
 * so a payload copied into another column or table fails to open instead of decrypting in the wrong place.
 */
export function createAesGcmSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new DataKeyError('malformed', 'The data key must be 32 bytes (AES-256).');
  const secretKey = createSecretKey(key);
  const ivs = new RandomIvs();
  return {
    seal(plain, label) {
      // Laid out in one buffer: version byte, IV, ciphertext (GCM's is as long as the plain text), tag.
      const sealed = Buffer.allocUnsafe(1 + IV_BYTES + plain.byteLength + TAG_BYTES);
      sealed[0] = VERSION;
      ivs.writeNext(sealed, 1);
      const cipher = createCipheriv('aes-256-gcm', secretKey, sealed.subarray(1, 1 + IV_BYTES));
      cipher.setAAD(aad(label));
      let at = 1 + IV_BYTES;
      at += cipher.update(plain).copy(sealed, at);
      at += cipher.final().copy(sealed, at);
      cipher.getAuthTag().copy(sealed, at);
      return sealed;
    },
    open(sealed, label) {
      const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (data.length < 1 + IV_BYTES + TAG_BYTES || data[0] !== VERSION) {
        throw new DataKeyError('wrong', `Stored data (${label}) is not in the expected encrypted form.`);
      }
      const iv = data.subarray(1, 1 + IV_BYTES);
      const tag = data.subarray(data.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', secretKey, iv);
      decipher.setAAD(aad(label));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([
          decipher.update(data.subarray(1 + IV_BYTES, data.length - TAG_BYTES)),
          decipher.final(),
        ]);
      } catch {
        throw new DataKeyError('wrong', `Stored data (${label}) cannot be decrypted with this data key.`);
      }
    },
  };
}
