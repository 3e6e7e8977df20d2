import { describe, expect, it } from 'vitest';
import { memoryJsonFile } from '../../src/main/json-file.ts';
import {
  LOCAL_PROFILE_ID,
  Profiles,
  profileKeyAccount,
  type ProfilesDocument,
} from '../../src/main/profiles.ts';
import { fakeSecretStore } from './fakes.ts';

const local = () => ({ baseUrl: 'http://127.0.0.1:9999/v1', key: 'ik_test_local' });
const live = {
  name: 'Acme live',
  baseUrl: 'https://api.example.com/v1',
  keyKind: 'live' as const,
  apiKey: 'ik_live_k',
};

function setup(keychain = true) {
  const file = memoryJsonFile<ProfilesDocument>();
  const secrets = fakeSecretStore(keychain);
  let n = 0;
  const profiles = new Profiles(file, secrets, local, () => `p${++n}`);
  return { file, secrets, profiles };
}

describe('profiles', () => {
  it('always offer the local sandbox, active by default', () => {
    const { profiles } = setup();
    expect(profiles.list()).toEqual({
      activeId: LOCAL_PROFILE_ID,
      profiles: [
        {
          id: 'local',
          name: 'Local sandbox',
          kind: 'local',
          baseUrl: 'http://127.0.0.1:9999/v1',
          environment: 'test',
          hasKey: true,
        },
      ],
    });
  });

  it('cannot save a live profile when the keychain is unavailable, and store nothing', async () => {
    const { profiles, file, secrets } = setup(false);
    expect(await profiles.save(live)).toEqual({ ok: false, reason: 'keychain-unavailable' });
    expect(file.value).toBeNull();
    expect(secrets.entries.size).toBe(0);
    expect(profiles.list().profiles).toHaveLength(1);
  });

  it('keep a saved key in the keychain only, under the profile id', async () => {
    const { profiles, file, secrets } = setup();
    const saved = await profiles.save(live);
    expect(saved).toMatchObject({ ok: true, profile: { id: 'p1', environment: 'live', kind: 'remote' } });
    expect(secrets.entries.get(profileKeyAccount('p1'))).toBe('ik_live_k');
    expect(JSON.stringify(file.value)).not.toContain('ik_live_k');
    expect(JSON.stringify(profiles.list())).not.toContain('ik_live_k');
  });

  it('refuse keys of the wrong kind, plain-HTTP remote URLs and URLs with credentials', async () => {
    const { profiles } = setup();
    expect(await profiles.save({ ...live, apiKey: 'ik_test_k' })).toEqual({
      ok: false,
      reason: 'key-format',
    });
    expect(await profiles.save({ ...live, baseUrl: 'http://api.example.com/v1' })).toEqual({
      ok: false,
      reason: 'base-url',
    });
    expect(await profiles.save({ ...live, baseUrl: 'https://u:p@api.example.com' })).toEqual({
      ok: false,
      reason: 'base-url',
    });
  });

  it('give the active profile credentials to the main process, falling back to the local sandbox', async () => {
    const { profiles } = setup();
    expect(await profiles.activeCredentials()).toEqual({ ...local(), environment: 'test' });
    await profiles.save(live);
    expect(profiles.select('p1').activeId).toBe('p1');
    expect(await profiles.activeCredentials()).toEqual({
      baseUrl: 'https://api.example.com/v1',
      key: 'ik_live_k',
      environment: 'live',
    });
    expect(profiles.select('nope').activeId).toBe('p1');
    expect(profiles.select(LOCAL_PROFILE_ID).activeId).toBe('local');
  });

  it('remove a remote profile with its keychain entry, falling back to the local sandbox', async () => {
    const { profiles, secrets } = setup();
    await profiles.save(live);
    profiles.select('p1');
    expect(secrets.entries.has(profileKeyAccount('p1'))).toBe(true);
    const view = await profiles.remove('p1');
    expect(view.activeId).toBe(LOCAL_PROFILE_ID);
    expect(view.profiles.map((p) => p.id)).toEqual([LOCAL_PROFILE_ID]);
    expect(secrets.entries.has(profileKeyAccount('p1'))).toBe(false);
    expect((await profiles.remove(LOCAL_PROFILE_ID)).profiles).toHaveLength(1);
  });
});
