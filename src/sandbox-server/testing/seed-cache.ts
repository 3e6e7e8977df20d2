import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDataFolder } from '../cli/seed-command.ts';
import { PACKAGE_BUILD } from '../locations.ts';
import type { SeedProfile } from '../seed/profiles.ts';
import { defaultAnchor } from '../seed/seed.ts';

export interface FixtureSeed {
  profile: SeedProfile;
  seed: number;
  account: string;
  until?: Date;
}

/**
 * Seeds a fixture's fresh data folder. Seeding goes through the real SDI pipeline and takes seconds; the same
 * profile, seed and end give the same data, so the npm package seeds a folder once under the OS's temp folder
 * and copies it for each test after (a few MB, milliseconds). The key holds the package's build (a new build may
 * seed differently) and the end, which defaults to the start of this hour, as seeding's own default: the cache
 * renews itself hourly. From this repository's source the folder is seeded every time: the source may have
 * changed since, and the project's own suite tests the pipeline as it is now. Each use marks its folder as used;
 * folders unused for a day (last hour's, an older build's) are removed when a new one is made, so the cache holds
 * what tests use, not every hour since the package was installed.
 */
export async function seedFixtureFolder(dataDir: string, options: FixtureSeed): Promise<void> {
  if (PACKAGE_BUILD === null) {
    await seedDataFolder(dataDir, options);
    return;
  }
  const until = options.until ?? defaultAnchor(new Date());
  const cache = join(tmpdir(), 'scambio-sandbox-seeds');
  const cached = join(
    cache,
    `${PACKAGE_BUILD}-${options.profile}-${options.seed}-${options.account}-${until.getTime()}`,
  );
  if (!existsSync(cached)) {
    // Seeded beside and moved into place whole, so a parallel test never copies a folder half made.
    mkdirSync(join(cached, '..'), { recursive: true });
    const making = mkdtempSync(`${cached}.making-`);
    try {
      await seedDataFolder(making, { ...options, until });
      renameSync(making, cached);
      pruneSeedCache(cache, Date.now());
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      // Another test made the same folder first: theirs is as good.
      if (!existsSync(cached)) throw error;
    }
  }
  cpSync(cached, dataDir, { recursive: true });
  const now = new Date();
  utimesSync(cached, now, now);
}

/** A cached folder unused for this long is removed; a folder still being made for this long was left by a crash. */
export const SEED_CACHE_IDLE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the cache's folders not used (their modification time, set on each use) for SEED_CACHE_IDLE_MS. A
 * folder another process is copying right now was used moments ago, so it is never among them.
 */
export function pruneSeedCache(cache: string, nowMs: number, idleMs = SEED_CACHE_IDLE_MS): string[] {
  const removed: string[] = [];
  for (const name of existsSync(cache) ? readdirSync(cache) : []) {
    const folder = join(cache, name);
    try {
      if (nowMs - statSync(folder).mtimeMs < idleMs) continue;
      rmSync(folder, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Removed meanwhile by another test's pruning: nothing left to do.
    }
  }
  return removed;
}
