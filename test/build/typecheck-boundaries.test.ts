import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const repo = new URL('../../', import.meta.url).pathname;
const tsc = join(repo, 'node_modules/typescript/bin/tsc');
const probes = mkdtempSync(join(tmpdir(), 'scambio-boundaries-'));
afterAll(() => rmSync(probes, { recursive: true, force: true }));

/**
 * Compiles one probe file with the settings of one of the projects `npm run typecheck` builds: the shared code
 * (no DOM, no Node), the page (DOM, no Node) or the Node side. Returns the compiler's diagnostics.
 */
async function compileAs(project: 'shared' | 'web' | 'node', name: string, source: string): Promise<string> {
  // .mts: the probe sits outside the package, where nothing says its files are ES modules.
  const file = join(probes, `${name}.mts`);
  writeFileSync(file, source);
  const config = join(probes, `${name}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(repo, `tsconfig.${project}.json`),
      compilerOptions: {
        composite: false,
        declaration: false,
        emitDeclarationOnly: false,
        noEmit: true,
        // The probe lives outside the repository: type packages are found from the repository.
        typeRoots: [join(repo, 'node_modules/@types')],
      },
      include: [file, ...(project === 'shared' ? [join(repo, 'src/shared/web-platform.d.ts')] : [])],
    }),
  );
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', config], { cwd: repo });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout);
  }
}

// The boundaries hold at compile time, as a package manifest would make a forbidden import fail to resolve:
// each probe below is what a careless edit would write, and `npm run typecheck` must refuse it.
describe('npm run typecheck refuses code that crosses a boundary', () => {
  it('refuses Node in the page', async () => {
    expect(
      await compileAs(
        'web',
        'page-fs',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toMatch(/TS2591: Cannot find name 'node:fs'|TS2307: Cannot find module 'node:fs'/);
  });

  it('refuses Electron and DOM globals in shared code, and accepts what both sides have', async () => {
    expect(
      await compileAs(
        'shared',
        'shared-electron',
        "import { app } from 'electron';\nexport const a = app;\n",
      ),
    ).toMatch(/TS2305: Module '"electron"' has no exported member 'app'/);
    expect(await compileAs('shared', 'shared-dom', 'export const title = document.title;\n')).toMatch(
      /TS2584: Cannot find name 'document'/,
    );
    expect(
      await compileAs('shared', 'shared-web', "export const bytes = new TextEncoder().encode('ok');\n"),
    ).toBe('');
  });

  it('accepts Node on the Node side', async () => {
    expect(
      await compileAs(
        'node',
        'node-fs',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toBe('');
  });
});
