import type { HostToMain, MainToHost, StartHost } from './protocol.ts';

/** The child process as main sees it: Electron's UtilityProcess, or an adapter over a Node fork in tests. */
export interface HostChild {
  postMessage(message: MainToHost): void;
  onMessage(listener: (message: HostToMain) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

export interface RunningSandbox {
  baseUrl: string;
  /** The local profile's key: kept in main, used by the gateway, revoked by the host on stop. */
  sessionKey: string;
  /** Asks the host to finish in-flight requests and close the database; kills it if it does not within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Settles with the exit code when the process ends, asked to or not. */
  readonly exited: Promise<number | null>;
}

/** Starts the sandbox in a child process and resolves once it listens on loopback. */
export function launchSandboxHost(child: HostChild, start: Omit<StartHost, 'type'>): Promise<RunningSandbox> {
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) => {
    child.onExit((code) => {
      hasExited = true;
      resolve(code);
    });
  });
  return new Promise((resolve, reject) => {
    child.onExit((code) =>
      reject(new Error(`The sandbox process exited before it was ready (code ${code}).`)),
    );
    child.onMessage((message) => {
      if (message.type === 'failed') reject(new Error(message.message));
      if (message.type !== 'ready') return;
      resolve({
        baseUrl: message.baseUrl,
        sessionKey: message.sessionKey,
        exited,
        stop: async (graceMs = 10_000) => {
          if (hasExited) return;
          child.postMessage({ type: 'stop' });
          const timer = setTimeout(() => child.kill(), graceMs);
          await exited;
          clearTimeout(timer);
        },
      });
    });
    child.postMessage({ type: 'start', ...start });
  });
}
