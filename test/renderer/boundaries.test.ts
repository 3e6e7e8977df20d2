import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(repo, dir, f));
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|import\s+'([^']+)'/g,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

const NODE = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

// Code that runs in the page must not reach for Node or Electron: in the window it would fail (sandbox), and in a
// browser it does not exist. The bundler would not always say so; this does, at test time.
describe('module boundaries', () => {
  it('keeps Node and Electron out of the renderer and the shared code', () => {
    const offending = [...sourceFiles('src/renderer'), ...sourceFiles('src/shared')].flatMap((file) =>
      imports(file)
        .filter(
          (spec) =>
            NODE.has(spec) ||
            spec === 'electron' ||
            spec.includes('/main/') ||
            spec.includes('sandbox-server'),
        )
        .map((spec) => `${relative(repo, file)} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('lets the preload import only electron and the shared gateway', () => {
    const offending = sourceFiles('src/preload').flatMap((file) =>
      imports(file)
        .filter(
          (spec) => spec !== 'electron' && !spec.startsWith('./') && !spec.startsWith('../shared/gateway/'),
        )
        .map((spec) => `${relative(repo, file)} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds the imports it checks', () => {
    expect(imports(join(repo, 'src/preload/index.ts'))).toEqual(['electron', './bridge.ts']);
  });
});
