/** `npm run sandbox -- seed --profile demo`, timed: five companies, a year of invoices through the real pipeline. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Figure } from './report.ts';
import { seedDataFolder } from '../src/sandbox-server/index.ts';

export async function benchSeed(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-bench-seed-'));
  try {
    const report = await seedDataFolder(dataDir, { seed: 1, profile: 'demo', account: 'default' });
    const invoices = report.environments.reduce((sum, e) => sum + e.sent + e.received, 0);
    const live = report.environments.find((e) => e.environment === 'live')!;
    return [
      {
        name: `seed --profile demo: ${report.companies.length} companies, ${live.sent} sent + ${live.received} received in a year`,
        value: report.seconds,
        unit: 's',
        target: { max: 30 },
      },
      {
        name: `  invoices through the SDI pipeline (${invoices} in all)`,
        value: invoices / report.seconds,
        unit: '/s',
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
