/** Messages between the main process and the sandbox host process (an Electron utility process, or a Node fork). */

/** The sandbox account the desktop app works in; `npm run sandbox` prints its first key for the same account. */
export const LOCAL_ACCOUNT = 'default';

export interface StartHost {
  type: 'start';
  dataDir: string;
  /** The keychain's data key in Base64, or null for the headless way (env variable or `master.key`). */
  keychainDataKey: string | null;
  logLevel: string;
}

export type MainToHost = StartHost | { type: 'stop' };

export type HostToMain =
  /** `sessionKey`: a test key made for this run, revoked on stop; main keeps it, the window never sees it. */
  | { type: 'ready'; baseUrl: string; sessionKey: string }
  | { type: 'failed'; message: string }
  | { type: 'stopped' };
