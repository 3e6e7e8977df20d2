import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_KEY_ACCOUNT, keychainDataKey } from '../../src/main/data-key.ts';
import { fakeSecretStore } from './fakes.ts';

describe('the desktop data key', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('lives in the keychain when there is one, and nowhere on disk', async () => {
    const dir = newDir();
    const secrets = fakeSecretStore(true);
    const key = await keychainDataKey(secrets, dir, {});
    expect(key).toHaveLength(32);
    expect(secrets.entries.get(DATA_KEY_ACCOUNT)).toBe(key!.toString('base64'));
    expect(existsSync(join(dir, 'master.key'))).toBe(false);
    expect(await keychainDataKey(secrets, dir, {})).toEqual(key);
  });

  it('leaves the key to the headless way without a keychain, or when the environment sets one', async () => {
    expect(await keychainDataKey(fakeSecretStore(false), newDir(), {})).toBeNull();
    const secrets = fakeSecretStore(true);
    expect(await keychainDataKey(secrets, newDir(), { SCAMBIO_MASTER_KEY: 'x' })).toBeNull();
    expect(secrets.entries.size).toBe(0);
  });

  it('keeps the master.key of a folder the CLI created, so both still open it', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'master.key'), `${Buffer.alloc(32, 7).toString('base64')}\n`, { mode: 0o600 });
    const secrets = fakeSecretStore(true);
    expect(await keychainDataKey(secrets, dir, {})).toBeNull();
    expect(secrets.entries.size).toBe(0);
  });
});
