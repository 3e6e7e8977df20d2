/**
 * The package's `.d.ts`: tsc emits declarations for the three public entry points (and what their types reach)
 * into `types/`, mirroring the source tree; the source's `.ts` import specifiers are then made `.js`, which is
 * what a declaration next to built JavaScript names.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageNameOf } from './package-name.ts';

const PUBLIC_ENTRIES = [
  'src/shared/client/index.ts',
  'src/sandbox-server/testing/index.ts',
  'src/sandbox-server/testing/playwright.ts',
];

/**
 * Emits the declarations and answers the packages they name (`express`, `better-sqlite3`, `node:…` as `node`…),
 * so the manifest can bring the type packages a developer's compiler needs to read them.
 */
export function emitTypes(repo: string, staging: string, outDir: string): Set<string> {
  const config = join(staging, 'tsconfig.types.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(repo, 'tsconfig.base.json'),
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: repo,
        outDir,
        lib: ['ES2023', 'DOM'],
        types: ['node'],
        typeRoots: [join(repo, 'node_modules/@types')],
      },
      files: PUBLIC_ENTRIES.map((entry) => join(repo, entry)),
    }),
  );
  execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', config], {
    cwd: repo,
    stdio: 'inherit',
  });
  // Reached only by the source build's module, whose own declaration does not name it: nothing imports it.
  rmSync(join(outDir, 'electron.vite.config.d.ts'), { force: true });
  const named = new Set<string>();
  for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts')) continue;
    const path = join(outDir, file);
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace(/(['"])(\.{1,2}\/[^'"]*)\.ts\1/g, '$1$2.js$1'));
    for (const [, specifier] of text.matchAll(/(?:from |import\()(?:'|")([^.'"][^'"]*)(?:'|")/g))
      named.add(specifier!.startsWith('node:') ? 'node' : packageNameOf(specifier!));
  }
  return named;
}
