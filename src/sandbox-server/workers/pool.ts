/**
 * The sandbox server's worker threads: CPU-heavy work (reading and validating invoice files, signing) runs
 * here, off the one event loop that answers every account's requests. A fixed number of threads, started
 * on first use; idle ones do not keep the process alive; a bounded queue in front of them.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TASKS, type TaskInput, type TaskName, type TaskOutput } from './tasks.ts';
import type { TaskReply, TaskRequest } from './worker-entry.ts';

export interface WorkerPoolOptions {
  /** Threads; default one per core but one, at least one. 0 runs every task inline (comparisons, debugging). */
  size?: number;
  /** Tasks waiting for a thread beyond this are refused with WorkerPoolBusyError; default 1,000. */
  maxQueue?: number;
  /** Inputs lighter than this (bytes) run inline, where a thread round trip costs more; default 16 KiB. */
  inlineBelowBytes?: number;
  /** Heap limit of each thread, so one hostile input cannot take the whole process's memory; default 256 MB. */
  maxHeapMb?: number;
}

/** What the services need of the pool: tests and tools may run the same tasks inline. */
export interface TaskRunner {
  run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>>;
}

export class WorkerPoolBusyError extends Error {
  constructor() {
    super('the worker pool queue is full');
    this.name = 'WorkerPoolBusyError';
  }
}

type Job = {
  request: TaskRequest;
  /** Buffers of the input moved to the thread (the task's `moveInput`). */
  moved: ArrayBuffer[];
  resolve(output: unknown): void;
  reject(error: Error): void;
};
type Slot = { worker: Worker; job: Job | null };

export class WorkerPool implements TaskRunner {
  readonly size: number;
  private readonly maxQueue: number;
  private readonly inlineBelow: number;
  private readonly maxHeapMb: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private idle: (() => void)[] = [];
  private closed = false;
  private readonly handedToThreads = new Map<TaskName, number>();

  constructor(options: WorkerPoolOptions = {}) {
    this.size = Math.max(0, options.size ?? Math.max(1, availableParallelism() - 1));
    this.maxQueue = options.maxQueue ?? 1000;
    this.inlineBelow = options.inlineBelowBytes ?? 16 * 1024;
    this.maxHeapMb = options.maxHeapMb ?? 256;
  }

  run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    const task = TASKS[name] as {
      run(input: unknown): unknown;
      size?(input: unknown): number;
      moveInput?(input: unknown): ArrayBuffer[];
    };
    if (this.size === 0 || (task.size !== undefined && task.size(input) < this.inlineBelow)) {
      return Promise.resolve().then(() => task.run(input) as TaskOutput<N>);
    }
    if (this.queue.length >= this.maxQueue) return Promise.reject(new WorkerPoolBusyError());
    this.handedToThreads.set(name, (this.handedToThreads.get(name) ?? 0) + 1);
    return new Promise<TaskOutput<N>>((resolve, reject) => {
      this.queue.push({
        request: { name, input },
        moved: task.moveInput?.(input) ?? [],
        resolve: resolve as (output: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /**
   * How many tasks of this kind went to a thread rather than running inline, since the pool was made: what
   * shows (in tests, in diagnostics) that a piece of work left the event loop.
   */
  threadRuns(name: TaskName): number {
    return this.handedToThreads.get(name) ?? 0;
  }

  /** Refuses new tasks, lets queued and running ones finish, then stops the threads. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.queue.length > 0 || this.slots.some((s) => s.job !== null)) {
      await new Promise<void>((resolve) => this.idle.push(resolve));
    }
    await this.destroy();
  }

  /** Stops the threads now; tasks queued or running fail. */
  async destroy(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the worker pool was destroyed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot =
        this.slots.find((s) => s.job === null) ?? (this.slots.length < this.size ? this.spawn() : null);
      if (slot === null) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.request, job.moved);
    }
    if (this.slots.every((s) => s.job === null)) for (const resolve of this.idle.splice(0)) resolve();
  }

  private spawn(): Slot {
    const { url, workerData } = workerEntry();
    const worker = new Worker(url, {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    const slot: Slot = { worker, job: null };
    worker.unref();
    worker.on('message', (reply: TaskReply) => {
      const job = slot.job;
      slot.job = null;
      worker.unref();
      if (reply.ok) job?.resolve(reply.output);
      else job?.reject(Object.assign(new Error(reply.error.message), reply.error));
      this.dispatch();
    });
    const lost = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.job?.reject(error);
      slot.job = null;
      // The next task gets a fresh thread.
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`a worker thread stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}

/**
 * Where the worker's code is. From source (the tsx CLI, vitest) this module is TypeScript and so is the
 * entry, and a worker thread starts with a fresh module loader: neither vitest's transform nor the CLI's tsx
 * hooks reach it, and under Node 20 neither does `execArgv: ['--import', 'tsx']`. So it starts from a
 * plain-JS bootstrap beside this file that registers tsx, then imports the entry. In the desktop bundle
 * electron-vite builds the entry as `sandbox-worker.js` next to `sandbox-host.js` (electron.vite.config.ts);
 * this module sits in that folder or in its `chunks/`.
 */
function workerEntry(): { url: URL; workerData?: { entry: string } } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return {
      url: new URL('./tsx-bootstrap.mjs', here),
      workerData: { entry: new URL('./worker-entry.ts', here).href },
    };
  }
  for (const candidate of ['./sandbox-worker.js', '../sandbox-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return { url };
  }
  throw new Error(`sandbox-worker.js is not beside ${here}`);
}
