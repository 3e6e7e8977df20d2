import { SeedConflict, seedDataFolder, type SeedOptions } from '../seed/seed.ts';

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
