/**
 * A data folder's database, opened without the HTTP server: `keys`, `sample` and the testing kit use it alone, and
 * the CLI starts faster for not loading Express and the routes (server.ts re-exports it).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { headlessDataKeySource, type DataKeySource } from './crypto/data-key.ts';
import { DATABASE_FILE } from './locations.ts';
import { openStore, type Store } from './store/store.ts';

/** The server's defaults, here so the CLI's usage can name them without loading the server. */
export const DEFAULT_PORT = 8780;
export const DEFAULT_HOST = '127.0.0.1';
/** SDI's limit for one transmitted file (sdi-rules.md, code 00003). */
export const DEFAULT_MAX_INVOICE_BYTES = 5 * 1024 * 1024;
/** How long a shutdown waits for requests in flight before cutting their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Opens (or creates) the data directory's database, unlocked with its data key (headless: the
 * `SCAMBIO_MASTER_KEY` variable or `master.key`; the desktop app passes the keychain's).
 */
export function openSandboxStore(dataDir: string, keySource?: DataKeySource): Store {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return openStore(join(dataDir, DATABASE_FILE), keySource ?? headlessDataKeySource(dataDir));
}

/** The port asked for is taken (another Scambio, or another program): the CLI says so in one line. */
export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`Port ${port} on ${host} is already in use (another Scambio sandbox, or another program).`);
  }
}
