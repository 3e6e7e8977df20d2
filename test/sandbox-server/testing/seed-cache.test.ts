import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneSeedCache, SEED_CACHE_IDLE_MS } from '../../../src/sandbox-server/testing/seed-cache.ts';

describe('the package fixture’s cache of seeded folders', () => {
  let cache = '';
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  function cachedFolder(name: string, lastUsedMs: number): void {
    const folder = join(cache, name);
    mkdirSync(folder);
    writeFileSync(join(folder, 'sandbox.db'), 'seeded');
    const when = new Date(lastUsedMs);
    utimesSync(folder, when, when);
  }

  it('removes the folders unused for a day and keeps the ones used since', () => {
    cache = mkdtempSync(join(tmpdir(), 'scambio-seed-cache-'));
    const now = Date.parse('2026-11-28T12:00:00Z');
    cachedFolder('build1-qa-1-default-old', now - SEED_CACHE_IDLE_MS - 1);
    cachedFolder('build1-qa-1-default-stale.making-abc', now - 2 * SEED_CACHE_IDLE_MS);
    cachedFolder('build2-qa-1-default-recent', now - 60_000);

    expect(pruneSeedCache(cache, now).sort()).toEqual([
      'build1-qa-1-default-old',
      'build1-qa-1-default-stale.making-abc',
    ]);
    expect(readdirSync(cache)).toEqual(['build2-qa-1-default-recent']);
  });

  it('has nothing to do when the cache folder does not exist yet', () => {
    cache = join(tmpdir(), 'scambio-seed-cache-never-made');
    expect(pruneSeedCache(cache, Date.now())).toEqual([]);
  });
});
