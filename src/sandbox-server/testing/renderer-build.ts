import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_UI_DIR, IN_PACKAGE } from '../locations.ts';
import { buildRendererFromSource } from './renderer-source-build.ts';

/** A built UI the sandbox serves under `/app/`, and whether the fixture made it (and must delete it). */
export interface RendererBuild {
  dir: string;
  temporary: boolean;
}

/**
 * The UI to serve: the npm package's own (there is no source to build from), else the one `npx electron-vite
 * build` left in `out/renderer`, or, when there is none or `fresh` is asked (the project's own suite tests the
 * source as it is now), a build of the current source into a temp folder with plain Vite, so parallel test files
 * never race over `out/`.
 */
export async function rendererBuild(fresh: boolean): Promise<RendererBuild> {
  if (IN_PACKAGE) return { dir: DEFAULT_UI_DIR, temporary: false };
  if (!fresh && existsSync(join(DEFAULT_UI_DIR, 'index.html')))
    return { dir: DEFAULT_UI_DIR, temporary: false };
  const outDir = mkdtempSync(join(tmpdir(), 'scambio-renderer-'));
  await buildRendererFromSource(outDir);
  return { dir: outDir, temporary: true };
}
