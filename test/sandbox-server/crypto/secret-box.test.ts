import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAesGcmSecretBox, DataKeyError } from '../../../src/sandbox-server/crypto/secret-box.ts';

describe('the AES-256-GCM secret box', () => {
  const plain = new TextEncoder().encode('<Fattura>riservata</Fattura>');

  it('opens what it sealed, with a fresh IV every time', () => {
    const box = createAesGcmSecretBox(randomBytes(32));
    const first = box.seal(plain, 'sends.payload');
    expect(new Uint8Array(box.open(first, 'sends.payload'))).toEqual(plain);
    expect(box.seal(plain, 'sends.payload')).not.toEqual(first);
    expect(first.includes(Buffer.from('riservata'))).toBe(false);
  });

  it('refuses another key, damaged data and another label with a clear error', () => {
    const box = createAesGcmSecretBox(randomBytes(32));
    const sealed = box.seal(plain, 'sends.payload');
    expect(() => createAesGcmSecretBox(randomBytes(32)).open(sealed, 'sends.payload')).toThrow(DataKeyError);
    const damaged = Buffer.from(sealed);
    damaged[damaged.length - 1]! ^= 1;
    expect(() => box.open(damaged, 'sends.payload')).toThrow(/cannot be decrypted/);
    expect(() => box.open(sealed, 'receives.payload')).toThrow(/cannot be decrypted/);
    expect(() => box.open(new Uint8Array(10), 'sends.payload')).toThrow(/not in the expected encrypted form/);
  });

  it('needs a 32-byte key', () => {
    expect(() => createAesGcmSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
