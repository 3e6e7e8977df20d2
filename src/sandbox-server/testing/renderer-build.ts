import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_UI_DIR } from '../locations.ts';

/** A built UI the sandbox serves under `/app/`, and whether the fixture made it (and must delete it). */
export interface RendererBuild {
  dir: string;
  temporary: boolean;
}

/**
 * The UI to serve: the one `npx electron-vite build` left in `out/renderer`, or, when there is none or `fresh`
 * is asked (the project's own suite tests the source as it is now), a build of the current source into a temp
 * folder with plain Vite, so parallel test files never race over `out/`.
 */
export async function rendererBuild(fresh: boolean): Promise<RendererBuild> {
  if (!fresh && existsSync(join(DEFAULT_UI_DIR, 'index.html')))
    return { dir: DEFAULT_UI_DIR, temporary: false };
  const outDir = mkdtempSync(join(tmpdir(), 'scambio-renderer-'));
  // Loaded only when a build is needed: Vite and the app's config are test-time tools, heavy to import.
  const [{ build }, { rendererConfig }] = await Promise.all([
    import('vite'),
    import('../../../electron.vite.config.ts'),
  ]);
  await build({
    ...rendererConfig,
    configFile: false,
    logLevel: 'warn',
    build: { ...rendererConfig.build, outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  });
  return { dir: outDir, temporary: true };
}
