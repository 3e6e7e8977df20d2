/** The UI the package serves under `/app/`: the renderer built with the app's own Vite config, as static files. */
export async function buildUi(outDir: string): Promise<void> {
  const [{ build }, { rendererConfig }] = await Promise.all([
    import('vite'),
    import('../../electron.vite.config.ts'),
  ]);
  await build({
    ...rendererConfig,
    configFile: false,
    logLevel: 'warn',
    build: { ...rendererConfig.build, outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  });
}
