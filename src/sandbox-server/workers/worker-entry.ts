/**
 * A worker thread of the sandbox server's pool (pool.ts): runs one task of tasks.ts at a time and answers
 * with its output or its error. Built as `sandbox-worker.js` in the desktop bundle (electron.vite.config.ts).
 */
import { parentPort } from 'node:worker_threads';
import { TASKS, type TaskName } from './tasks.ts';

export interface TaskRequest {
  name: TaskName;
  input: unknown;
}

export type TaskReply =
  { ok: true; output: unknown } | { ok: false; error: { name: string; message: string; stack?: string } };

const port = parentPort;
if (port === null) throw new Error('worker-entry.ts runs as a worker thread of the sandbox pool');

port.on('message', (request: TaskRequest) => {
  void answer(request).then(
    ({ reply, transfer }) => port.postMessage(reply, transfer),
    (error: unknown) => port.postMessage(failure(error)),
  );
});

async function answer(request: TaskRequest): Promise<{ reply: TaskReply; transfer: ArrayBuffer[] }> {
  // One table entry, whichever task: the input was typed by the pool's caller.
  const task = TASKS[request.name] as {
    run(input: unknown): unknown;
    transfer?(output: unknown): ArrayBuffer[];
  };
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
