import type { Environment, ResetCounts } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import { clockGroupWhere, type ClockGroup } from './sandbox-clocks.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

/** Which sent invoices are finished with SDI, and may therefore age out. */
export interface FinishedStates {
  /** Final whatever the format. */
  always: readonly string[];
  /** Final except for PA invoices (FPA12), which still wait for the recipient's outcome. */
  exceptPa: readonly string[];
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

/**
 * Rows per DELETE statement in bulk deletions. The statement journal keeps, in memory (database.ts), the pages a
 * statement changes; chunks bound it whatever the table's size, where one statement over a million invoices
 * would hold gigabytes.
 */
export const DELETE_CHUNK_ROWS = 2_000;

/** Bulk deletions: retention by age, and the sandbox reset of one account's data. */
export class RetentionRepository {
  constructor(
    private readonly db: Db,
    private readonly chunkRows = DELETE_CHUNK_ROWS,
  ) {}

  /**
   * Removes what has aged out of one environment of a clock group at these cutoffs, and says how much: sent
   * invoices SDI is done with, last updated at the cutoff or before (their updates go with them), received
   * invoices that arrived by theirs, request log entries. `countAged` counts the same rows.
   */
  purgeAged(
    environment: Environment,
    group: ClockGroup,
    cutoffs: RetentionCutoffs,
    finished: FinishedStates,
  ): RetentionCounts {
    const where = clockGroupWhere(group);
    const aged = agedSends(cutoffs.sends, finished);
    const owned = (sql: string) => `environment = ? AND ${where.sql} AND ${sql}`;
    return {
      send: this.deleteWhere('sends', owned(aged.sql), [environment, ...where.params, ...aged.params]),
      receive: this.deleteWhere('receives', owned(AGED_RECEIVES), [
        environment,
        ...where.params,
        cutoffs.receives,
      ]),
      log: this.deleteWhere('events', owned(AGED_EVENTS), [environment, ...where.params, cutoffs.events]),
    };
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

  /**
   * Deletes everything one account owns in one environment, except its keys and, when asked, its webhooks.
   * Webhooks go first, so those bound to a company are counted rather than taken silently by its cascade.
   */
  resetScope(scope: Scope, keep: { webhooks: boolean } = { webhooks: false }): ResetCounts {
    const params = [scope.accountId, scope.environment];
    const owned = (table: string, owner = 'account_id'): number =>
      this.deleteWhere(table, `${owner} = ? AND environment = ?`, params);
    let webhook = 0;
    if (!keep.webhooks) {
      owned('webhook_history');
      webhook = owned('webhooks');
    }
    const update = owned('updates');
    const send = owned('sends');
    const receive = owned('receives');
    const log = owned('events');
    const company = owned('companies');
    const held = owned('held_invoices', 'sender_account_id');
    owned('idempotency_keys');
    owned('operation_counts');
    owned('jobs');
    return { company, send, receive, update, log, held, webhook };
  }

  /**
   * Deletes the rows of `table` that `where` selects, `chunkRows` per statement, and says how many. Rows that
   * cascades or triggers remove are not counted, as with a single DELETE.
   */
  private deleteWhere(table: string, where: string, params: readonly unknown[]): number {
    const statement = prepared(
      this.db,
      `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${this.chunkRows})`,
    );
    let deleted = 0;
    for (;;) {
      const changes = statement.run(...params).changes;
      deleted += changes;
      if (changes < this.chunkRows) return deleted;
    }
  }
}
