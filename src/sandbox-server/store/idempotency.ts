import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import { clockGroupWhere, type ClockGroup } from './sandbox-clocks.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

export interface StoredResponse {
  fingerprint: Buffer;
  status: number;
  body: string;
  location: string | null;
}

const BODY = 'idempotency_keys.body';

/** Responses of submissions made with an Idempotency-Key, replayed while they have not expired. */
export class IdempotencyRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  find(scope: Scope, key: string, now: string): StoredResponse | null {
    const row = prepared(
      this.db,
      `SELECT fingerprint, status, body, location FROM idempotency_keys
       WHERE account_id = ? AND environment = ? AND key = ? AND expires > ?`,
    ).get(scope.accountId, scope.environment, key, now) as
      { fingerprint: Buffer; status: number; body: Buffer; location: string | null } | undefined;
    if (!row) return null;
    return { ...row, body: this.box.open(row.body, BODY).toString('utf8') };
  }

  /** Stores a response; an expired entry under the same key gives way to it. */
  save(scope: Scope, key: string, response: StoredResponse, created: string, expires: string): void {
    prepared(
      this.db,
      `INSERT INTO idempotency_keys (account_id, environment, key, fingerprint, status, body, location, created, expires)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, environment, key) DO UPDATE SET fingerprint = excluded.fingerprint,
         status = excluded.status, body = excluded.body, location = excluded.location,
         created = excluded.created, expires = excluded.expires`,
    ).run(
      scope.accountId,
      scope.environment,
      key,
      response.fingerprint,
      response.status,
      this.box.seal(Buffer.from(response.body, 'utf8'), BODY),
      response.location,
      created,
      expires,
    );
  }

  /** Forgets the expired responses of a clock group (each expires on its group's clock). */
  purgeExpired(group: ClockGroup, now: string): number {
    const where = clockGroupWhere(group);
    return prepared(this.db, `DELETE FROM idempotency_keys WHERE expires <= ? AND ${where.sql}`).run(
      now,
      ...where.params,
    ).changes;
  }
}
