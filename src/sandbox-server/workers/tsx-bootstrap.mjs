// Starts a worker thread from TypeScript source (the tsx CLI, vitest): registers tsx's loader on this thread,
// then imports the worker entry. Plain JavaScript, as nothing can load TypeScript before it runs. (Under
// Node 20, `execArgv: ['--import', 'tsx']` does not reach a worker's own entry module: it fails with
// ERR_UNKNOWN_FILE_EXTENSION.) See workerEntry() in pool.ts.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
