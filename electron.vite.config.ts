import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/** Also used by the headless journey test to build the renderer into a temp folder with plain Vite. */
export const rendererConfig = {
  root: resolve(import.meta.dirname, 'src/renderer'),
  // Relative asset URLs: the same build loads from app://scambio/ in Electron (src/main/app-protocol.ts) and from
  // /app/ in headless mode.
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/renderer'),
    rollupOptions: {
      input: resolve(import.meta.dirname, 'src/renderer/index.html'),
      // Rollup split the app into 113 files, most of them a Mantine component of a few kB, and the window fetched
      // and linked some 75 of them on every start. Chunks under 40 kB are merged where that changes no module's
      // order: 35 files, 19 fetched at start, and a start cost 10 % less CPU (issue 30).
      output: { experimentalMinChunkSize: 40_000 },
    },
  },
};

// Three bundles: the Electron main process (hosts the sandbox server), the preload bridge, and the renderer.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // The window's process, the sandbox's own (an Electron utility process, see src/main/sandbox-host),
        // and the sandbox's worker threads (`sandbox-worker.js`, named in src/sandbox-server/worker-tasks.ts).
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          'sandbox-host': resolve(import.meta.dirname, 'src/main/sandbox-host/entry.ts'),
          'sandbox-worker': resolve(import.meta.dirname, 'src/sandbox-server/worker-thread.ts'),
        },
        // Native and optional modules are loaded from node_modules at run time, never bundled.
        external: ['better-sqlite3', 'better-sqlite3-napi', 'keytar'],
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: resolve(import.meta.dirname, 'src/preload/index.ts'),
        // A sandboxed preload cannot be an ES module; `.cjs` keeps Node from reading it as one ("type": "module").
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig,
});
