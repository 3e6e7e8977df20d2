import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, sourceFiles, staticImports } from '../support/import-graph.ts';

const root = resolve(import.meta.dirname, '../..');
const server = join(root, 'src/sandbox-server');
const entry = join(server, 'index.ts');

/** Code outside the server that may use it: the desktop's processes, the page's, shared code, scripts, benches. */
const OUTSIDE = ['src/main', 'src/preload', 'src/renderer', 'src/shared', 'scripts', 'bench'];

/** The files of the server a file imports (static or `import()`), resolved. */
function serverImports(file: string): string[] {
  return importSpecifiers(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec))
    .filter((target) => target.startsWith(`${server}/`));
}

/**
 * The package's own build, not a user of the server: it bundles the server's files into `scambio-sandbox` and builds
 * the UI with the kit's source build. That build must stay out of the entry: the desktop's main bundle follows the
 * entry's `import()`s, and Vite's plugins cannot be bundled into it (`npm start` would fail to build its UI).
 */
const PACKAGE_BUILD = ['scripts/pack-sandbox.ts', 'scripts/sandbox-package/'];

describe('the sandbox server’s one public entry (src/sandbox-server/index.ts)', () => {
  it('is the only file of the server that the app, scripts and benches import', () => {
    const files = OUTSIDE.flatMap(sourceFiles).filter(
      (file) => !PACKAGE_BUILD.some((build) => relative(root, file).startsWith(build)),
    );
    const reachingIn = files.flatMap((file) =>
      serverImports(file)
        .filter((target) => target !== entry)
        .map((target) => `${relative(root, file)} imports ${relative(root, target)}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(reachingIn).toEqual([]);
    // The check sees imports at all: the sandbox host does start the server through the entry.
    expect(serverImports(join(root, 'src/main/sandbox-host/entry.ts'))).toContain(entry);
  });

  it('never reaches the build tools, even through import(): the desktop’s main bundle follows every one', () => {
    const reached = new Set<string>();
    const walk = (file: string): void => {
      if (reached.has(file) || !existsSync(file)) return;
      reached.add(file);
      for (const spec of importSpecifiers(file).filter((s) => s.startsWith('.')))
        walk(resolve(dirname(file), spec));
    };
    walk(entry);
    expect(reached.size).toBeGreaterThan(50);
    expect([...reached].map((f) => relative(root, f)).filter((f) => !f.startsWith('src/'))).toEqual([]);
    expect(reached).not.toContain(join(server, 'testing/renderer-source-build.ts'));
  });

  it('keeps Express, SQLite, the logger and the SDI out of the window’s process', () => {
    const window = staticImports(join(root, 'src/main/index.ts'));
    const serverFiles = [...window.files]
      .filter((f) => f.startsWith(`${server}/`))
      .map((f) => relative(server, f));
    expect(serverFiles.sort()).toEqual([
      'accounts.ts',
      'crypto/data-key.ts',
      'crypto/secret-box.ts',
      'index.ts',
      'locations.ts',
    ]);
    for (const heavy of ['express', 'better-sqlite3', 'pino', 'multer', 'fast-xml-parser'])
      expect(window.packages).not.toContain(heavy);
  });

  it('loads what it names when called: the server’s own graph does hold Express and SQLite', () => {
    const loaded = staticImports(join(server, 'server.ts'));
    expect(loaded.packages).toContain('express');
    // SQLite comes through the driver module, which picks the build for the runtime (require, not import).
    expect(loaded.files).toContain(join(server, 'store/sqlite-driver.ts'));
    expect([...loaded.files].some((f) => f.includes('/sdi/'))).toBe(true);
  });
});
