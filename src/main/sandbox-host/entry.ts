/**
 * The sandbox host process: the same server as `npm run sandbox`, away from the main process, so synchronous
 * SQLite work (a 10,000-invoice export) never stalls the window or the gateway.
 */
import pino from 'pino';
import {
  fixedDataKeySource,
  headlessDataKeySource,
  startSandboxServer,
  type SandboxServer,
} from '../../sandbox-server/index.ts';
import { parentPort } from './parent-port.ts';
import { LOCAL_ACCOUNT, type StartHost } from './protocol.ts';

const port = parentPort();
let server: SandboxServer | null = null;
let sessionKey: string | null = null;

async function start(message: StartHost): Promise<void> {
  server = await startSandboxServer({
    dataDir: message.dataDir,
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: message.logLevel }),
    dataKey: message.keychainDataKey
      ? {
          ...fixedDataKeySource(Buffer.from(message.keychainDataKey, 'base64')),
          description: 'the OS keychain',
        }
      : headlessDataKeySource(message.dataDir),
    // The window loads the renderer from disk; `/app/` is for browsers in headless mode.
    uiDir: null,
  });
  sessionKey = server.services.keys.create({
    account: LOCAL_ACCOUNT,
    environment: 'test',
    session: true,
  }).key;
  port.post({ type: 'ready', baseUrl: server.baseUrl, sessionKey });
}

async function stop(): Promise<void> {
  const closing = server;
  server = null;
  if (closing) {
    if (sessionKey) closing.services.keys.revoke(sessionKey);
    // In-flight requests finish and the database closes before the answer.
    await closing.close();
  }
  port.post({ type: 'stopped' });
  // Give the message time to leave before the process does.
  setImmediate(() => process.exit(0));
}

port.onMessage((message) => {
  if (message.type === 'start' && !server) {
    start(message).catch((error: unknown) => {
      port.post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      setImmediate(() => process.exit(1));
    });
  } else if (message.type === 'stop') {
    void stop();
  }
});
