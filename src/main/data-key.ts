import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  MASTER_KEY_ENV,
  MASTER_KEY_FILE,
  fixedDataKeySource,
  headlessDataKeySource,
  type DataKeySource,
} from '../sandbox-server/crypto/data-key.ts';
import type { SecretStore } from './secret-store.ts';

export const DATA_KEY_ACCOUNT = 'sandbox-data-key';

/**
 * The local sandbox's data key: the keychain's when there is a keychain, else the headless way (env or 0600
 * file). A data folder that already has `master.key` (made by `npm run sandbox`, which shares the folder) keeps
 * it, so the CLI can still open the same data.
 */
export async function desktopDataKeySource(
  secrets: SecretStore,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DataKeySource> {
  if (env[MASTER_KEY_ENV] || existsSync(join(dataDir, MASTER_KEY_FILE)) || !secrets.status().available) {
    return headlessDataKeySource(dataDir, env);
  }
  const stored = await secrets.get(DATA_KEY_ACCOUNT);
  if (stored) return { ...fixedDataKeySource(Buffer.from(stored, 'base64')), description: 'the OS keychain' };
  const key = randomBytes(32);
  // Stored before any data is sealed with it: a key lost after use would lose the data.
  await secrets.set(DATA_KEY_ACCOUNT, key.toString('base64'));
  return { ...fixedDataKeySource(key), description: 'the OS keychain' };
}
