import type { HostToMain, MainToHost } from './protocol.ts';

/** The host's line to its parent, whichever kind of child process it runs in. */
export interface ParentPort {
  post(message: HostToMain): void;
  onMessage(listener: (message: MainToHost) => void): void;
}

interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Electron's `process.parentPort` in a utility process; Node's IPC channel under `child_process.fork`. */
export function parentPort(proc: NodeJS.Process = process): ParentPort {
  const electron = (proc as NodeJS.Process & { parentPort?: ElectronParentPort }).parentPort;
  if (electron) {
    return {
      post: (message) => electron.postMessage(message),
      onMessage: (listener) => electron.on('message', (event) => listener(event.data as MainToHost)),
    };
  }
  if (proc.send) {
    return {
      post: (message) => void proc.send!(message),
      onMessage: (listener) => void proc.on('message', (message) => listener(message as MainToHost)),
    };
  }
  throw new Error(
    'The sandbox host must run as a child process (utility process or fork) with a parent port.',
  );
}
