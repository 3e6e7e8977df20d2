import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run only, where the first UI test builds the renderer once for all (`shared-renderer.ts`). */
    rendererRunFolder: string;
  }
}

/**
 * Vitest global setup: one folder per `vitest run` for the renderer build the UI journeys share. Nothing is built
 * here, so a run of unit tests alone pays nothing; the folder goes when the run ends.
 */
export default function rendererRunFolder(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'scambio-run-'));
  project.provide('rendererRunFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
