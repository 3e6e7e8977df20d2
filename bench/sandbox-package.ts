/**
 * The scambio-sandbox npm package in a project outside this repository (`tsx bench/sandbox-package.ts`, part of
 * `npm run bench`; writes its section of bench/results.md): how long the tarball takes to install and how much it
 * puts in node_modules, and what a developer waits for with it: the CLI's cold start to a healthy `/v1/health`,
 * `keys create`, a fixture with the UI, a seeded fixture. `SCAMBIO_BENCH_TARBALL` reuses a tarball already packed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Figure } from './report.ts';
import { report } from './report.ts';
import { figuresTable, machineLine, writeResultsSection } from './results-file.ts';
import { chromiumInstalled } from '../test/support/chromium.ts';
import { freePort } from '../test/support/npm-sandbox.ts';
import { installedProject, packSandbox, removeProject } from '../test/package/outside-project.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const RUNS = 5;

/** What a test file's `startScambio` takes, run in the project: with the UI, and seeded (first, then cached). */
const FIXTURE_TIMING = `import { startScambio } from 'scambio-sandbox/testing';
const time = async (options) => {
  const from = performance.now();
  const scambio = await startScambio(options);
  const ms = performance.now() - from;
  await scambio.close();
  return ms;
};
const ui = process.argv[2] === 'ui';
const seededFirst = await time({ seed: 'qa', ui: false });
const seeded = [], withUi = [];
for (let i = 0; i < ${RUNS}; i++) seeded.push(await time({ seed: 'qa', ui: false }));
for (let i = 0; ui && i < ${RUNS}; i++) withUi.push(await time({}));
console.log(JSON.stringify({ seededFirst, seeded, withUi }));
`;

function folderMb(dir: string): number {
  return Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024;
}

/** Spawn of the bin (as a package.json script runs it, no npx) to the first healthy `/v1/health`. */
async function coldStartMs(dir: string): Promise<number> {
  const data = mkdtempSync(join(tmpdir(), 'scambio-bench-cold-'));
  const port = await freePort();
  const from = performance.now();
  const child = spawn(join(dir, 'node_modules/.bin/scambio-sandbox'), [
    'serve',
    '--port',
    String(port),
    '--data-dir',
    data,
    '--log-level',
    'silent',
  ]);
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - from;
      if (child.exitCode !== null || performance.now() - from > 30_000)
        throw new Error('serve never healthy');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(data, { recursive: true, force: true });
  }
}

function keysCreateMs(dir: string, data: string): number {
  const from = performance.now();
  execFileSync(join(dir, 'node_modules/.bin/scambio-sandbox'), ['keys', 'create', '--data-dir', data]);
  return performance.now() - from;
}

export async function benchSandboxPackage(): Promise<Figure[]> {
  const tarball = process.env.SCAMBIO_BENCH_TARBALL ?? packSandbox();
  const installFrom = performance.now();
  const dir = await installedProject(tarball);
  const installS = (performance.now() - installFrom) / 1000;
  try {
    const all = folderMb(join(dir, 'node_modules'));
    const peers =
      folderMb(join(dir, 'node_modules/@playwright')) + folderMb(join(dir, 'node_modules/playwright-core'));
    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) cold.push(await coldStartMs(dir));
    const data = mkdtempSync(join(tmpdir(), 'scambio-bench-keys-'));
    keysCreateMs(dir, data); // the folder's first open creates its database: not what a later call pays
    const keys = Array.from({ length: RUNS }, () => keysCreateMs(dir, data));
    rmSync(data, { recursive: true, force: true });
    writeFileSync(join(dir, 'fixture-timing.mjs'), FIXTURE_TIMING);
    // A temp folder of its own, so the first seeded fixture finds no cached folder (tests may have left one).
    const temp = mkdtempSync(join(tmpdir(), 'scambio-bench-fixtures-'));
    const fixtures = JSON.parse(
      execFileSync(process.execPath, ['fixture-timing.mjs', chromiumInstalled ? 'ui' : 'api'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, TMPDIR: temp },
      }),
    ) as { seededFirst: number; seeded: number[]; withUi: number[] };
    rmSync(temp, { recursive: true, force: true });
    const figures: Figure[] = [
      {
        name: 'npm install of the tarball + @playwright/test (Node 20: better-sqlite3 compiled)',
        value: installS,
        unit: 's',
        target: { max: 60 },
      },
      { name: 'installed node_modules, all', value: all, unit: 'MB', target: { max: 100 } },
      { name: '  of which the peers (@playwright/test, playwright-core)', value: peers, unit: 'MB' },
      { name: 'the tarball', value: statSync(tarball).size / 2 ** 20, unit: 'MB' },
      {
        name: `cold start to a healthy /v1/health (bin, median of ${RUNS})`,
        value: median(cold) / 1000,
        unit: 's',
        target: { max: 1 },
      },
      {
        name: `keys create (median of ${RUNS})`,
        value: median(keys) / 1000,
        unit: 's',
        target: { max: 0.5 },
      },
      {
        name: 'seeded fixture (qa, API only), the first: seeds the cached folder',
        value: fixtures.seededFirst / 1000,
        unit: 's',
      },
      {
        name: `seeded fixture (qa, API only) from the cached folder (median of ${RUNS})`,
        value: median(fixtures.seeded) / 1000,
        unit: 's',
        target: { max: 1 },
      },
    ];
    if (fixtures.withUi.length > 0) {
      figures.push({
        name: `fixture with the UI, page loaded (median of ${RUNS})`,
        value: median(fixtures.withUi) / 1000,
        unit: 's',
        target: { max: 1 },
      });
    }
    return figures;
  } finally {
    removeProject(dir);
  }
}

/** The figures as bench/results.md's `sandbox-package` section. */
export function writeSandboxPackageResults(figures: Figure[]): void {
  writeResultsSection(
    'sandbox-package',
    [
      '# The scambio-sandbox package outside the repository (`tsx bench/sandbox-package.ts`, part of `npm run bench`)',
      '',
      `- ${machineLine()}`,
      '- a fresh project under the OS temp folder; `npm install --no-audit --no-fund <tarball> @playwright/test` with npm’s cache as this machine has it (packages already downloaded once), `PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1`',
      '- Node 20 has no prebuilt better-sqlite3 12 here (its download is unreachable): npm compiles it, which is most of the install; on Node 22+ the package loads better-sqlite3 13’s prebuilt Node-API build instead',
      '',
      ...figuresTable(figures),
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchSandboxPackage();
  report('The scambio-sandbox package outside the repository', figures);
  writeSandboxPackageResults(figures);
}
