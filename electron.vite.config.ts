import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

// Three bundles: the Electron main process (hosts the sandbox server), the preload bridge, and the renderer.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: resolve(import.meta.dirname, 'src/main/index.ts'),
        // Native and optional modules are loaded from node_modules at run time, never bundled.
        external: ['better-sqlite3', 'keytar'],
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: resolve(import.meta.dirname, 'src/preload/index.ts'),
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    build: { rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') } },
  },
});
