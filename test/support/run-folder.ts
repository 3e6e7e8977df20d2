import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleSourceCli } from '../../scripts/sandbox-package/bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run only, where the first test that needs the UI builds it once for all (`shared-renderer.ts`). */
    runFolder: string;
    /** The CLI of the current source bundled once for this run: what tests start as a process (`sandbox-process.ts`). */
    cliBundle: string;
  }
}

const repo = new URL('../../', import.meta.url).pathname;

/**
 * One run's shared things, though each project runs its own global setup (in a module of its own): kept on the
 * main process's global, which they share.
 */
const RUN = Symbol.for('scambio.testRun');
type Shared = { folder: string; cliDist: string; cliBundle: Promise<string>; users: number };
const holder = globalThis as { [RUN]?: Shared };

/**
 * Vitest global setup: one folder per `vitest run` for the renderer build the UI journeys (and the package test)
 * share, which is built only when a test first asks (so a run of unit tests alone pays nothing), and the CLI
 * bundled from the current source (esbuild, a fraction of a second). The CLI's folder sits in `out/`, where it
 * resolves the project's npm packages as the source does. Both go when the last project using them ends.
 */
export default async function testRun(project: TestProject): Promise<() => void> {
  const run = (holder[RUN] ??= startRun());
  run.users++;
  project.provide('runFolder', run.folder);
  project.provide('cliBundle', await run.cliBundle);
  return () => {
    if (--run.users > 0) return;
    rmSync(run.folder, { recursive: true, force: true });
    rmSync(run.cliDist, { recursive: true, force: true });
    delete holder[RUN];
  };
}

function startRun(): Shared {
  const folder = mkdtempSync(join(tmpdir(), 'scambio-run-'));
  const cliDist = join(repo, 'out', `test-cli-${basename(folder).slice('scambio-run-'.length)}`);
  return { folder, cliDist, cliBundle: bundleSourceCli(repo, cliDist), users: 0 };
}
