import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const server = new URL('../../src/sandbox-server/', import.meta.url).pathname;

/**
 * The server's layers, lowest first (docs/architecture.md): a module may import its own layer and those below,
 * never one above. `composition.ts` wires them all, `http/` serves them, `server.ts` and `cli/` start them.
 */
const LAYERS = ['crypto', 'store', 'jobs', 'domain', 'sdi', 'composition.ts', 'http', 'server.ts', 'cli'];

function layerOf(file: string): number {
  const top = relative(server, file).split('/')[0]!;
  return LAYERS.indexOf(top);
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)].map((m) => resolve(dirname(file), m[1]!));
}

describe('the server’s layers', () => {
  it('point one way: no module imports a layer above its own', () => {
    const files = readdirSync(server, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(server, f))
      .filter((f) => layerOf(f) >= 0);
    const upward = files.flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith(server) && layerOf(target) > layerOf(file))
        .map((target) => `${relative(server, file)} imports ${relative(server, target)}`),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(upward).toEqual([]);
  });
});
