import { createDecipheriv, randomBytes } from 'node:crypto';
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

  it('never repeats an IV, across the refills of its pool of random bytes, and keeps the sealed layout', () => {
    const key = randomBytes(32);
    const box = createAesGcmSecretBox(key);
    const ivs = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const sealed = box.seal(plain, 'events.query');
      expect(sealed.length).toBe(1 + 12 + plain.length + 16);
      expect(sealed[0]).toBe(1);
      ivs.add(sealed.subarray(1, 13).toString('hex'));
      // Independently of this module: version, IV, ciphertext, tag, as Node's own GCM decipher reads them.
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
      decipher.setAAD(Buffer.from('events.query'));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const opened = Buffer.concat([
        decipher.update(sealed.subarray(13, sealed.length - 16)),
        decipher.final(),
      ]);
      expect(new Uint8Array(opened)).toEqual(plain);
    }
    expect(ivs.size).toBe(1_000);
    expect(box.seal(new Uint8Array(0), 'x').length).toBe(1 + 12 + 16);
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
