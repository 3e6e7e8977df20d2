/**
 * The UI built from the current source with plain Vite and the app's own renderer config, into `outDir`. Its own
 * module because Vite and the config are test-time tools of this repository: the npm package (which ships the UI
 * built) replaces this module when bundling (scripts/sandbox-package/bundle.ts).
 */
export async function buildRendererFromSource(outDir: string): Promise<void> {
  // Loaded only when a build is needed: heavy to import.
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
}
