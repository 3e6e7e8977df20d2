/**
 * The thread side of a worker pool (pool.ts): a thread's entry module calls `serveTasks` with the table its pool
 * was made with (the server's: worker-thread.ts), and the thread then runs one task at a time, answering with
 * its output or its error.
 */
import { parentPort } from 'node:worker_threads';
import type { TaskDefinition, TaskTable } from './task.ts';

export interface TaskRequest {
  name: string;
  input: unknown;
}

export type TaskReply =
  { ok: true; output: unknown } | { ok: false; error: { name: string; message: string; stack?: string } };

export function serveTasks(tasks: TaskTable): void {
  const port = parentPort;
  if (port === null) throw new Error('serveTasks runs on a worker thread of a pool');
  port.on('message', (request: TaskRequest) => {
    void answer(tasks, request).then(
      ({ reply, transfer }) => port.postMessage(reply, transfer),
      (error: unknown) => port.postMessage(failure(error)),
    );
  });
}

async function answer(
  tasks: TaskTable,
  request: TaskRequest,
): Promise<{ reply: TaskReply; transfer: ArrayBuffer[] }> {
  // One table entry, whichever task: the input was typed by the pool's caller.
  const task = tasks[request.name] as TaskDefinition<unknown, unknown>;
  try {
    const output = await task.run(request.input);
    return { reply: { ok: true, output }, transfer: task.transfer?.(output) ?? [] };
  } catch (error) {
    return { reply: failure(error), transfer: [] };
  }
}

function failure(error: unknown): TaskReply {
  const e = error instanceof Error ? error : new Error(String(error));
  return { ok: false, error: { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) } };
}
