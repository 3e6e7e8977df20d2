/**
 * The work the server hands to its worker threads, as one table: each capability defines its tasks beside the
 * code they run (domain/, signing/, store/), and this table gathers them for the pool (workers/pool.ts, which
 * knows no task of its own) and for each of its threads (worker-thread.ts). composition.ts builds the pool; each
 * service asks for a `TaskRunner` of just the tasks it runs.
 */
import { INVOICE_INSPECTION_TASKS } from './domain/invoice-inspection.ts';
import { JSON_BODY_TASKS } from './domain/json-body-tasks.ts';
import { CADES_TASKS } from './signing/cades-task.ts';
import { PAYLOAD_TASKS } from './store/payload.ts';
import { WorkerPool, type ThreadEntry, type WorkerPoolOptions } from './workers/pool.ts';
import { probeTask } from './workers/task.ts';

export const SERVER_TASKS = {
  ...INVOICE_INSPECTION_TASKS,
  ...CADES_TASKS,
  ...JSON_BODY_TASKS,
  ...PAYLOAD_TASKS,
  probe: probeTask,
};

export type ServerTasks = typeof SERVER_TASKS;

/** Threads start from worker-thread.ts: `sandbox-worker.js` in the desktop bundle (electron.vite.config.ts). */
const SERVER_THREAD: ThreadEntry = {
  base: import.meta.url,
  source: './worker-thread.ts',
  bundle: 'sandbox-worker.js',
};

/** The server's worker pool: its tasks, on threads of its own. */
export function serverWorkerPool(options: WorkerPoolOptions = {}): WorkerPool<ServerTasks> {
  return new WorkerPool(SERVER_TASKS, SERVER_THREAD, options);
}
