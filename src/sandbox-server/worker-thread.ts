/**
 * A worker thread of the server's pool: serves the server's tasks (worker-tasks.ts). Built as `sandbox-worker.js`
 * in the desktop bundle (electron.vite.config.ts).
 */
import { SERVER_TASKS } from './worker-tasks.ts';
import { serveTasks } from './workers/thread.ts';

serveTasks(SERVER_TASKS);
