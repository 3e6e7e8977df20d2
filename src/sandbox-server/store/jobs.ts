import type { Environment } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

export type JobState = 'pending' | 'done' | 'failed';

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
}

export interface NewJob {
  kind: string;
  payload: unknown;
  dueAt: string;
  created: string;
  scope: Scope | null;
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
  };
}

/** The rows of the job queue; the queue itself (ordering, retries, handlers) is `jobs/queue.ts`. */
export class JobRepository {
  constructor(private readonly db: Db) {}

  insert(job: NewJob): number {
    return Number(
      prepared(
        this.db,
        `INSERT INTO jobs (kind, payload, due_at, created, account_id, environment) VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        job.kind,
        JSON.stringify(job.payload ?? null),
        job.dueAt,
        job.created,
        job.scope?.accountId ?? null,
        job.scope?.environment ?? null,
      ).lastInsertRowid,
    );
  }

  get(id: number): Job | null {
    const row = prepared(this.db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return row ? toJob(row) : null;
  }

  /** The pending job that falls due first (ties in creation order), if it is due at `now`. */
  nextDue(now: string): Job | null {
    const row = prepared(
      this.db,
      `SELECT * FROM jobs WHERE state = 'pending' AND due_at <= ? ORDER BY due_at, id LIMIT 1`,
    ).get(now) as JobRow | undefined;
    return row ? toJob(row) : null;
  }

  /** When the next pending job falls due, or null when nothing is pending. */
  nextDueAt(): string | null {
    const row = prepared(
      this.db,
      `SELECT due_at FROM jobs WHERE state = 'pending' ORDER BY due_at, id LIMIT 1`,
    ).get() as { due_at: string } | undefined;
    return row?.due_at ?? null;
  }

  hasPending(kind: string): boolean {
    return (
      prepared(this.db, `SELECT 1 FROM jobs WHERE state = 'pending' AND kind = ? LIMIT 1`).get(kind) !==
      undefined
    );
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
    const rows = prepared(
      this.db,
      `SELECT * FROM jobs WHERE state = 'pending'
         AND ((account_id = ? AND environment = ?) OR account_id IS NULL)
       ORDER BY due_at, id LIMIT ?`,
    ).all(scope.accountId, scope.environment, limit) as JobRow[];
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

  /** Forgets finished jobs: done ones finished before `doneBefore`, failed ones before `failedBefore`. */
  purgeFinished(doneBefore: string, failedBefore: string): number {
    return prepared(
      this.db,
      `DELETE FROM jobs WHERE (state = 'done' AND finished_at < ?) OR (state = 'failed' AND finished_at < ?)`,
    ).run(doneBefore, failedBefore).changes;
  }

  deleteForScope(scope: Scope): number {
    return prepared(this.db, 'DELETE FROM jobs WHERE account_id = ? AND environment = ?').run(
      scope.accountId,
      scope.environment,
    ).changes;
  }
}
