import { hkdfSync } from 'node:crypto';
import { headlessDataKeySource } from '../sandbox-server/index.ts';

/**
 * The keys of the renderer's local invoice indexes (src/renderer/invoice-index), one per profile, derived from the
 * key that already seals the sandbox's data: nothing new to keep or lose, and the data key itself never leaves
 * this process. HKDF with the profile id in `info` gives each profile its own key, and the fixed salt keeps these
 * keys apart from anything else ever derived from the same data key.
 */
const SALT = 'scambio invoice index';
const INFO = 'v1 profile ';

export function indexKeyOf(dataKey: Buffer, profileId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, SALT, `${INFO}${profileId}`, 32));
}

/**
 * Where the data key comes from in the desktop app: the keychain's (what the sandbox host was given), else the
 * headless way, `SCAMBIO_MASTER_KEY` or `<data-dir>/master.key`. Null while neither exists (the sandbox host
 * creates `master.key` on its first run): no index key then, and the index stays in memory only.
 */
export function indexRootKey(
  keychainKey: Buffer | null,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): () => Buffer | null {
  return () => keychainKey ?? headlessDataKeySource(dataDir, env).existing();
}
