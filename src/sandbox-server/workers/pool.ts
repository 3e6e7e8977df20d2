/**
 * Worker threads for CPU-heavy work (reading and validating invoice files, signing), off the one event loop that
 * answers every account's requests. A fixed number of threads, started on first use; idle ones do not keep the
 * process alive; a bounded queue in front of them. The pool runs the tasks of the table its caller gives it
 * (task.ts), on threads that start from the caller's entry module (`ThreadEntry`, thread.ts).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TaskDefinition, TaskInput, TaskOutput, TaskTable } from './task.ts';
import type { TaskReply, TaskRequest } from './thread.ts';

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

/**
 * Where a pool's threads start: the module that calls `serveTasks` (thread.ts) with the pool's table. From
 * source (the tsx CLI, vitest) that module is TypeScript; in the desktop bundle electron-vite builds it as a file
 * of its own (electron.vite.config.ts).
 */
export interface ThreadEntry {
  /** `import.meta.url` of the module that names the entry: `source` and `bundle` are found from it. */
  base: string;
  /** The entry's source, relative to `base`. */
  source: string;
  /** The entry's bundled file, in `base`'s folder or the one above (`base` may sit in the bundle's `chunks/`). */
  bundle: string;
}

/** What the services need of the pool, for the tasks they use: tests and tools may run the same tasks inline. */
export interface TaskRunner<T extends TaskTable> {
  run<N extends keyof T & string>(name: N, input: TaskInput<T, N>): Promise<TaskOutput<T, N>>;
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

export class WorkerPool<T extends TaskTable> implements TaskRunner<T> {
  readonly size: number;
  private readonly maxQueue: number;
  private readonly inlineBelow: number;
  private readonly maxHeapMb: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private idle: (() => void)[] = [];
  private closed = false;
  private readonly handedToThreads = new Map<string, number>();

  constructor(
    private readonly tasks: T,
    private readonly thread: ThreadEntry,
    options: WorkerPoolOptions = {},
  ) {
    this.size = Math.max(0, options.size ?? Math.max(1, availableParallelism() - 1));
    this.maxQueue = options.maxQueue ?? 1000;
    this.inlineBelow = options.inlineBelowBytes ?? 16 * 1024;
    this.maxHeapMb = options.maxHeapMb ?? 256;
  }

  run<N extends keyof T & string>(name: N, input: TaskInput<T, N>): Promise<TaskOutput<T, N>> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    const task = this.tasks[name] as TaskDefinition<unknown, unknown>;
    if (this.size === 0 || (task.size !== undefined && task.size(input) < this.inlineBelow)) {
      return Promise.resolve().then(() => task.run(input) as TaskOutput<T, N>);
    }
    if (this.queue.length >= this.maxQueue) return Promise.reject(new WorkerPoolBusyError());
    this.handedToThreads.set(name, (this.handedToThreads.get(name) ?? 0) + 1);
    return new Promise<TaskOutput<T, N>>((resolve, reject) => {
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
  threadRuns(name: keyof T & string): number {
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
    const { url, workerData } = workerEntry(this.thread);
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
 * Where a thread's code is. From source (the tsx CLI, vitest) the entry is TypeScript, and a worker thread
 * starts with a fresh module loader: neither vitest's transform nor the CLI's tsx hooks reach it, and under
 * Node 20 neither does `execArgv: ['--import', 'tsx']`. So it starts from a plain-JS bootstrap beside this file
 * that registers tsx, then imports the entry. In the desktop bundle the entry is its own file (for the server,
 * `sandbox-worker.js` next to `sandbox-host.js`), and the module that named it sits in that folder or in its
 * `chunks/`.
 */
function workerEntry(thread: ThreadEntry): { url: URL; workerData?: { entry: string } } {
  const { base } = thread;
  if (base.endsWith('.ts')) {
    return {
      url: new URL('./tsx-bootstrap.mjs', import.meta.url),
      workerData: { entry: new URL(thread.source, base).href },
    };
  }
  for (const candidate of [`./${thread.bundle}`, `../${thread.bundle}`]) {
    const url = new URL(candidate, base);
    if (existsSync(url)) return { url };
  }
  throw new Error(`${thread.bundle} is not beside ${base}`);
}
