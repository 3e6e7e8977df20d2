import type { Clocks } from '../clock.ts';
import type { Job, JobLane } from '../store/jobs.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';

/** What a handler knows about the job it runs. */
export interface JobContext {
  id: number;
  kind: string;
  /**
   * When the job fell due. SDI steps date what they do by it, not by the moment the worker got round to it,
   * so the outcome (and every timestamp in it) depends only on the input and the sandbox clock.
   */
  dueAt: Date;
  /** The job's clock (its scope's, clock.ts) as it runs; later than `dueAt` after a clock jump or a busy worker. */
  now: Date;
  /** 1 for the first attempt. */
  attempt: number;
  scope: Scope | null;
}

/** A job done for one account (every SDI step): its scope is always there. */
export interface ScopedJobContext extends JobContext {
  scope: Scope;
}

/**
 * How one kind of job is done.
 *
 * `run` is synchronous and runs inside the transaction that marks the job done: its writes and the mark land
 * together or not at all, which is what makes a job happen exactly once across crashes. Work that must await
 * something (a CMS signature check, later an outgoing webhook POST) goes in `prepare`, which runs before that
 * transaction and must not write: after a crash it simply runs again. Its result is handed to `run`. A webhook
 * delivery therefore does the POST in `prepare` (at least once, as every webhook system) and records the
 * attempt and schedules the next retry in `run` (exactly once).
 */
export interface JobHandler<P = unknown, R = unknown> {
  prepare?(payload: P, job: JobContext): Promise<R> | R;
  run(payload: P, job: JobContext, prepared: R): void;
}

/** A {@link JobHandler} of account jobs: the queue refuses to run one without its scope. */
export interface ScopedJobHandler<P = unknown, R = unknown> {
  prepare?(payload: P, job: ScopedJobContext): Promise<R> | R;
  run(payload: P, job: ScopedJobContext, prepared: R): void;
}

export interface JobQueueOptions {
  store: Store;
  clocks: Clocks;
  /** Which of the jobs table's lanes this queue runs (default `sdi`). */
  lane?: JobLane;
  /** How many jobs run at once (default one at a time). */
  concurrency?: LaneConcurrency;
  /** Told about every failed attempt; the queue itself never throws a handler's error. */
  onFailure?: (job: Job, error: unknown, willRetry: boolean) => void;
  /** A `prepare` that takes longer counts as a failed attempt. */
  prepareTimeoutMs?: number;
  maxAttempts?: number;
}

/**
 * How many jobs of a lane run at once: in all (the background runner's slots), and of one scope (an account's
 * environment, or the server's upkeep). With one per scope a scope's jobs run in their due order; other scopes
 * go on meanwhile.
 */
export interface LaneConcurrency {
  total: number;
  perScope: number;
}

const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 3_600_000;
/**
 * A long run of due jobs gives the event loop (HTTP requests) a turn after this much work, so a backlog of SDI
 * jobs cannot make API callers wait: counted in time, since jobs differ a lot in cost.
 */
const YIELD_AFTER_MS = 8;

/** A job this process is running. */
interface Running {
  scope: string;
  serial: string | null;
  /** Started by the background runner (it counts toward the lane's total). */
  background: boolean;
  ended: Promise<void>;
}

/** The next due job to start, or why there is none. */
type Pick = { job: Job } | 'busy' | 'none';

/**
 * One lane of the durable job queue in SQLite. Each job is timed on its scope's clock (clock.ts: an account's
 * sandbox clock for its test environment, real time otherwise). `enqueue` may be called inside another
 * transaction (the job then exists exactly when that transaction commits). `runDue` runs the jobs that are due,
 * `pump` starts them in the background (the worker calls it), both within the lane's concurrency.
 */
export class JobQueue {
  readonly lane: JobLane;
  private readonly handlers = new Map<string, JobHandler<never, unknown>>();
  private readonly enqueuedListeners: (() => void)[] = [];
  private readonly progressListeners: (() => void)[] = [];
  private readonly running = new Map<number, Running>();
  private closed = false;
  private wakeScheduled = false;
  private readonly prepareTimeoutMs: number;
  private readonly maxAttempts: number;
  private readonly concurrency: LaneConcurrency;

  constructor(private readonly options: JobQueueOptions) {
    this.lane = options.lane ?? 'sdi';
    this.concurrency = options.concurrency ?? { total: 1, perScope: 1 };
    this.prepareTimeoutMs = options.prepareTimeoutMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 10;
  }

