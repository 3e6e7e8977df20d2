import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { JobQueue } from './queue.ts';

/** The worker looks for due jobs at least this often, whatever the clock does (it may be moved or frozen). */
export const WORKER_POLL_MS = 250;

export interface WorkerHealth {
  status: 'Healthy' | 'Unhealthy';
  detail?: string;
}

/**
 * Runs the job queue in the background: wakes when a job falls due (or is enqueued already due), and at
 * least every 250 ms. Its heartbeat, in wall-clock time, tells the health check whether it still moves.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private stopped = true;
  private heartbeat: number;

  constructor(
    private readonly deps: {
      queue: JobQueue;
      clock: Clock;
      logger: Logger;
      /** No heartbeat for this long while jobs are due means the worker is stuck. */
      stallMs: number;
      wall?: () => number;
    },
  ) {
    this.heartbeat = this.wall();
    deps.queue.onEnqueued(() => this.wake());
    deps.queue.onProgress(() => (this.heartbeat = this.wall()));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the loop and waits for the job in progress; call before closing the database. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.deps.queue.close();
  }

  health(): WorkerHealth {
    if (this.stopped) return { status: 'Unhealthy', detail: 'the SDI worker is not running' };
    const silentMs = this.wall() - this.heartbeat;
    if (silentMs <= this.deps.stallMs) return { status: 'Healthy' };
    const next = this.deps.queue.nextDueAt();
    if (next === null || next > this.deps.clock.now()) return { status: 'Healthy' };
    return {
      status: 'Unhealthy',
      detail: `the SDI worker has made no progress for ${Math.round(silentMs / 1000)} s while jobs are due`,
    };
  }

  private wall(): number {
    return (this.deps.wall ?? Date.now)();
  }

  private wake(): void {
    if (!this.stopped && !this.ticking) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // The worker never keeps the process alive on its own: closing the server is what ends it.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    this.heartbeat = this.wall();
    let wait = WORKER_POLL_MS;
    try {
      await this.deps.queue.runDue();
      this.heartbeat = this.wall();
      const next = this.deps.queue.nextDueAt();
      if (next !== null) {
        wait = Math.max(0, Math.min(WORKER_POLL_MS, next.getTime() - this.deps.clock.now().getTime()));
      }
    } catch (error) {
      // A failing database must not take the server down; /health reports it and the next tick retries.
      this.deps.logger.error({ err: error }, 'SDI worker: running due jobs failed');
    } finally {
      this.ticking = false;
    }
    if (!this.stopped) this.schedule(wait);
  }
}
