import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_KEY_ACCOUNT, desktopDataKeySource } from '../../src/main/data-key.ts';
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
    const source = await desktopDataKeySource(secrets, dir, {});
    const key = source.create();
    expect(key).toHaveLength(32);
    expect(secrets.entries.get(DATA_KEY_ACCOUNT)).toBe(key.toString('base64'));
    expect(existsSync(join(dir, 'master.key'))).toBe(false);
    expect((await desktopDataKeySource(secrets, dir, {})).existing()).toEqual(key);
  });

  it('falls back to the 0600 file of headless mode without a keychain', async () => {
    const dir = newDir();
    const source = await desktopDataKeySource(fakeSecretStore(false), dir, {});
    expect(source.existing()).toBeNull();
    source.create();
    expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600);
  });

  it('keeps the master.key of a folder the CLI created, so both still open it', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'master.key'), `${Buffer.alloc(32, 7).toString('base64')}\n`, { mode: 0o600 });
    const secrets = fakeSecretStore(true);
    const source = await desktopDataKeySource(secrets, dir, {});
    expect(source.existing()).toEqual(Buffer.alloc(32, 7));
    expect(secrets.entries.size).toBe(0);
  });
});
