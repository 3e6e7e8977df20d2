/**
 * The sandbox server's one public entry: the Electron main process, its sandbox host, `npm start`, the CLI's
 * launcher and the benches import from here and nowhere else in this folder (test/sandbox-server/entry.test.ts).
 * QA's kit has its own package entry, `scambio-sandbox/testing`.
 *
 * Light to load, on purpose: the window's process imports it for the data folder and the data key's names, and
 * must not load Express, SQLite or the SDI. Everything heavier is loaded by `import()` on its first call, which
 * is also why those functions are async.
 */
import type { Environment } from '../shared/api/types.ts';
import type { DataKeySource } from './crypto/data-key.ts';
import type { SandboxOptions, SandboxServer } from './server.ts';
import type { SeedOptions, SeedReport } from './seed/seed.ts';
import type { Store } from './store/store.ts';

export { APP_NAME, DATABASE_FILE, DEFAULT_UI_DIR, defaultDataDir } from './locations.ts';
export {
  fixedDataKeySource,
  headlessDataKeySource,
  MASTER_KEY_ENV,
  MASTER_KEY_FILE,
  type DataKeySource,
} from './crypto/data-key.ts';
export { DEFAULT_ACCOUNT } from './accounts.ts';
export type { SandboxOptions, SandboxServer, SeedOptions, SeedReport, Store };

/** Starts the local v1 API on loopback with its SDI worker (see server.ts). */
export async function startSandboxServer(options: SandboxOptions): Promise<SandboxServer> {
  const server = await import('./server.ts');
  return server.startSandboxServer(options);
}

/** Opens a data folder's database without a server, e.g. to seed it in bulk; close it before serving. */
export async function openSandboxStore(dataDir: string, keySource?: DataKeySource): Promise<Store> {
  const server = await import('./server.ts');
  return server.openSandboxStore(dataDir, keySource);
}

/** A new API key in an open store, made as `keys create` makes it; the key itself is only in this answer. */
export async function createApiKey(
  store: Store,
  options: { account: string; environment: Environment },
): Promise<{ key: string; accountId: number }> {
  const [{ ApiKeyService }, { systemClock }, { cryptoRandom }] = await Promise.all([
    import('./domain/api-keys.ts'),
    import('./clock.ts'),
    import('./random.ts'),
  ]);
  const { key, record } = new ApiKeyService(store, systemClock, cryptoRandom).create(options);
  return { key, accountId: record.accountId };
}

/** `npm run sandbox -- seed`, as a function: realistic invoices through the real pipeline, offline. */
export async function seedDataFolder(
  dataDir: string,
  options: SeedOptions & { account: string },
): Promise<SeedReport> {
  const command = await import('./cli/seed-command.ts');
  return command.seedDataFolder(dataDir, options);
}

/** The `sandbox` command line (`serve`, `keys`, `sample`, `seed`, …); resolves to the exit code. */
export async function runSandboxCli(argv: string[]): Promise<number> {
  const cli = await import('./cli/sandbox.ts');
  return cli.main(argv);
}
