/**
 * `npm run audit`: the production dependencies' known vulnerabilities, through `npm audit --omit=dev`.
 * Fails on any high or critical finding. When the registry in use has no audit endpoint (a mirror answering
 * 405, or no network), it says so loudly (NOT AUDITED, on stdout and stderr) and does not pretend the tree was
 * checked: the exit code is then 0 only because nothing could be asked (1 with SCAMBIO_REQUIRE_AUDIT=1).
 */
import { spawnSync } from 'node:child_process';

interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[]; fixAvailable: unknown }>;
  statusCode?: number;
  message?: string;
  error?: { summary?: string };
}

const BLOCKING = ['high', 'critical'];

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report: AuditReport;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  process.stdout.write(`npm audit gave no report (${run.stderr.trim().split('\n').pop() ?? 'no output'}).\n`);
  process.exit(1);
}

if (report.statusCode !== undefined || report.error !== undefined) {
  const why = report.message ?? report.error?.summary ?? `status ${report.statusCode}`;
  // Loud, on both streams: a green run here must never be read as "no known vulnerabilities".
  const banner = [
    '*** NOT AUDITED ***',
    `The registry refused the audit request (${why}): no dependency was checked for known vulnerabilities.`,
    'Run `npm run audit:prod` where the public npm registry answers, or set SCAMBIO_REQUIRE_AUDIT=1 to fail here.',
  ].join('\n');
  process.stdout.write(`${banner}\n`);
  process.stderr.write(`${banner}\n`);
  process.exit(process.env.SCAMBIO_REQUIRE_AUDIT === '1' ? 1 : 0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const blocking = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) =>
  BLOCKING.includes(v.severity),
);
process.stdout.write(
  `npm audit --omit=dev: ${Object.entries(counts)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ')}\n`,
);
for (const [name, v] of blocking) process.stdout.write(`  ${v.severity}: ${name}\n`);
process.exit(blocking.length > 0 ? 1 : 0);
