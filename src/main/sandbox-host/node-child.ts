import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HostChild } from './launch.ts';

export const HOST_ENTRY = fileURLToPath(new URL('./entry.ts', import.meta.url));

/** The host under plain Node (`child_process.fork` with tsx), for tests and benchmarks where Electron cannot run. */
export function forkSandboxHost(env: NodeJS.ProcessEnv = process.env): HostChild {
  const child = fork(HOST_ENTRY, [], { execArgv: ['--import', 'tsx'], env, stdio: 'inherit' });
  return {
    postMessage: (message) => void child.send(message),
    onMessage: (listener) => void child.on('message', listener as (message: unknown) => void),
    onExit: (listener) => void child.on('exit', (code) => listener(code)),
    kill: () => void child.kill('SIGKILL'),
  };
}
