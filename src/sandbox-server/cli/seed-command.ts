import pino from 'pino';
import { Clocks, SandboxClock, systemClock } from '../clock.ts';
import { createServices } from '../composition.ts';
import { ApiKeyService } from '../domain/api-keys.ts';
import { cryptoRandom } from '../random.ts';
import { SeededRandom } from '../seed/random.ts';
import { defaultAnchor, SeedConflict, seedAccount, type SeedOptions, type SeedReport } from '../seed/seed.ts';
import { DEFAULT_MAX_INVOICE_BYTES, openSandboxStore } from '../server.ts';

/**
 * `npm run sandbox -- seed` without its printing (also `seedDataFolder` of index.ts, and QA's kit): seeds the
 * named account of a data folder, offline (no server needs to run, and none may run on the folder meanwhile).
 * The services get the seed's own random stream for SDI identifiers, file names and message ids, and a clock of
 * their own, so the same seed and the same `until` give the same data, byte for byte in every API answer. With
 * `until`, the account's sandbox clock is set to it afterwards (and runs on from there); without, it is left
 * alone. The live environment follows real time.
 */
export async function seedDataFolder(
  dataDir: string,
  options: SeedOptions & { account: string },
): Promise<SeedReport> {
  const started = performance.now();
  const store = openSandboxStore(dataDir);
  try {
    // The account's sandbox clock as the folder keeps it (real time for a new account).
    const folderClocks = new Clocks(systemClock, store.sandboxClocks);
    const existing = store.accounts.idOf(options.account);
    const sandboxNow =
      existing === null ? systemClock.now() : folderClocks.now({ accountId: existing, environment: 'test' });
    const until = options.until ?? defaultAnchor(sandboxNow);
    // The run's own clock, for both environments: the saved sandbox clocks play no part while seeding.
    const clock = new SandboxClock(null, () => until.getTime());
    const services = createServices({
      store,
      clocks: new Clocks(clock),
      random: new SeededRandom(options.seed, 'sdi').source(),
      limits: { maxBytes: DEFAULT_MAX_INVOICE_BYTES },
      dataDir,
      logger: pino({ level: 'silent' }),
    });
    try {
      const firstRun = store.accounts.count() === 0;
      const accountId = store.accounts.ensure(options.account, until.toISOString());
      const result = await seedAccount({ store, services, clock, accountId }, { ...options, until });
      const newKey = firstRun
        ? new ApiKeyService(store, systemClock, cryptoRandom).create({
            account: options.account,
            environment: 'test',
          }).key
        : null;
      if (options.until) folderClocks.sandbox(accountId).set(options.until);
      return { ...result, newKey, seconds: (performance.now() - started) / 1000 };
    } finally {
      await services.jobs.close();
      await services.workers.close();
    }
  } finally {
    store.close();
  }
}

/** `sandbox seed`: seeds the folder and prints what it made, or why it made nothing (exit 1). */
export async function seedCommand(
  dataDir: string,
  options: Omit<SeedOptions, 'until'> & { until?: Date; account: string },
): Promise<number> {
  try {
    const report = await seedDataFolder(dataDir, options);
    const out: string[] = [
      `Seeded profile ${report.profile} (seed ${report.seed}) up to ${report.until} in ${report.seconds.toFixed(1)} s`,
      `Data folder: ${dataDir}, account "${options.account}"`,
      'Companies:',
      ...report.companies.map((c) => `  ${c.vat}  ${c.name}`),
    ];
    for (const env of report.environments) {
      const where = env.environment === 'test' ? 'sandbox (ik_test_ keys)' : 'live (ik_live_ keys)';
      out.push(
        `${where}: ${env.sent} invoices sent, ${env.received} received from suppliers, ${env.webhookDeliveries} webhook deliveries`,
      );
    }
    if (report.newKey) out.push(`New sandbox API key (shown once): ${report.newKey}`);
    if (report.environments.some((e) => e.environment === 'live')) {
      out.push(
        `A key for the live data: npm run --silent sandbox -- keys create --env live --account ${options.account} --data-dir ${dataDir}`,
      );
    }
    process.stdout.write(`${out.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof SeedConflict)) throw error;
    process.stderr.write(`Nothing seeded: ${error.message}. Seed a new --data-dir, or another --account.\n`);
    return 1;
  }
}
