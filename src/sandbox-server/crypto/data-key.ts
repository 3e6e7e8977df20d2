import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataKeyError } from './secret-box.ts';

export const MASTER_KEY_FILE = 'master.key';
export const MASTER_KEY_ENV = 'SCAMBIO_MASTER_KEY';

/** Where the data key comes from: the desktop app passes the keychain's; headless it is the env or a file. */
export interface DataKeySource {
  /** The key if one exists, without creating it. */
  existing(): Buffer | null;
  /** A new key, stored where `existing` will find it next time. */
  create(): Buffer;
  /** Where the key lives, for error messages (never the key itself). */
  readonly description: string;
}

function decodeKey(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new DataKeyError(
      'malformed',
      `The data key in ${origin} must be 32 bytes, as 64 hex or 44 Base64 characters.`,
    );
  }
  return key;
}

/** Headless key management (contract "Storage"): `SCAMBIO_MASTER_KEY`, else `<data-dir>/master.key` (0600). */
export function headlessDataKeySource(dataDir: string, env: NodeJS.ProcessEnv = process.env): DataKeySource {
  const file = join(dataDir, MASTER_KEY_FILE);
  const fromEnv = env[MASTER_KEY_ENV];
  if (fromEnv) {
    return {
      description: `the ${MASTER_KEY_ENV} environment variable`,
      existing: () => decodeKey(fromEnv, MASTER_KEY_ENV),
      create: () => decodeKey(fromEnv, MASTER_KEY_ENV),
    };
  }
  return {
    description: file,
    existing: () => (existsSync(file) ? decodeKey(readFileSync(file, 'utf8'), file) : null),
    create: () => {
      const key = randomBytes(32);
      // `wx`: never overwrite a key that appeared meanwhile; losing a key loses the data it sealed.
      writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      return key;
    },
  };
}

/** A fixed key for tests and benchmarks that need no file. */
export function fixedDataKeySource(key: Buffer): DataKeySource {
  return { description: 'a fixed key', existing: () => key, create: () => key };
}
