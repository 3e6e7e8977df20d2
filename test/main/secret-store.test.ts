import { describe, expect, it } from 'vitest';
import { openKeytarSecretStore, unavailableSecretStore } from '../../src/main/secret-store.ts';

function fakeKeytar(options: { probeFails?: boolean } = {}) {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (service: string, account: string) => {
      if (options.probeFails) throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY\nmore detail');
      return entries.get(`${service}/${account}`) ?? null;
    },
    setPassword: async (service: string, account: string, password: string) =>
      void entries.set(`${service}/${account}`, password),
    deletePassword: async (service: string, account: string) => entries.delete(`${service}/${account}`),
  };
}

describe('the keytar secret store', () => {
  it('reports the keychain unavailable, with the reason, when keytar is not installed', async () => {
    const store = await openKeytarSecretStore(() =>
      Promise.reject(new Error("Cannot find package 'keytar'")),
    );
    expect(store.status()).toEqual({
      available: false,
      reason: "keytar is not installed: Cannot find package 'keytar'",
    });
    expect(await store.get('anything')).toBeNull();
  });

  it('reports the keychain unavailable when keytar loads but the OS keychain does not answer', async () => {
    const store = await openKeytarSecretStore(async () => fakeKeytar({ probeFails: true }));
    expect(store.status()).toEqual({
      available: false,
      reason: 'the OS keychain does not answer: Cannot autolaunch D-Bus without X11 $DISPLAY',
    });
  });

  it('refuses to store a secret without a keychain instead of keeping it elsewhere', async () => {
    await expect(unavailableSecretStore('no keychain').set('profile:x', 'ik_live_secret')).rejects.toThrow(
      /unavailable.*not stored/,
    );
  });

  it('stores, reads and deletes secrets under the Scambio service', async () => {
    const keytar = fakeKeytar();
    const store = await openKeytarSecretStore(async () => ({ default: keytar }));
    expect(store.status()).toEqual({ available: true });
    await store.set('profile:1', 'ik_live_abc');
    expect(keytar.entries.get('Scambio/profile:1')).toBe('ik_live_abc');
    expect(await store.get('profile:1')).toBe('ik_live_abc');
    expect(await store.delete('profile:1')).toBe(true);
    expect(await store.get('profile:1')).toBeNull();
  });

  it('answers cleanly on this machine whether or not keytar is installed', async () => {
    const store = await openKeytarSecretStore();
    const status = store.status();
    if (!status.available) expect(status.reason).toMatch(/keytar is not installed|keychain does not answer/);
  });
});
