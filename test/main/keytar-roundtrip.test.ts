import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openKeytarSecretStore } from '../../src/main/secret-store.ts';

/**
 * The real keytar against the real OS keychain. Skipped, with the reason, where either is missing; CI runs it
 * under `dbus-run-session` with gnome-keyring and sets SCAMBIO_REQUIRE_KEYCHAIN=1 so it cannot skip there.
 */
describe('the OS keychain through keytar', () => {
  it('stores, reads and deletes a secret', async (context) => {
    const store = await openKeytarSecretStore(undefined, `Scambio test ${randomUUID()}`);
    const status = store.status();
    if (!status.available) {
      if (process.env.SCAMBIO_REQUIRE_KEYCHAIN === '1')
        throw new Error(`keychain required: ${status.reason}`);
      console.warn(`[keytar round trip] skipped: ${status.reason}`);
      return context.skip(status.reason);
    }
    await store.set('profile:roundtrip', 'ik_live_roundtrip');
    expect(await store.get('profile:roundtrip')).toBe('ik_live_roundtrip');
    expect(await store.delete('profile:roundtrip')).toBe(true);
    expect(await store.get('profile:roundtrip')).toBeNull();
  });
});
