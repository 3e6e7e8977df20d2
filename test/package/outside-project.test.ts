import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CHROMIUM_MISSING, chromiumInstalled } from '../support/chromium.ts';
import { freePort } from '../support/npm-sandbox.ts';
import {
  ciRecipe,
  projectEnv,
  groupAlive,
  installedProject,
  packSandbox,
  playwrightTest,
  qaExamples,
  removeProject,
  repo,
  serveUntilHealthy,
  timed,
  timedAsync,
} from './outside-project.ts';
import { startPrebuildMirror } from './prebuild-mirror.ts';
import { sharedRendererBuild } from '../e2e/support/shared-renderer.ts';

// Packing builds the UI and installing takes npm's time: minutes on a busy machine, not a timing. A hang net only.
const HANG_NET_MS = 15 * 60_000;

if (!chromiumInstalled) {
  console.warn(`[outside-project] the UI example is skipped: ${CHROMIUM_MISSING}`);
}

describe('the scambio-sandbox package in a project outside this repository', () => {
  let dir = '';
  beforeAll(async () => {
    // The UI this run's journeys test, built once (shared-renderer.ts): the same source, not a second build.
    const ui = await sharedRendererBuild();
    const tarball = timed('npm run pack:sandbox', () => packSandbox(ui));
    // better-sqlite3's prebuilt binary from a local stand-in of its GitHub download (prebuild-mirror.ts says why).
    const mirror = await startPrebuildMirror(repo);
    try {
      dir = await timedAsync('npm install (tarball + @playwright/test)', () =>
        installedProject(tarball, mirror.env),
      );
    } finally {
      await mirror.close();
    }
  }, HANG_NET_MS);
  afterAll(() => {
    if (dir) removeProject(dir);
  });

  it(
    'runs docs/qa.md’s API-only Playwright example',
    () => {
      const [, apiOnly] = qaExamples("from 'scambio-sandbox/testing/playwright'");
      expect(apiOnly).toContain('ui: false');
      writeFileSync(join(dir, 'api.spec.ts'), apiOnly!);
      const output = timed('npx playwright test api.spec.ts', () => playwrightTest(dir, ['api.spec.ts']));
      expect(output).toMatch(/1 passed/);
    },
    HANG_NET_MS,
  );

  it.skipIf(!chromiumInstalled)(
    'runs docs/qa.md’s Playwright fixture example on the UI (needs Chromium)',
    () => {
      const [ui] = qaExamples("from 'scambio-sandbox/testing/playwright'");
      expect(ui).toContain('page.getByTestId');
      writeFileSync(join(dir, 'ui.spec.ts'), ui!);
      const output = timed('npx playwright test ui.spec.ts', () => playwrightTest(dir, ['ui.spec.ts']));
      expect(output).toMatch(/1 passed/);
    },
    HANG_NET_MS,
  );

  it('compiles a strict TypeScript file against its declarations with skipLibCheck off: every type they show resolves', () => {
    // What a project's `tsc` reads when it checks its tests: the kit's Scambio, its server (the Express app and
    // the SQLite store behind it) and the typed client, resolved from the project's node_modules only.
    writeFileSync(
      join(dir, 'types-check.ts'),
      [
        "import { startScambio, type Scambio } from 'scambio-sandbox/testing';",
        "import { ScambioClient } from 'scambio-sandbox/client';",
        "import { test } from 'scambio-sandbox/testing/playwright';",
        'export async function check(): Promise<number> {',
        '  const scambio: Scambio = await startScambio({ ui: false });',
        '  const port: number | undefined = scambio.server?.port;',
        "  const client = ScambioClient.connect({ baseUrl: scambio.baseUrl, apiKey: 'ik_test_x' });",
        '  await scambio.close();',
        '  return (port ?? 0) + (client ? 1 : 0) + (typeof test === "function" ? 1 : 0);',
        '}',
      ].join('\n'),
    );
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', 'false', '--target', 'es2022'];
    const compiled = spawnSync(
      process.execPath,
      [tsc, ...args, '--module', 'nodenext', '--moduleResolution', 'nodenext', 'types-check.ts'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(compiled.status, `${compiled.stdout}${compiled.stderr}`).toBe(0);
  });

  it('serves with `npx scambio-sandbox serve`, its API reference page included, and stops on SIGTERM leaving no process behind', async () => {
    const port = await freePort();
    const served = await serveUntilHealthy(dir, port);
    console.log(
      `[outside-project] npx scambio-sandbox serve to a healthy /v1/health: ${served.ms.toFixed(0)} ms`,
    );
    // Swagger UI ships inside the package: no swagger-ui-dist, so no @scarf/scarf install script phoning home.
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
      const answer = await fetch(`http://127.0.0.1:${port}/docs/${asset}`);
      expect(answer.status, asset).toBe(200);
    }
    expect(existsSync(join(dir, 'node_modules/@scarf'))).toBe(false);
    const pgid = served.child.pid!;
    // `close`: npx and the server (which shares its output) are gone, and what they printed is all read.
    const exited = new Promise((resolve) => served.child.once('close', resolve));
    served.child.kill('SIGTERM');
    await exited;
    // npx forwards the signal; the server checkpoints and exits within its grace period.
    const until = Date.now() + 20_000;
    while (groupAlive(pgid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    const left = groupAlive(pgid);
    if (left) process.kill(-pgid, 'SIGKILL');
    expect(left, served.output()).toBe(false);
    expect(served.output()).toContain('Scambio sandbox listening on');
  }, 120_000);

  it('runs docs/qa.md’s shell recipe for CI as written', () => {
    writeFileSync(join(dir, 'recipe.sh'), ciRecipe('sh'));
    const run = timed('bash recipe.sh', () =>
      spawnSync('bash', ['-eu', '-o', 'pipefail', 'recipe.sh'], {
        cwd: dir,
        env: projectEnv(dir),
        encoding: 'utf8',
        timeout: 180_000,
      }),
    );
    expect(run.status, run.stderr).toBe(0);
    // The health answer, then the (empty) company list read with the key the recipe chose.
    expect(run.stdout).toContain('"status"');
    expect(run.stdout.trim().endsWith('[]')).toBe(true);
    expect(existsSync(join(dir, 'sandbox.json'))).toBe(false);
  }, 240_000);

  it('runs docs/qa.md’s GitHub Actions workflow: its steps after checkout, Node and npm ci', async () => {
    interface Step {
      uses?: string;
      run?: string;
      env?: Record<string, string>;
    }
    const workflow = parse(ciRecipe('yaml')) as {
      jobs: { test: { env: Record<string, string>; steps: Step[] } };
    };
    const job = workflow.jobs.test;
    const setup = job.steps.findIndex((step) => step.run === 'npm ci');
    expect(setup).toBeGreaterThan(0);
    // The harness did what the setup steps do (the project is installed); `npm test` is the project's own test.
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        ...(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as object),
        scripts: { test: 'node check-sandbox.mjs' },
      }),
    );
    writeFileSync(
      join(dir, 'check-sandbox.mjs'),
      [
        "const auth = 'Basic ' + Buffer.from(process.env.SCAMBIO_SANDBOX_KEY + ':').toString('base64');",
        "const res = await fetch(process.env.SCAMBIO_API + '/company', { headers: { authorization: auth } });",
        "if (res.status !== 200) throw new Error('GET /company answered ' + res.status);",
        "console.log('sandbox answered', res.status);",
      ].join('\n'),
    );
    const port = String(await freePort());
    const onPort = (env: Record<string, string> = {}) =>
      Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value.replaceAll('8780', port)]));
    const runnerTemp = mkdtempSync(join(dir, 'runner-temp-'));
    const log = join(dir, 'steps.log');
    try {
      for (const step of job.steps.slice(setup + 1)) {
        const script = step.run!.replaceAll('8780', port);
        // GitHub's bash: -e and pipefail. The server started in the background writes to files, not to the step's
        // pipes (stderr goes to a log), so the step ends when its script does.
        const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
          cwd: dir,
          env: { ...projectEnv(dir), ...onPort(job.env), ...onPort(step.env), RUNNER_TEMP: runnerTemp },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', openSync(log, 'a')],
          timeout: 180_000,
        });
        expect(run.status, `${script}\n${readFileSync(log, 'utf8')}`).toBe(0);
      }
    } finally {
      // The job's end: the sandbox it started in the background is stopped by the pid it printed.
      const readyFile = join(runnerTemp, 'scambio.json');
      if (existsSync(readyFile) && readFileSync(readyFile, 'utf8').trim() !== '') {
        const { pid } = JSON.parse(readFileSync(readyFile, 'utf8')) as { pid: number };
        const alive = () => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        };
        process.kill(pid, 'SIGTERM');
        const until = Date.now() + 20_000;
        while (alive() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(alive()).toBe(false);
      }
    }
  }, 240_000);
});
