import type { Environment } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

/** Which sent invoices are finished with SDI, and may therefore age out. */
export interface FinishedStates {
  /** Final whatever the format. */
  always: readonly string[];
  /** Final except for PA invoices (FPA12), which still wait for the recipient's outcome. */
  exceptPa: readonly string[];
}

export interface ResetCounts {
  company: number;
  send: number;
  receive: number;
  update: number;
  log: number;
  held: number;
}

function placeholders(values: readonly unknown[]): string {
  return values.length === 0 ? 'NULL' : values.map(() => '?').join(',');
}

/** Bulk deletions: retention by age, and the sandbox reset of one account's data. */
export class RetentionRepository {
  constructor(private readonly db: Db) {}

  /** Sent invoices SDI is done with, last updated at `until` or before; their updates go with them. */
  purgeSends(environment: Environment, until: string, finished: FinishedStates): number {
    return prepared(
      this.db,
      `DELETE FROM sends WHERE environment = ? AND last_update <= ?
         AND (latest_state IN (${placeholders(finished.always)})
           OR (latest_state IN (${placeholders(finished.exceptPa)}) AND coalesce(format, '') <> 'FPA12'))`,
    ).run(environment, until, ...finished.always, ...finished.exceptPa).changes;
  }

  /** Received invoices that arrived at `until` or before. */
  purgeReceives(environment: Environment, until: string): number {
    return prepared(this.db, 'DELETE FROM receives WHERE environment = ? AND created <= ?').run(
      environment,
      until,
    ).changes;
  }

  purgeEvents(until: string): number {
    return prepared(this.db, 'DELETE FROM events WHERE created <= ?').run(until).changes;
  }

  /** Deletes everything one account owns in one environment, except its keys. */
  resetScope(scope: Scope): ResetCounts {
    const run = (sql: string): number =>
      prepared(this.db, sql).run(scope.accountId, scope.environment).changes;
    const update = run('DELETE FROM updates WHERE account_id = ? AND environment = ?');
    const send = run('DELETE FROM sends WHERE account_id = ? AND environment = ?');
    const receive = run('DELETE FROM receives WHERE account_id = ? AND environment = ?');
    const log = run('DELETE FROM events WHERE account_id = ? AND environment = ?');
    const company = run('DELETE FROM companies WHERE account_id = ? AND environment = ?');
    const held = run('DELETE FROM held_invoices WHERE sender_account_id = ? AND environment = ?');
    run('DELETE FROM idempotency_keys WHERE account_id = ? AND environment = ?');
    run('DELETE FROM operation_counts WHERE account_id = ? AND environment = ?');
    run('DELETE FROM jobs WHERE account_id = ? AND environment = ?');
    return { company, send, receive, update, log, held };
  }
}
