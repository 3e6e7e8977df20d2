import { createHash } from 'node:crypto';
import type { Environment } from '../../shared/api/types.ts';
import type { Clock } from '../clock.ts';
import type { RandomSource } from '../random.ts';
import type { ApiKeyRecord } from '../store/accounts.ts';
import type { Store } from '../store/store.ts';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 40;
const KEY_PATTERN = /^ik_(test|live)_[A-Za-z0-9]{32,}$/;

export interface CreatedKey {
  key: string;
  record: ApiKeyRecord;
}

/** `ik_test_` selects the sandbox, `ik_live_` the live environment (contract "Addresses and environments"). */
export function keyEnvironment(key: string): Environment | null {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[1] as Environment) : null;
}

/**
 * Keys carry 40 random base62 characters (≈238 bits), so a plain SHA-256 is a safe one-way hash for them:
 * nothing to brute-force, and a lookup by hash is an index probe whose timing reveals nothing of the key.
 */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

function randomSecret(random: RandomSource): string {
  let out = '';
  while (out.length < SECRET_LENGTH) {
    for (const byte of random(SECRET_LENGTH)) {
      // 248 = 4 × 62: rejecting higher bytes keeps every character equally likely.
      if (byte < 248 && out.length < SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return out;
}

export type AdoptedKey =
  | { ok: true; record: ApiKeyRecord; created: boolean }
  | { ok: false; reason: 'malformed' | 'revoked' | 'other-account' };

export class ApiKeyService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  /**
   * `session`: the key belongs to this server process only (the desktop run key, the browser UI's key); the
   * process revokes it when it stops, and `revokeOrphanedSessions` catches the ones a killed process left.
   */
  create(options: {
    account: string;
    environment: Environment;
    origins?: string[];
    session?: boolean;
  }): CreatedKey {
    const key = `ik_${options.environment}_${randomSecret(this.random)}`;
    const record = this.insert(
      key,
      options.account,
      options.environment,
      options.origins ?? [],
      options.session,
    );
    return { key, record };
  }

  /**
   * Makes a key chosen by the caller valid in the account (CI's `serve --key`: a known key, the same run after
   * run); a key already there for that account is kept as it is. Refused: a key of the wrong form, a revoked one,
   * or one of another account.
   */
  adopt(key: string, account: string): AdoptedKey {
    const environment = keyEnvironment(key);
    if (!environment) return { ok: false, reason: 'malformed' };
    const existing = this.store.accounts.findKeyByHash(hashApiKey(key));
    if (existing) {
      if (existing.revoked !== null) return { ok: false, reason: 'revoked' };
      if (existing.accountName !== account) return { ok: false, reason: 'other-account' };
      return { ok: true, record: existing, created: false };
    }
    return { ok: true, record: this.insert(key, account, environment, [], false), created: true };
  }

  /** Stores a key by its hash in the account (created if needed), and gives its record. */
  private insert(
    key: string,
    account: string,
    environment: Environment,
    origins: string[],
    session = false,
  ): ApiKeyRecord {
    const now = this.clock.now().toISOString();
    return this.store.transaction(() => {
      const id = this.store.accounts.insertKey({
        accountId: this.store.accounts.ensure(account, now),
        environment,
        hash: hashApiKey(key),
        hint: `${key.slice(0, 12)}…${key.slice(-4)}`,
        origins: normalizeOrigins(origins),
        created: now,
        sessionPid: session ? process.pid : null,
      });
      return this.store.accounts.listKeys().find((k) => k.id === id)!;
    });
  }

  /** The active key record for a presented key, or `null` when it is unknown, malformed or revoked. */
  authenticate(key: string): ApiKeyRecord | null {
    const environment = keyEnvironment(key);
    if (!environment) return null;
    const record = this.store.accounts.findKeyByHash(hashApiKey(key));
    if (!record || record.revoked !== null || record.environment !== environment) return null;
    return record;
  }

  list(): ApiKeyRecord[] {
    return this.store.accounts.listKeys();
  }

  /** Revokes a key given in full or by its id; `false` when there is no such active key. */
  revoke(keyOrId: string): boolean {
    const id = this.idOf(keyOrId);
    return id !== null && this.store.accounts.revokeKey(id, this.clock.now().toISOString());
  }

  /** Revokes the session keys of server processes that are gone (killed before they could revoke them). */
  revokeOrphanedSessions(isAlive: (pid: number) => boolean = processIsAlive): number {
    const now = this.clock.now().toISOString();
    let revoked = 0;
    for (const { id, pid } of this.store.accounts.activeSessionKeys()) {
      if (pid !== process.pid && !isAlive(pid) && this.store.accounts.revokeKey(id, now)) revoked++;
    }
    return revoked;
  }

  /** Replaces the browser origins allowed to use a key (CORS); `false` when there is no such active key. */
  setOrigins(keyOrId: string, origins: string[]): boolean {
    const id = this.idOf(keyOrId);
    return id !== null && this.store.accounts.setOrigins(id, normalizeOrigins(origins));
  }

  private idOf(keyOrId: string): number | null {
    if (/^\d+$/.test(keyOrId)) return Number(keyOrId);
    return this.store.accounts.findKeyByHash(hashApiKey(keyOrId))?.id ?? null;
  }
}

/** Origins as browsers send them: scheme://host[:port], no path, no trailing slash. */
export function normalizeOrigins(origins: string[]): string[] {
  return [...new Set(origins.map((o) => o.trim().replace(/\/+$/, '')).filter((o) => o !== ''))];
}

/** Signal 0 checks that a process exists without touching it; EPERM means it exists but is someone else's. */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
