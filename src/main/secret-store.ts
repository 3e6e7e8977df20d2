import type { KeychainStatus } from '../shared/gateway/channels.ts';

/** Secrets by account name under one service; the OS keychain in the app, a fake in tests. */
export interface SecretStore {
  status(): KeychainStatus;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

export const KEYCHAIN_SERVICE = 'Scambio';

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** What stands in when there is no keychain: reads find nothing, writes fail loudly rather than fall back. */
export function unavailableSecretStore(reason: string): SecretStore {
  return {
    status: () => ({ available: false, reason }),
    get: async () => null,
    set: async () => {
      throw new Error(`The OS keychain is unavailable (${reason}); the secret was not stored.`);
    },
    delete: async () => false,
  };
}

// A variable specifier keeps bundlers and tsc from resolving keytar, which is optional and often absent.
const KEYTAR = 'keytar';

/**
 * The keytar-backed store, or an unavailable one saying why: keytar not installed (optional dependency), or
 * installed but without a working OS keychain (no Secret Service on Linux, locked keychain…), which a probe
 * read reveals before anything depends on it.
 */
export async function openKeytarSecretStore(
  load: () => Promise<unknown> = () => import(KEYTAR),
  service = KEYCHAIN_SERVICE,
): Promise<SecretStore> {
  let keytar: Keytar;
  try {
    const loaded = (await load()) as Keytar & { default?: Keytar };
    keytar = typeof loaded.getPassword === 'function' ? loaded : loaded.default!;
    if (typeof keytar?.getPassword !== 'function') throw new Error('keytar has no getPassword');
  } catch (error) {
    return unavailableSecretStore(`keytar is not installed: ${message(error)}`);
  }
  try {
    await keytar.getPassword(service, '__probe__');
  } catch (error) {
    return unavailableSecretStore(`the OS keychain does not answer: ${message(error)}`);
  }
  return {
    status: () => ({ available: true }),
    get: (account) => keytar.getPassword(service, account),
    set: (account, secret) => keytar.setPassword(service, account, secret),
    delete: (account) => keytar.deletePassword(service, account),
  };
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
