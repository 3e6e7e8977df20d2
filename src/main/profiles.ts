import { randomUUID } from 'node:crypto';
import type {
  KeyKind,
  ProfileInput,
  ProfileView,
  ProfilesView,
  SaveProfileResult,
} from '../shared/gateway/channels.ts';
import type { JsonFile } from './json-file.ts';
import type { SecretStore } from './secret-store.ts';

export const LOCAL_PROFILE_ID = 'local';

interface RemoteProfile {
  id: string;
  name: string;
  baseUrl: string;
  keyKind: KeyKind;
}

export interface ProfilesDocument {
  activeId: string;
  remote: RemoteProfile[];
}

export interface Credentials {
  baseUrl: string;
  /** The API key; stays in the main process. */
  key: string;
}

export interface ActiveCredentials extends Credentials {
  environment: KeyKind;
}

/** Keychain account holding a profile's key: derived from the profile id, never from user input. */
export const profileKeyAccount = (id: string) => `profile:${id}`;

/**
 * The local sandbox (always present, first) and remote profiles. Remote keys live only in the keychain: without
 * one, no remote profile can be saved, so a live key is never kept in clear.
 */
export class Profiles {
  constructor(
    private readonly file: JsonFile<ProfilesDocument>,
    private readonly secrets: SecretStore,
    private readonly local: () => Credentials,
    private readonly newId: () => string = randomUUID,
  ) {}

  private document(): ProfilesDocument {
    const doc = this.file.read() ?? { activeId: LOCAL_PROFILE_ID, remote: [] };
    if (doc.activeId !== LOCAL_PROFILE_ID && !doc.remote.some((p) => p.id === doc.activeId)) {
      doc.activeId = LOCAL_PROFILE_ID;
    }
    return doc;
  }

  list(): ProfilesView {
    const doc = this.document();
    const local: ProfileView = {
      id: LOCAL_PROFILE_ID,
      name: 'Local sandbox',
      kind: 'local',
      baseUrl: this.local().baseUrl,
      environment: 'test',
      hasKey: true,
    };
    const remote = doc.remote.map((p): ProfileView => ({
      id: p.id,
      name: p.name,
      kind: 'remote',
      baseUrl: p.baseUrl,
      environment: p.keyKind,
      hasKey: this.secrets.status().available,
    }));
    return { activeId: doc.activeId, profiles: [local, ...remote] };
  }

  select(id: string): ProfilesView {
    const doc = this.document();
    if (id === LOCAL_PROFILE_ID || doc.remote.some((p) => p.id === id)) {
      doc.activeId = id;
      this.file.write(doc);
    }
    return this.list();
  }

  async save(input: ProfileInput): Promise<SaveProfileResult> {
    const keychain = this.secrets.status();
    if (!keychain.available) return { ok: false, reason: 'keychain-unavailable' };
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) return { ok: false, reason: 'name-required' };
    if (input.keyKind !== 'test' && input.keyKind !== 'live') return { ok: false, reason: 'key-kind' };
    if (!isAcceptableBaseUrl(input.baseUrl)) return { ok: false, reason: 'base-url' };
    if (typeof input.apiKey !== 'string' || !input.apiKey.startsWith(`ik_${input.keyKind}_`)) {
      return { ok: false, reason: 'key-format' };
    }
    const id = this.newId();
    // Keychain first: a profile listed without its key would be worse than no profile.
    await this.secrets.set(profileKeyAccount(id), input.apiKey);
    const doc = this.document();
    doc.remote.push({ id, name, baseUrl: input.baseUrl.replace(/\/+$/, ''), keyKind: input.keyKind });
    this.file.write(doc);
    return { ok: true, profile: this.list().profiles.find((p) => p.id === id)! };
  }

  /** Forgets a remote profile and deletes its key from the keychain; the local sandbox cannot be removed. */
  async remove(id: string): Promise<ProfilesView> {
    const doc = this.document();
    const index = doc.remote.findIndex((p) => p.id === id);
    if (index < 0) return this.list();
    doc.remote.splice(index, 1);
    if (doc.activeId === id) doc.activeId = LOCAL_PROFILE_ID;
    // Off the list first: a failing keychain then leaves an orphaned secret, never a profile without its key.
    this.file.write(doc);
    await this.secrets.delete(profileKeyAccount(id));
    return this.list();
  }

  /** Base URL, key and environment of the active profile, for the main process only. */
  async activeCredentials(): Promise<ActiveCredentials> {
    return this.credentialsOf(this.document().activeId);
  }

  /** Base URL, key and environment of any profile (the local sandbox for an unknown id), for the main process only. */
  async credentialsOf(id: string): Promise<ActiveCredentials> {
    const remote = this.document().remote.find((p) => p.id === id);
    if (!remote) return { ...this.local(), environment: 'test' };
    const key = await this.secrets.get(profileKeyAccount(remote.id));
    if (!key) throw new Error(`The key of profile "${remote.name}" is not in the keychain.`);
    return { baseUrl: remote.baseUrl, key, environment: remote.keyKind };
  }
}

/** Remote services over HTTPS; plain HTTP only to this machine (a second local sandbox, a proxy under test). */
function isAcceptableBaseUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    );
  } catch {
    return false;
  }
}
