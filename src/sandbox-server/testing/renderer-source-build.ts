import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The UI built from the current source into `outDir`, as the app ships it: scripts/build-renderer.ts in a process
 * of its own, with NODE_ENV=production whatever the test runner set (vitest sets `test`, which gave React's
 * development build). Its own module because Vite and the config are test-time tools of this repository: the npm
 * package (which ships the UI built) replaces this module when bundling (scripts/sandbox-package/bundle.ts).
 */
export async function buildRendererFromSource(outDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-renderer.ts', outDir], {
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
}