  register<P, R = undefined>(kind: string, handler: JobHandler<P, R>): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler as JobHandler<never, unknown>);
  }

  /** Registers a kind of job that is always enqueued with an account's scope (see `enqueue`). */
  registerScoped<P, R = undefined>(kind: string, handler: ScopedJobHandler<P, R>): void {
    const { prepare } = handler;
    this.register<P, R>(kind, {
      ...(prepare ? { prepare: (payload, job) => prepare(payload, scoped(job)) } : {}),
      run: (payload, job, prepared) => handler.run(payload, scoped(job), prepared),
    });
  }

  /**
   * Queues a job due at `dueAt` on its scope's clock. Jobs given the same `serial` key run one at a time, in due
   * order (one webhook's deliveries); with one job per scope at a time (the SDI lane) a scope's jobs are serial
   * anyway.
   */
  enqueue(kind: string, payload: unknown, dueAt: Date, scope: Scope | null = null, serial?: string): number {
    if (!this.handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
    const id = this.options.store.jobs.insert({
      kind,
      payload,
      dueAt: dueAt.toISOString(),
      created: this.options.clocks.now(scope).toISOString(),
      scope,
      lane: this.lane,
      serial: serial ?? null,
    });
    // Listeners (the worker) hear about it once the surrounding transaction has had the chance to commit.
    if (!this.wakeScheduled && this.enqueuedListeners.length > 0) {
      this.wakeScheduled = true;
      setImmediate(() => {
        this.wakeScheduled = false;
        for (const listener of this.enqueuedListeners) listener();
      });
    }
    return id;
  }

  onEnqueued(listener: () => void): void {
    this.enqueuedListeners.push(listener);
  }

  /** Called after every job attempt: the worker's heartbeat. */
  onProgress(listener: () => void): void {
    this.progressListeners.push(listener);
  }

  /**
   * When the next pending job of `scope` falls due on its clock (null: the server's upkeep); without a scope, the
   * next of those timed on real time. Null when nothing is pending.
   */
  nextDueAt(scope?: Scope | null): Date | null {
    const { jobs } = this.options.store;
    const due = scope === undefined ? jobs.nextDueOnRealTime(this.lane) : jobs.nextDueOf(this.lane, scope);
    return due === null ? null : new Date(due);
  }

  /**
   * How long until a pending job falls due on its own clock, in real milliseconds (0: one is due now); null when
   * nothing pending will ever fall due by itself (nothing pending, or only jobs of frozen clocks).
   */
  msUntilNextDue(): number | null {
    let soonest: number | null = null;
    const consider = (due: Date | null, now: Date, frozen: boolean): void => {
      if (due === null) return;
      const wait = Math.max(0, due.getTime() - now.getTime());
      if (frozen && wait > 0) return;
      if (soonest === null || wait < soonest) soonest = wait;
    };
    const { clocks } = this.options;
    consider(this.nextDueAt(), clocks.base.now(), false);
    for (const [accountId, clock] of clocks.moved()) {
      consider(this.nextDueAt({ accountId, environment: 'test' }), clock.now(), clock.state().frozen);
    }
    return soonest;
  }

  /**
   * How long the most overdue job that is not running has waited past its due time, in ms of its own clock (a
   * lane whose jobs wait long is behind: health check); null when no job waits.
   */
  longestWaitMs(): number | null {
    let longest: number | null = null;
    for (const { job, now } of this.dueCandidates(undefined)) {
      longest = Math.max(longest ?? 0, now - Date.parse(job.dueAt));
    }
    return longest;
  }

  /**
   * Runs every job due on its scope's clock (with a scope, only that scope's; null: the server's upkeep),
   * including those the jobs themselves make due, and resolves with how many this call ran. Jobs already running
   * (in the background, or for another caller) are waited for, never run twice.
   */
  async runDue(scope?: Scope | null): Promise<number> {
    let ran = 0;
    // A failure of the store itself (a full disk) ends the run with that error, as the job would only fail again.
    const broken: { error?: unknown; failed: boolean } = { failed: false };
    let sliceStarted = performance.now();
    while (!this.closed && !broken.failed) {
      const pick = this.pick(scope);
      if (pick === 'none' && !this.hasRunning(scope)) break;
      if (typeof pick === 'string') {
        await this.anyEnded(scope);
        continue;
      }
      ran++;
      this.start(pick.job, false).catch((error: unknown) => {
        if (!broken.failed) Object.assign(broken, { error, failed: true });
      });
      if (performance.now() - sliceStarted >= YIELD_AFTER_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStarted = performance.now();
      }
    }
    await this.anyEnded(scope, true);
    if (broken.failed) throw broken.error;
    return ran;
  }

  /** Starts due jobs in the background, as many as the lane's free slots allow; returns how many it started. */
  pump(): number {
    let started = 0;
    while (!this.closed && this.backgroundCount() < this.concurrency.total) {
      const pick = this.pick(undefined);
      if (typeof pick === 'string') break;
      // Told like a failed attempt; the job stays pending and the worker's next poll tries again.
      const job = pick.job;
      this.start(job, true).catch((error: unknown) => this.options.onFailure?.(job, error, true));
      started++;
    }
    return started;
  }

  /** Starts no more jobs and resolves once those running have ended. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running.values()].map((r) => r.ended));
  }

  private backgroundCount(): number {
    let count = 0;
    for (const r of this.running.values()) if (r.background) count++;
    return count;
  }

  private hasRunning(scope: Scope | null | undefined): boolean {
    if (scope === undefined) return this.running.size > 0;
    const key = scopeKey(scope);
    for (const r of this.running.values()) if (r.scope === key) return true;
    return false;
  }

  /** Waits until one running job (of the scope, when given) has ended, or all of them with `all`. */
  private async anyEnded(scope: Scope | null | undefined, all = false): Promise<void> {
    const key = scope === undefined ? null : scopeKey(scope);
    const ends = [...this.running.values()]
      .filter((r) => key === null || r.scope === key)
      .map((r) => r.ended);
    if (ends.length === 0) return;
    await (all ? Promise.all(ends) : Promise.race(ends));
  }

  /**
   * The due jobs to choose from, each with its clock's now: one scope's, or the first due of every scope with
   * work (those on real time, and each sandbox that runs on its own clock).
   */
  private dueCandidates(scope: Scope | null | undefined): { job: Job; now: number }[] {
    const { store, clocks } = this.options;
    const runningIds = [...this.running.keys()];
    const busy = [...this.running.values()].flatMap((r) => (r.serial === null ? [] : [r.serial]));
    const of = (owner: Scope | null): { job: Job; now: number }[] => {
      const now = clocks.now(owner);
      return store.jobs
        .dueOf(this.lane, owner, now.toISOString(), 1, runningIds, busy)
        .map((job) => ({ job, now: now.getTime() }));
    };
    if (scope !== undefined) return of(scope);
    const candidates = store.jobs
      .scopesDueOnRealTime(this.lane, clocks.base.now().toISOString(), runningIds)
      .flatMap(of);
    for (const accountId of clocks.moved().keys()) candidates.push(...of({ accountId, environment: 'test' }));
    return candidates;
  }

  /**
   * The due job to start next: of the scopes with a free slot, the one that has waited longest past its due
   * time (ties: the first created). 'busy' when due jobs wait only for a slot.
   */
  private pick(scope: Scope | null | undefined): Pick {
    const candidates = this.dueCandidates(scope);
    if (candidates.length === 0) return 'none';
    const perScope = new Map<string, number>();
    for (const r of this.running.values()) perScope.set(r.scope, (perScope.get(r.scope) ?? 0) + 1);
    let best: { job: Job; lateness: number } | null = null;
    for (const { job, now } of candidates) {
      if ((perScope.get(scopeKey(job.scope)) ?? 0) >= this.concurrency.perScope) continue;
      const lateness = now - Date.parse(job.dueAt);
      if (!best || lateness > best.lateness || (lateness === best.lateness && job.id < best.job.id)) {
        best = { job, lateness };
      }
    }
    return best ? { job: best.job } : 'busy';
  }

  /**
   * Starts one attempt; the promise rejects only when the store itself failed (the attempt's outcome could not be
   * recorded). Progress listeners hear of attempts that ended normally: after a store failure, waking at once
   * would only fail again.
   */
  private start(job: Job, background: boolean): Promise<void> {
    const attempted = this.attempt(job);
    const ended = attempted.then(
      () => {
        this.running.delete(job.id);
        for (const listener of this.progressListeners) listener();
      },
      () => void this.running.delete(job.id),
    );
    this.running.set(job.id, { scope: scopeKey(job.scope), serial: job.serial, background, ended });
    return attempted;
  }

  private async attempt(job: Job): Promise<void> {
    const { store, clocks } = this.options;
    const handler = this.handlers.get(job.kind);
    const now = () => clocks.now(job.scope);
    const context: JobContext = {
      id: job.id,
      kind: job.kind,
      dueAt: new Date(job.dueAt),
      now: now(),
      attempt: job.attempts + 1,
      scope: job.scope,
    };
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const payload = job.payload as never;
      const prepared = handler.prepare
        ? await withTimeout(Promise.resolve(handler.prepare(payload, context)), this.prepareTimeoutMs)
        : undefined;
      store.transaction(() => {
        // Another process sharing the data folder may have done it meanwhile; then there is nothing to do.
        if (!store.jobs.markDone(job.id, now().toISOString())) return;
        handler.run(payload, context, prepared);
      });
    } catch (error) {
      const attempts = job.attempts + 1;
      const willRetry = attempts < this.maxAttempts;
      const at = now();
      const retryAt = willRetry ? new Date(at.getTime() + backoff(attempts)).toISOString() : null;
      store.jobs.recordFailure(job.id, describe(error), at.toISOString(), retryAt);
      this.options.onFailure?.(job, error, willRetry);
    }
  }
}

function scopeKey(scope: Scope | null): string {
  return scope === null ? 'upkeep' : `${scope.accountId}:${scope.environment}`;
}

/** 1 s, 2 s, 4 s, … capped at an hour, in sandbox time. */
export function backoff(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job preparation took more than ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function scoped(job: JobContext): ScopedJobContext {
  if (job.scope === null) throw new Error(`job ${job.id} (${job.kind}) has no account scope`);
  return { ...job, scope: job.scope };
}
