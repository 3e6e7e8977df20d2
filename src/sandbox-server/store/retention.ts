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

/** What retention would remove from one account's data at a given time (the sandbox console's warning). */
export interface RetentionCounts {
  send: number;
  receive: number;
  log: number;
}

/** The instants at or before which each kind of data has aged out, as the maintenance job computes them. */
export interface RetentionCutoffs {
  sends: string;
  receives: string;
  events: string;
}

function placeholders(values: readonly unknown[]): string {
  return values.length === 0 ? 'NULL' : values.map(() => '?').join(',');
}

/**
 * The one statement of which sent invoices age out: purging and counting both use it, so the console's warning
 * can never disagree with what the purge does.
 */
function agedSends(until: string, finished: FinishedStates): { sql: string; params: string[] } {
  return {
    sql: `last_update <= ?
         AND (latest_state IN (${placeholders(finished.always)})
           OR (latest_state IN (${placeholders(finished.exceptPa)}) AND coalesce(format, '') <> 'FPA12'))`,
    params: [until, ...finished.always, ...finished.exceptPa],
  };
}

const AGED_RECEIVES = 'created <= ?';
const AGED_EVENTS = 'created <= ?';

/** Bulk deletions: retention by age, and the sandbox reset of one account's data. */
export class RetentionRepository {
  constructor(private readonly db: Db) {}

  /** Sent invoices SDI is done with, last updated at `until` or before; their updates go with them. */
  purgeSends(environment: Environment, until: string, finished: FinishedStates): number {
    const aged = agedSends(until, finished);
    return prepared(this.db, `DELETE FROM sends WHERE environment = ? AND ${aged.sql}`).run(
      environment,
      ...aged.params,
    ).changes;
  }

  /** Received invoices that arrived at `until` or before. */
  purgeReceives(environment: Environment, until: string): number {
    return prepared(this.db, `DELETE FROM receives WHERE environment = ? AND ${AGED_RECEIVES}`).run(
      environment,
      until,
    ).changes;
  }

  purgeEvents(until: string): number {
    return prepared(this.db, `DELETE FROM events WHERE ${AGED_EVENTS}`).run(until).changes;
  }

  /** How much of one account's data the purges above would remove with these cutoffs; deletes nothing. */
  countAged(scope: Scope, cutoffs: RetentionCutoffs, finished: FinishedStates): RetentionCounts {
    const count = (sql: string, params: readonly string[]): number =>
      (
        prepared(this.db, `SELECT count(*) AS n FROM ${sql}`).get(
          scope.accountId,
          scope.environment,
          ...params,
        ) as { n: number }
      ).n;
    const aged = agedSends(cutoffs.sends, finished);
    return {
      send: count(`sends WHERE account_id = ? AND environment = ? AND ${aged.sql}`, aged.params),
      receive: count(`receives WHERE account_id = ? AND environment = ? AND ${AGED_RECEIVES}`, [
        cutoffs.receives,
      ]),
      log: count(`events WHERE account_id = ? AND environment = ? AND ${AGED_EVENTS}`, [cutoffs.events]),
    };
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
