/**
 * A developer's project outside this repository, with the scambio-sandbox tarball installed from `npm pack`: a
 * temp folder under the OS's, so Node cannot reach this repository's node_modules from it.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repo = new URL('../../', import.meta.url).pathname;

/** No browser download, no audit or funding calls: the install asks the registry for packages only. */
const NPM_ENV = {
  ...process.env,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  npm_config_update_notifier: 'false',
};

/** Seconds each step took, printed by the test so a slow step is visible. */
export function timed<T>(name: string, run: () => T): T {
  const from = performance.now();
  const result = run();
  console.log(`[outside-project] ${name}: ${((performance.now() - from) / 1000).toFixed(1)} s`);
  return result;
}

export async function timedAsync<T>(name: string, run: () => Promise<T>): Promise<T> {
  const from = performance.now();
  const result = await run();
  console.log(`[outside-project] ${name}: ${((performance.now() - from) / 1000).toFixed(1)} s`);
  return result;
}

/** `npm run pack:sandbox`: the tarball's path is the last line it prints. */
export function packSandbox(uiFrom?: string): string {
  const args = ['--import', 'tsx', 'scripts/pack-sandbox.ts', ...(uiFrom ? ['--ui-from', uiFrom] : [])];
  const output = execFileSync(process.execPath, args, {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').pop()!;
}

/**
 * An empty project with the tarball and the repo's own @playwright/test version installed; `env` adds to npm's
 * environment (the prebuilt-binary stand-in of prebuild-mirror.ts).
 */
export async function installedProject(tarball: string, env: Record<string, string> = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'scambio-outside-'));
  const playwright = (
    JSON.parse(readFileSync(join(repo, 'node_modules/@playwright/test/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'outside', private: true, type: 'module' }),
  );
  // Not a synchronous child: this process serves the prebuilt binary the install downloads (prebuild-mirror.ts).
  await promisify(execFile)(
    'npm',
    ['install', '--no-audit', '--no-fund', '--save-dev', tarball, `@playwright/test@${playwright}`],
    { cwd: dir, env: { ...NPM_ENV, ...env }, timeout: 600_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return dir;
}

/** The ```ts blocks of docs/qa.md that import `from`: the examples a developer copies. */
export function qaExamples(from: string): string[] {
  const doc = readFileSync(join(repo, 'docs/qa.md'), 'utf8');
  return [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((code) => code.includes(from));
}

/** `npx playwright test` on the given spec files, with a hang net per test for a loaded machine. */
export function playwrightTest(dir: string, specs: string[]): string {
  writeFileSync(
    join(dir, 'playwright.config.ts'),
    "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ timeout: 240_000, workers: 1 });\n",
  );
  return execFileSync('npx', ['playwright', 'test', '--reporter=line', ...specs], {
    cwd: dir,
    env: projectEnv(dir),
    encoding: 'utf8',
    timeout: 600_000,
  });
}

/** `npx scambio-sandbox serve` in its own process group, and how long it took to answer `/v1/health`. */
export async function serveUntilHealthy(
  dir: string,
  port: number,
): Promise<{ child: ChildProcess; ms: number; output: () => string }> {
  const from = performance.now();
  const child = spawn(
    'npx',
    ['scambio-sandbox', 'serve', '--port', String(port), '--data-dir', join(dir, 'data')],
    {
      cwd: dir,
      env: projectEnv(dir),
      detached: true,
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`scambio-sandbox serve exited: ${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, ms: performance.now() - from, output: () => output };
    if (performance.now() - from > 60_000) throw new Error(`no /v1/health within 60 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether any process of the group is left (`kill -0` on the group). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export function removeProject(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The fenced block in `lang` of docs/qa.md's section "The sandbox in CI": the recipes a developer copies. */
export function ciRecipe(lang: 'sh' | 'yaml'): string {
  const doc = readFileSync(join(repo, 'docs/qa.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## The sandbox in CI'));
  const block = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(
    section.slice(0, section.indexOf('\n## ')),
  );
  if (!block) throw new Error(`docs/qa.md "The sandbox in CI" has no ${lang} block`);
  return block[1]!;
}

/**
 * What runs in the project runs as npm's environment with the project's own temp folder: the package's seed cache
 * and the recipes' `mktemp` land there, and go with the project.
 */
export function projectEnv(dir: string): NodeJS.ProcessEnv {
  const tmp = join(dir, '.tmp');
  mkdirSync(tmp, { recursive: true });
  return { ...NPM_ENV, TMPDIR: tmp };
}
