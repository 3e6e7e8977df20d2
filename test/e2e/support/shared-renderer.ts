import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { rendererBuild } from '../../../src/sandbox-server/testing/renderer-build.ts';

/** How long a test file waits for another one's build before it gives up (a build takes 1–3 minutes). */
const WAIT_MS = 10 * 60_000;
const POLL_MS = 500;

/**
 * The current renderer source, built once per `vitest run` and shared by every UI test file: the first file to
 * ask builds it (holding a lock folder), the others wait for it. Each build used to take 1–3 minutes per file,
 * most of the suite's time. A failed build fails every file that waits for it, with the build's own message.
 */
export async function sharedRendererBuild(): Promise<string> {
  const run = inject('runFolder');
  const built = join(run, 'renderer');
  const failed = join(run, 'failed.txt');
  const lock = join(run, 'building');
  if (takeLock(lock)) {
    try {
      const { dir } = await rendererBuild(true);
      renameSync(dir, built);
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
    return built;
  }
  for (let waited = 0; waited < WAIT_MS; waited += POLL_MS) {
    if (existsSync(join(built, 'index.html'))) return built;
    if (existsSync(failed))
      throw new Error(`the shared renderer build failed:\n${readFileSync(failed, 'utf8')}`);
    await sleep(POLL_MS);
  }
  throw new Error(`no renderer build in ${run} after ${WAIT_MS / 60_000} minutes`);
}

/** `mkdir` is atomic: exactly one caller creates the folder. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    return false;
  }
}
