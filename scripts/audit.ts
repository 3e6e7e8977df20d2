/**
 * `npm run audit`: the production dependencies' known vulnerabilities, through `npm audit --omit=dev`.
 * Fails on any high or critical finding. When the registry in use has no audit endpoint (a mirror answering
 * 405, or no network), it says so in one line and does not pretend the tree was checked: the exit code is
 * then 0 only because nothing could be asked, and the line says exactly that.
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
  process.stdout.write(`npm audit unavailable: the registry did not answer the audit request (${why}).\n`);
  process.exit(0);
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
