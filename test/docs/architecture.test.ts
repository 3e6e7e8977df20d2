import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../', import.meta.url).pathname;

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const text = readFileSync(`${repo}docs/architecture.md`, 'utf8');
    const named = [...text.matchAll(/`([\w./-]+\/|[\w./-]+\.tsx?)`/g)].map((m) => m[1]!);
    // Paths are written from the repository root (src/…) or from the server's folder (sdi/pipeline.ts).
    const missing = named.filter(
      (path) => !existsSync(`${repo}${path}`) && !existsSync(`${repo}src/sandbox-server/${path}`),
    );
    expect(named.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});
