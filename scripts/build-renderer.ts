/**
 * `node --import tsx scripts/build-renderer.ts OUT_DIR`: the renderer built from the current source with plain
 * Vite and the app's own renderer config, into OUT_DIR. Run as a process of its own, with NODE_ENV=production, by
 * src/sandbox-server/testing/renderer-source-build.ts: Vite takes the bundle's `process.env.NODE_ENV` from the
 * environment, and a test runner's `test` gave React's development build (a third larger, about 1.6 times the
 * page's CPU), not the one users run.
 */
import { build } from 'vite';
import { rendererConfig } from '../electron.vite.config.ts';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-renderer.ts OUT_DIR');
await build({
  ...rendererConfig,
  configFile: false,
  logLevel: 'warn',
  build: { ...rendererConfig.build, outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
});
