import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run only, where the first test that needs the UI builds it once for all (`shared-renderer.ts`). */
    rendererRunFolder: string;
  }
}

/**
 * One folder for the whole run, though each project runs its own global setup (in a module of its own): kept on
 * the main process's global, which they share. A unit test packs the UI too (test/package).
 */
const RUN = Symbol.for('scambio.rendererRunFolder');
type Shared = { folder: string; users: number };
const holder = globalThis as { [RUN]?: Shared };

/**
 * Vitest global setup: one folder per `vitest run` for the renderer build the UI journeys (and the package test)
 * share. Nothing is built here, so a run of unit tests alone pays nothing; the folder goes when the last project
 * using it ends.
 */
export default function rendererRunFolder(project: TestProject): () => void {
  const run = (holder[RUN] ??= { folder: mkdtempSync(join(tmpdir(), 'scambio-run-')), users: 0 });
  run.users++;
  project.provide('rendererRunFolder', run.folder);
  return () => {
    if (--run.users > 0) return;
    rmSync(run.folder, { recursive: true, force: true });
    delete holder[RUN];
  };
}
