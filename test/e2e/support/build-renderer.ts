import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { rendererConfig } from '../../../electron.vite.config.ts';

/**
 * A fresh build of the current renderer source in a temp folder: each run tests what is in `src/`, and parallel
 * test files never race over `out/`.
 */
export async function buildRendererToTemp(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'scambio-renderer-'));
  await build({
    ...rendererConfig,
    configFile: false,
    logLevel: 'warn',
    build: { ...rendererConfig.build, outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  });
  return outDir;
}
