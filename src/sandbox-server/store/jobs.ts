import type { Environment } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import { clockGroupWhere, ON_REAL_TIME, type ClockGroup } from './sandbox-clocks.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

export type JobState = 'pending' | 'done' | 'failed';

/**
 * Jobs run in lanes, each with its own runner: SDI's steps and the server's upkeep (`sdi`), and webhook deliveries
 * (`webhook`), which wait on other people's servers and must never hold up SDI or another account.
 */
export type JobLane = 'sdi' | 'webhook';

/** One scope's jobs, or with both parameters NULL the server's upkeep. */
const OF_SCOPE = `account_id IS ? AND environment IS ?`;
/** Jobs already being run by this process are left out of the picks (a JSON array of ids). */
const NOT_RUNNING = `id NOT IN (SELECT value FROM json_each(?))`;
/** So are jobs whose serial key has a job running (a JSON array of keys). */
const NOT_SERIAL_BUSY = `(serial IS NULL OR serial NOT IN (SELECT value FROM json_each(?)))`;

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  /** ISO 8601 UTC; text order is time order. */
  dueAt: string;
  state: JobState;
  attempts: number;
  lastError: string | null;
  created: string;
  finishedAt: string | null;
  /** The account whose invoice the job is about; null for server-wide work such as retention. */
  scope: Scope | null;
  lane: JobLane;
  /** Jobs with the same serial key run one at a time, in due order (one webhook's deliveries). */
  serial: string | null;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  dueAt: string;
  created: string;
  scope: Scope | null;
  lane: JobLane;
  serial?: string | null;
}

interface JobRow {
  id: number;
  kind: string;
  payload: string;
  due_at: string;
  state: JobState;
  attempts: number;
  last_error: string | null;
  created: string;
  finished_at: string | null;
  account_id: number | null;
  environment: Environment | null;
  lane: JobLane;
  serial: string | null;
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    dueAt: row.due_at,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    created: row.created,
    finishedAt: row.finished_at,
    scope:
      row.account_id === null || row.environment === null
        ? null
        : { accountId: row.account_id, environment: row.environment },
    lane: row.lane,
    serial: row.serial,
  };
}

function scopeParams(scope: Scope | null): [number | null, Environment | null] {
  return scope === null ? [null, null] : [scope.accountId, scope.environment];
}

/** The rows of the job queue; the queue itself (ordering, retries, handlers) is `jobs/queue.ts`. */
export class JobRepository {
  constructor(private readonly db: Db) {}

