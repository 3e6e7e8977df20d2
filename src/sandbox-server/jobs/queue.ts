import type { Clock } from '../clock.ts';
import type { Job } from '../store/jobs.ts';
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
  /** The sandbox clock as the job runs; later than `dueAt` after a clock jump or a busy worker. */
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
  clock: Clock;
  /** Told about every failed attempt; the queue itself never throws a handler's error. */
  onFailure?: (job: Job, error: unknown, willRetry: boolean) => void;
  /** A `prepare` that takes longer counts as a failed attempt. */
  prepareTimeoutMs?: number;
  maxAttempts?: number;
}

const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 3_600_000;
/**
 * A long drain gives the event loop (HTTP requests) a turn after this much work, so a backlog of SDI jobs
 * cannot make API callers wait: counted in time, since jobs differ a lot in cost.
 */
const YIELD_AFTER_MS = 8;

/**
 * The durable job queue in SQLite, driven by the sandbox clock. `enqueue` may be called inside another
 * transaction (the job then exists exactly when that transaction commits); `runDue` runs every job that is due,
 * in (due time, id) order, one drain at a time.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler<never, unknown>>();
  private readonly enqueuedListeners: (() => void)[] = [];
  private readonly progressListeners: (() => void)[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;
  private wakeScheduled = false;
  private readonly prepareTimeoutMs: number;
  private readonly maxAttempts: number;

  constructor(private readonly options: JobQueueOptions) {
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

  enqueue(kind: string, payload: unknown, dueAt: Date, scope: Scope | null = null): number {
    if (!this.handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
    const id = this.options.store.jobs.insert({
      kind,
      payload,
      dueAt: dueAt.toISOString(),
      created: this.options.clock.now().toISOString(),
      scope,
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

  nextDueAt(): Date | null {
    const due = this.options.store.jobs.nextDueAt();
    return due === null ? null : new Date(due);
  }

  /**
   * Runs every job due by the sandbox clock, including those the jobs themselves make due, and resolves with
   * how many ran. Calls are serialized: a second call waits for the first, then drains what is left.
   */
  runDue(): Promise<number> {
    const run = this.tail.then(() => (this.closed ? 0 : this.drain()));
    this.tail = run.catch(() => 0);
    return run;
  }

  /** Stops between two jobs and resolves once the drain in progress, if any, has ended. */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
  }

  private async drain(): Promise<number> {
    const { store, clock } = this.options;
    let ran = 0;
    let sliceStarted = performance.now();
    while (!this.closed) {
      const now = clock.now();
      // A store failure here (database gone) ends the drain; the health check reports it.
      const job = store.jobs.nextDue(now.toISOString());
      if (!job) break;
      await this.attempt(job, now);
      ran++;
      for (const listener of this.progressListeners) listener();
      if (performance.now() - sliceStarted >= YIELD_AFTER_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStarted = performance.now();
      }
    }
    return ran;
  }

  private async attempt(job: Job, now: Date): Promise<void> {
    const { store } = this.options;
    const handler = this.handlers.get(job.kind);
    const context: JobContext = {
      id: job.id,
      kind: job.kind,
      dueAt: new Date(job.dueAt),
      now,
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
        if (!store.jobs.markDone(job.id, this.options.clock.now().toISOString())) return;
        handler.run(payload, context, prepared);
      });
    } catch (error) {
      const attempts = job.attempts + 1;
      const willRetry = attempts < this.maxAttempts;
      const retryAt = willRetry
        ? new Date(this.options.clock.now().getTime() + backoff(attempts)).toISOString()
        : null;
      store.jobs.recordFailure(job.id, describe(error), this.options.clock.now().toISOString(), retryAt);
      this.options.onFailure?.(job, error, willRetry);
    }
  }
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
