/**
 * What a worker pool (pool.ts) runs: tasks by name, each a function of plain structured-clone data, typed once
 * for both sides. The pool knows no task of its own: its caller hands it a table (the server's is
 * worker-tasks.ts), and the thread it starts serves the same table (thread.ts). The same functions run inline
 * when the pool keeps a small input on the calling thread, so there is one code path either way.
 */
import { threadId } from 'node:worker_threads';

export interface TaskDefinition<I, O> {
  run(input: I): O | Promise<O>;
  /** The input's weight in bytes, for the pool's choice to run a small one inline. */
  size?(input: I): number;
  /** Buffers of the output to move rather than copy to the calling thread. */
  transfer?(output: O): ArrayBuffer[];
  /** Buffers of the input to move rather than copy to the thread: the caller hands them over. */
  moveInput?(input: I): ArrayBuffer[];
}

/** A task's definition, its input and output types inferred from `run`. */
export function task<I, O>(definition: TaskDefinition<I, O>): TaskDefinition<I, O> {
  return definition;
}

/** A pool's tasks by name. */
export type TaskTable = Readonly<Record<string, TaskDefinition<never, unknown>>>;

export type TaskInput<T extends TaskTable, N extends keyof T> = Parameters<T[N]['run']>[0];
export type TaskOutput<T extends TaskTable, N extends keyof T> = Awaited<ReturnType<T[N]['run']>>;

/** Buffers wholly owned by one view: moving them detaches nothing else (Node's pooled Buffers are shared). */
export function ownedBuffers(views: (Uint8Array | null)[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const view of views) {
    if (view === null || !(view.buffer instanceof ArrayBuffer)) continue;
    if (view.byteOffset !== 0 || view.byteLength !== view.buffer.byteLength) continue;
    if (!buffers.includes(view.buffer)) buffers.push(view.buffer);
  }
  return buffers;
}

export interface ProbeInput {
  /** Throw an error with this message. */
  fail?: string;
  /** Keep the thread busy this long (tests: a task that outlasts others). */
  busyMs?: number;
}

/** Which thread ran it; a task any table may hold, for tests and diagnostics. */
export const probeTask = task({
  run(input: ProbeInput): { threadId: number } {
    if (input.fail !== undefined) throw new Error(input.fail);
    const until = Date.now() + (input.busyMs ?? 0);
    while (Date.now() < until) {
      // Busy on purpose.
    }
    return { threadId };
  },
});
