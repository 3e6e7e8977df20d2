import type { Logger } from 'pino';
import type { JobQueue } from './queue.ts';

/** The worker looks for due jobs at least this often, whatever the clocks do (they may be moved or frozen). */
export const WORKER_POLL_MS = 250;

export interface WorkerHealth {
  status: 'Healthy' | 'Degraded' | 'Unhealthy';
  detail?: string;
}

/**
 * Runs one lane of the job queue in the background: starts due jobs into the lane's free slots when one is
 * enqueued, when one ends, when the next falls due, and at least every 250 ms. Its heartbeat, in wall-clock time,
 * tells the health check whether it still moves; how long due jobs have waited tells whether it keeps up.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private heartbeat: number;

  constructor(
    private readonly deps: {
      queue: JobQueue;
      logger: Logger;
      /** No heartbeat for this long while jobs are due means the worker is stuck. */
      stallMs: number;
      /** A due job that has waited this long for a slot means the lane is behind (Degraded); default: stallMs. */
      waitWarnMs?: number;
      /** What the lane does, for the health check's words (default "the SDI worker"). */
      name?: string;
      wall?: () => number;
    },
  ) {
    this.heartbeat = this.wall();
    deps.queue.onEnqueued(() => this.wake());
    deps.queue.onProgress(() => {
      this.heartbeat = this.wall();
      this.wake();
    });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the loop and waits for the jobs in progress; call before closing the database. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.deps.queue.close();
  }

  health(): WorkerHealth {
    const name = this.deps.name ?? 'the SDI worker';
    if (this.stopped) return { status: 'Unhealthy', detail: `${name} is not running` };
    const silentMs = this.wall() - this.heartbeat;
    const waitedMs = this.deps.queue.longestWaitMs();
    if (waitedMs === null) return { status: 'Healthy' };
    if (silentMs > this.deps.stallMs) {
      return {
        status: 'Unhealthy',
        detail: `${name} has made no progress for ${Math.round(silentMs / 1000)} s while jobs are due`,
      };
    }
    if (waitedMs > (this.deps.waitWarnMs ?? this.deps.stallMs)) {
      return {
        status: 'Degraded',
        detail: `a job of ${name} has waited ${Math.round(waitedMs / 1000)} s past its due time`,
      };
    }
    return { status: 'Healthy' };
  }

  private wall(): number {
    return (this.deps.wall ?? Date.now)();
  }

  private wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delayMs);
    // The worker never keeps the process alive on its own: closing the server is what ends it.
    this.timer.unref();
  }

  private tick(): void {
    this.timer = null;
    if (this.stopped) return;
    let wait = WORKER_POLL_MS;
    try {
      this.deps.queue.pump();
      const next = this.deps.queue.msUntilNextDue();
      // Nothing waiting counts as keeping up: the heartbeat measures silence while jobs are due.
      if (this.deps.queue.longestWaitMs() === null) this.heartbeat = this.wall();
      if (next !== null && next > 0) wait = Math.min(WORKER_POLL_MS, next);
    } catch (error) {
      // A failing database must not take the server down; /health reports it and the next tick retries.
      this.deps.logger.error({ err: error }, 'job worker: starting due jobs failed');
    }
    if (!this.stopped) this.schedule(wait);
  }
}
