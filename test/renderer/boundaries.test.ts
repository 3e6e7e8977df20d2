import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers as imports, sourceFiles } from '../support/import-graph.ts';

const repo = new URL('../../', import.meta.url).pathname;

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
