import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MASTER_KEY_ENV, MASTER_KEY_FILE } from '../sandbox-server/index.ts';
import type { SecretStore } from './secret-store.ts';

export const DATA_KEY_ACCOUNT = 'sandbox-data-key';

/**
 * The local sandbox's data key from the keychain, created there on first use; null means the headless way (env
 * variable or 0600 `master.key`): no keychain, or a data folder that already has `master.key` (made by
 * `npm run sandbox`, which shares the folder), so the CLI can still open the same data.
 */
export async function keychainDataKey(
  secrets: SecretStore,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Buffer | null> {
  if (env[MASTER_KEY_ENV] || existsSync(join(dataDir, MASTER_KEY_FILE)) || !secrets.status().available) {
    return null;
  }
  const stored = await secrets.get(DATA_KEY_ACCOUNT);
  if (stored) return Buffer.from(stored, 'base64');
  const key = randomBytes(32);
  // Stored before any data is sealed with it: a key lost after use would lose the data.
  await secrets.set(DATA_KEY_ACCOUNT, key.toString('base64'));
  return key;
}
