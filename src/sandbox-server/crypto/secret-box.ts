import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

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
 * AES-256-GCM: version byte, 96-bit random IV, ciphertext, 128-bit tag. The label is authenticated data,
 * so a payload copied into another column or table fails to open instead of decrypting in the wrong place.
 */
export function createAesGcmSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new DataKeyError('malformed', 'The data key must be 32 bytes (AES-256).');
  return {
    seal(plain, label) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(label, 'utf8'));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]);
    },
    open(sealed, label) {
      const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (data.length < 1 + IV_BYTES + TAG_BYTES || data[0] !== VERSION) {
        throw new DataKeyError('wrong', `Stored data (${label}) is not in the expected encrypted form.`);
      }
      const iv = data.subarray(1, 1 + IV_BYTES);
      const tag = data.subarray(data.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(label, 'utf8'));
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
