import { buildRenderer } from '../../../scripts/build-renderer.ts';

/**
 * The UI built from the current source into `outDir`, as the app ships it (scripts/build-renderer.ts). Its own
 * module because Vite and the config are test-time tools of this repository: the npm package (which ships the UI
 * built) replaces this module when bundling (scripts/sandbox-package/bundle.ts).
 */
export async function buildRendererFromSource(outDir: string): Promise<void> {
  await buildRenderer(outDir);
}
