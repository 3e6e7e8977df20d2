/**
 * The renderer built from the current source with plain Vite and the app's own renderer config, as the app ships
 * it, into a folder: for the kit's fresh UI (src/sandbox-server/testing/renderer-source-build.ts), the suite's one
 * shared build and the bench. `node --import tsx scripts/build-renderer.ts OUT_DIR` builds; `buildRenderer()` runs
 * that as a process of its own with NODE_ENV=production, because Vite takes the bundle's `process.env.NODE_ENV`
 * from the environment: vitest's `test` gave React's development build (a third larger, about 1.6 times the page's
 * CPU), not the one users run.
 */
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repo = fileURLToPath(new URL('../', import.meta.url));
const script = fileURLToPath(import.meta.url);

export async function buildRenderer(outDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', script, outDir], {
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

if (process.argv[1] && realpathSync(process.argv[1]) === script) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: build-renderer.ts OUT_DIR');
  // Loaded only here: importing this module for buildRenderer() must not load Vite.
  const [{ build }, { rendererConfig }] = await Promise.all([
    import('vite'),
    import('../electron.vite.config.ts'),
  ]);
  await build({
    ...rendererConfig,
    configFile: false,
    logLevel: 'warn',
    build: { ...rendererConfig.build, outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  });
}
