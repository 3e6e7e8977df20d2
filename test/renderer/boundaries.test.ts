import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
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

  // docs/architecture.md, "The renderer's folders": the shared folders serve every feature and never reach into
  // one (a catalogue gathers each feature's words, its messages.ts, and nothing else of it).
  it("keeps the renderer's shared folders out of its features", () => {
    const renderer = join(repo, 'src/renderer');
    const shared = [
      'shell',
      'data',
      'gateway',
      'lists',
      'invoice-index',
      'inputs',
      'ui',
      'format',
      'locales',
    ];
    const folderOf = (file: string) => relative(renderer, file).split('/')[0]!;
    const offending = shared.flatMap((folder) =>
      sourceFiles(`src/renderer/${folder}`).flatMap((file) =>
        imports(file)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => resolve(dirname(file), spec))
          .filter((target) => target.startsWith(renderer) && target.includes('/', renderer.length + 1))
          .filter((target) => !shared.includes(folderOf(target)))
          .filter((target) => !(folder === 'locales' && target.endsWith('/messages.ts')))
          .map((target) => `${relative(repo, file)} imports ${relative(repo, target)}`),
      ),
    );
    expect(offending).toEqual([]);
  });

  it('finds the imports it checks', () => {
    expect(imports(join(repo, 'src/preload/index.ts'))).toEqual(['electron', './bridge.ts']);
  });
});