  insert(job: NewJob): number {
    return Number(
      prepared(
        this.db,
        `INSERT INTO jobs (kind, payload, due_at, created, account_id, environment, lane, serial)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        job.kind,
        JSON.stringify(job.payload ?? null),
        job.dueAt,
        job.created,
        job.scope?.accountId ?? null,
        job.scope?.environment ?? null,
        job.lane,
        job.serial ?? null,
      ).lastInsertRowid,
    );
  }

  get(id: number): Job | null {
    const row = prepared(this.db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return row ? toJob(row) : null;
  }

  /**
   * The pending jobs of one scope (null: the server's upkeep) due at `now` on its clock, first due first (ties in
   * creation order), leaving out those `running` and those whose serial key is `busy`.
   */
  dueOf(
    lane: JobLane,
    scope: Scope | null,
    now: string,
    limit: number,
    running: readonly number[] = [],
    busy: readonly string[] = [],
  ): Job[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM jobs WHERE lane = ? AND state = 'pending' AND ${OF_SCOPE} AND due_at <= ? AND ${NOT_RUNNING}
         AND ${NOT_SERIAL_BUSY}
       ORDER BY due_at, id LIMIT ?`,
    ).all(lane, ...scopeParams(scope), now, JSON.stringify(running), JSON.stringify(busy), limit) as JobRow[];
    return rows.map(toJob);
  }

  /** The scopes (null: the server's upkeep) with jobs timed on real time that are due at `now` and not running. */
  scopesDueOnRealTime(lane: JobLane, now: string, running: readonly number[] = []): (Scope | null)[] {
    const rows = prepared(
      this.db,
      `SELECT DISTINCT account_id, environment FROM jobs
       WHERE lane = ? AND state = 'pending' AND due_at <= ? AND ${ON_REAL_TIME} AND ${NOT_RUNNING}`,
    ).all(lane, now, JSON.stringify(running)) as Pick<JobRow, 'account_id' | 'environment'>[];
    return rows.map((row) =>
      row.account_id === null || row.environment === null
        ? null
        : { accountId: row.account_id, environment: row.environment },
    );
  }

  /** When the first pending job timed on real time falls due, or null when there is none. */
  nextDueOnRealTime(lane: JobLane): string | null {
    const row = prepared(
      this.db,
      `SELECT due_at FROM jobs WHERE lane = ? AND state = 'pending' AND ${ON_REAL_TIME} ORDER BY due_at, id LIMIT 1`,
    ).get(lane) as { due_at: string } | undefined;
    return row?.due_at ?? null;
  }

  /** When the first pending job of one scope (null: the server's upkeep) falls due on its clock. */
  nextDueOf(lane: JobLane, scope: Scope | null): string | null {
    const row = prepared(
      this.db,
      `SELECT due_at FROM jobs WHERE lane = ? AND state = 'pending' AND ${OF_SCOPE} ORDER BY due_at, id LIMIT 1`,
    ).get(lane, ...scopeParams(scope)) as { due_at: string } | undefined;
    return row?.due_at ?? null;
  }

  /** Whether a job of this kind is pending for the scope (null: the server's upkeep). */
  hasPending(kind: string, scope: Scope | null = null): boolean {
    return (
      prepared(
        this.db,
        `SELECT 1 FROM jobs WHERE state = 'pending' AND kind = ? AND ${OF_SCOPE} LIMIT 1`,
      ).get(kind, ...scopeParams(scope)) !== undefined
    );
  }

  /** Moves the scope's pending jobs of a kind that fall due after `later` to `to`. */
  bringForward(kind: string, scope: Scope | null, later: string, to: string): number {
    return prepared(
      this.db,
      `UPDATE jobs SET due_at = ? WHERE state = 'pending' AND kind = ? AND ${OF_SCOPE} AND due_at > ?`,
    ).run(to, kind, ...scopeParams(scope), later).changes;
  }

  /**
   * Marks a pending job done; false when it was not pending any more (another process or run took it).
   * Called first in the transaction that does the job's work, so the work and the mark land together.
   */
  markDone(id: number, finishedAt: string): boolean {
    return (
      prepared(
        this.db,
        `UPDATE jobs SET state = 'done', attempts = attempts + 1, finished_at = ?, last_error = NULL
         WHERE id = ? AND state = 'pending'`,
      ).run(finishedAt, id).changes === 1
    );
  }

  /** Records a failed attempt: the job is retried at `retryAt`, or given up (`failed`) when that is null. */
  recordFailure(id: number, error: string, at: string, retryAt: string | null): void {
    prepared(
      this.db,
      `UPDATE jobs SET attempts = attempts + 1, last_error = ?,
         state = CASE WHEN ? IS NULL THEN 'failed' ELSE state END,
         due_at = coalesce(?, due_at),
         finished_at = CASE WHEN ? IS NULL THEN ? ELSE NULL END
       WHERE id = ? AND state = 'pending'`,
    ).run(error.slice(0, 2000), retryAt, retryAt, retryAt, at, id);
  }

  /** Pending jobs about the scope's invoices plus the server-wide ones, in the order they will run. */
  pending(scope: Scope, limit: number): Job[] {
    // The real-time upkeep only where the scope runs on real time: a sandbox with its own clock has its own.
    const rows = prepared(
      this.db,
      `SELECT * FROM jobs WHERE state = 'pending'
         AND ((account_id = ? AND environment = ?)
           OR (account_id IS NULL AND (? <> 'test' OR ? NOT IN (SELECT account_id FROM sandbox_clocks))))
       ORDER BY due_at, id LIMIT ?`,
    ).all(scope.accountId, scope.environment, scope.environment, scope.accountId, limit) as JobRow[];
    return rows.map(toJob);
  }

  /** Recently failed jobs of the scope, newest first, so a stuck invoice can be explained. */
  failed(scope: Scope, limit: number): Job[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM jobs WHERE state = 'failed' AND account_id = ? AND environment = ?
       ORDER BY finished_at DESC, id DESC LIMIT ?`,
    ).all(scope.accountId, scope.environment, limit) as JobRow[];
    return rows.map(toJob);
  }

  countByState(): Record<JobState, number> {
    const rows = prepared(this.db, 'SELECT state, count(*) AS n FROM jobs GROUP BY state').all() as {
      state: JobState;
      n: number;
    }[];
    const counts: Record<JobState, number> = { pending: 0, done: 0, failed: 0 };
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }

  /**
   * Forgets a clock group's finished jobs (each timed on its group's clock): done ones finished before
   * `doneBefore`, failed ones before `failedBefore`.
   */
  purgeFinished(group: ClockGroup, doneBefore: string, failedBefore: string): number {
    const where = clockGroupWhere(group);
    return prepared(
      this.db,
      `DELETE FROM jobs WHERE ((state = 'done' AND finished_at < ?) OR (state = 'failed' AND finished_at < ?))
         AND ${where.sql}`,
    ).run(doneBefore, failedBefore, ...where.params).changes;
  }

  deleteForScope(scope: Scope): number {
    return prepared(this.db, 'DELETE FROM jobs WHERE account_id = ? AND environment = ?').run(
      scope.accountId,
      scope.environment,
    ).changes;
  }
}
