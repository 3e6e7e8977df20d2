import type { Environment } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import { KeptValues } from './kept-values.ts';
import { prepared } from './statements.ts';

/** Read-only: the one found by hash is shared by the requests that use the key (see `findKeyByHash`). */
export interface ApiKeyRecord {
  readonly id: number;
  readonly accountId: number;
  readonly accountName: string;
  readonly environment: Environment;
  readonly hint: string;
  readonly origins: readonly string[];
  readonly created: string;
  readonly revoked: string | null;
}

interface KeyRow {
  id: number;
  account_id: number;
  account_name: string;
  environment: Environment;
  hint: string;
  origins: string;
  created: string;
  revoked: string | null;
}

const KEY_COLUMNS = `k.id, k.account_id, a.name AS account_name, k.environment, k.hint, k.origins, k.created, k.revoked`;

function toKey(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    environment: row.environment,
    hint: row.hint,
    origins: JSON.parse(row.origins) as string[],
    created: row.created,
    revoked: row.revoked,
  };
}

/** The tables a key's record is read from. */
const KEY_TABLES = ['api_keys', 'accounts'] as const;
/** Keys kept in memory at most; a flood of requests with unknown keys keeps nothing (misses are not kept). */
const MAX_KEPT_KEYS = 1024;

export class AccountRepository {
  /**
   * Keys found by hash, kept while neither table changes (table-changes.ts): every request looks its key up, and
   * a revocation, also by the CLI on the folder of a running server, takes effect on the next request.
   */
  private readonly keptKeys: KeptValues<ApiKeyRecord>;

  constructor(private readonly db: Db) {
    this.keptKeys = new KeptValues(db, KEY_TABLES, MAX_KEPT_KEYS);
  }

  /** The id of the named account, created on first use. */
  ensure(name: string, now: string): number {
    prepared(this.db, 'INSERT INTO accounts (name, created) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(
      name,
      now,
    );
    return (prepared(this.db, 'SELECT id FROM accounts WHERE name = ?').get(name) as { id: number }).id;
  }

  /** The id of the named account; null when there is none. */
  idOf(name: string): number | null {
    const row = prepared(this.db, 'SELECT id FROM accounts WHERE name = ?').get(name) as
      { id: number } | undefined;
    return row?.id ?? null;
  }

  count(): number {
    return (prepared(this.db, 'SELECT count(*) AS n FROM accounts').get() as { n: number }).n;
  }

  insertKey(key: {
    accountId: number;
    environment: Environment;
    hash: Buffer;
    hint: string;
    origins: string[];
    created: string;
    sessionPid?: number | null;
  }): number {
    return Number(
      prepared(
        this.db,
        'INSERT INTO api_keys (account_id, environment, key_hash, hint, origins, created, session_pid) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(
        key.accountId,
        key.environment,
        key.hash,
        key.hint,
        JSON.stringify(key.origins),
        key.created,
        key.sessionPid ?? null,
      ).lastInsertRowid,
    );
  }

  findKeyByHash(hash: Buffer): ApiKeyRecord | null {
    return this.keptKeys.get(hash.toString('base64'), () => {
      const row = prepared(
        this.db,
        `SELECT ${KEY_COLUMNS} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`,
      ).get(hash) as KeyRow | undefined;
      if (!row) return null;
      const key = toKey(row);
      // Frozen: the same record is handed to every request that presents this key.
      return Object.freeze({ ...key, origins: Object.freeze(key.origins) });
    });
  }

  listKeys(): ApiKeyRecord[] {
    const rows = prepared(
      this.db,
      `SELECT ${KEY_COLUMNS} FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY k.id`,
    ).all() as KeyRow[];
    return rows.map(toKey);
  }

  /** Whether any active key allows this browser origin: enough to answer a CORS preflight. */
  anyKeyAllowsOrigin(origin: string): boolean {
    return (
      prepared(
        this.db,
        `SELECT 1 FROM api_keys, json_each(api_keys.origins) AS o
         WHERE api_keys.revoked IS NULL AND o.value = ? LIMIT 1`,
      ).get(origin) !== undefined
    );
  }

  setOrigins(id: number, origins: string[]): boolean {
    return (
      prepared(this.db, 'UPDATE api_keys SET origins = ? WHERE id = ? AND revoked IS NULL').run(
        JSON.stringify(origins),
        id,
      ).changes === 1
    );
  }

  /** Active keys made for a server process, with that process's id. */
  activeSessionKeys(): { id: number; pid: number }[] {
    return prepared(
      this.db,
      'SELECT id, session_pid AS pid FROM api_keys WHERE session_pid IS NOT NULL AND revoked IS NULL',
    ).all() as { id: number; pid: number }[];
  }

  revokeKey(id: number, now: string): boolean {
    return (
      prepared(this.db, 'UPDATE api_keys SET revoked = ? WHERE id = ? AND revoked IS NULL').run(now, id)
        .changes === 1
    );
  }
}
