import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMainGateway } from '../../src/main/gateway.ts';
import { indexKeyOf, indexRootKey } from '../../src/main/index-key.ts';
import { memoryJsonFile } from '../../src/main/json-file.ts';
import { Profiles, type ProfilesDocument } from '../../src/main/profiles.ts';
import { openInvoiceIndex } from '../../src/renderer/invoice-index/use-invoice-index.ts';
import { buildGateway, type GatewayHandlers, type Settings } from '../../src/shared/gateway/channels.ts';
import { fakeSecretStore, inertHost } from './fakes.ts';

function gatewayWith(indexRootKey?: () => Buffer | null) {
  const profiles = new Profiles(memoryJsonFile<ProfilesDocument>(), fakeSecretStore(true), () => ({
    baseUrl: 'http://127.0.0.1:1/v1',
    key: 'ik_test_x',
  }));
  return createMainGateway({
    profiles,
    secrets: fakeSecretStore(true),
    settings: memoryJsonFile<Settings>(),
    host: inertHost,
    indexRootKey,
  });
}

describe('the keys of the invoice indexes', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('derive one 32-byte key per profile from the data key, the same every time', () => {
    const root = Buffer.alloc(32, 1);
    const local = indexKeyOf(root, 'local');
    expect(local).toHaveLength(32);
    expect(indexKeyOf(root, 'local').equals(local)).toBe(true);
    expect(indexKeyOf(root, 'remote-1').equals(local)).toBe(false);
    expect(indexKeyOf(Buffer.alloc(32, 2), 'local').equals(local)).toBe(false);
    // The data key itself is never what the page gets.
    expect(local.equals(root)).toBe(false);
  });

  it('come from the keychain key, else from the data folder master.key, else there is none yet', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-index-key-'));
    dirs.push(dir);
    const keychain = Buffer.alloc(32, 9);
    expect(indexRootKey(keychain, dir, {})()).toEqual(keychain);
    const root = indexRootKey(null, dir, {});
    expect(root()).toBeNull();
    const file = Buffer.alloc(32, 5);
    writeFileSync(join(dir, 'master.key'), `${file.toString('base64')}\n`, { mode: 0o600 });
    // Read when asked: the sandbox host writes master.key on its first run, after the app started.
    expect(root()).toEqual(file);
  });

  it('reach the page only for a known profile, as raw bytes the page imports', async () => {
    const root = Buffer.alloc(32, 3);
    const handlers = gatewayWith(() => root);
    const emit = () => {};
    const answer = await handlers['index.key']({ profileId: 'local' }, { emit });
    expect(answer).toEqual({ raw: indexKeyOf(root, 'local').toString('base64') });
    await expect(handlers['index.key']({ profileId: 'nobody' }, { emit })).rejects.toThrow(/No profile/);
    await expect(gatewayWith(() => null)['index.key']({ profileId: 'local' }, { emit })).rejects.toThrow(
      /No data key/,
    );
  });

  it('are imported by the renderer, whose index is then kept sealed rather than in memory only', async () => {
    const handlers: GatewayHandlers = gatewayWith(() => Buffer.alloc(32, 4));
    const gateway = buildGateway(
      (channel, payload) =>
        (handlers[channel] as unknown as (p: unknown, c: { emit: () => void }) => Promise<never>)(payload, {
          emit: () => {},
        }),
      () => () => {},
    );
    const index = await openInvoiceIndex(gateway, 'local');
    expect(index.persistent).toBe(true);
    expect(index.profileId).toBe('local');
  });
});
