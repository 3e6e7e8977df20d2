import type { GatewayHost } from '../../src/main/gateway.ts';
import type { SecretStore } from '../../src/main/secret-store.ts';

/** An in-memory keychain that can also play "no keychain on this machine". */
export function fakeSecretStore(available = true): SecretStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    status: () => (available ? { available: true } : { available: false, reason: 'no Secret Service' }),
    get: async (account) => (available ? (entries.get(account) ?? null) : null),
    set: async (account, secret) => {
      if (!available) throw new Error('keychain unavailable');
      entries.set(account, secret);
    },
    delete: async (account) => entries.delete(account),
  };
}

/** A desktop host that does nothing: no links opened, no files picked or written, no live send confirmed. */
export const inertHost: GatewayHost = {
  shell: { openExternal: async () => {} },
  pickFiles: async () => [],
  chooseSavePath: async () => null,
  printToPdf: async () => new Uint8Array(),
  readFile: async () => new Uint8Array(),
  writeFile: async () => {},
  confirmLiveSend: async () => false,
};
