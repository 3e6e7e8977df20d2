/**
 * The package's JavaScript: the server, CLI, testing kit and client bundled by esbuild into ESM files in one flat
 * `dist/` folder (shared code in chunks beside the entries), so every module's `import.meta.dirname` is that
 * folder: locations.ts finds the UI at `../ui`, and workers/pool.ts finds `sandbox-worker.js` beside the chunk
 * that names it. npm packages stay imports (the package's dependencies), never copied in.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageNameOf } from './package-name.ts';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

/** Entry points by output name: `cli` is the `scambio-sandbox` bin. */
export const ENTRIES = {
  cli: 'src/sandbox-server/cli/sandbox.ts',
  testing: 'src/sandbox-server/testing/index.ts',
  'testing-playwright': 'src/sandbox-server/testing/playwright.ts',
  client: 'src/shared/client/index.ts',
  // Named in src/sandbox-server/worker-tasks.ts, like the desktop bundle's.
  'sandbox-worker': 'src/sandbox-server/worker-thread.ts',
} as const;

/** The package ships its UI built: building it from source (Vite, the repo's config) is replaced by a refusal. */
const noSourceBuild: Plugin = {
  name: 'no-renderer-source-build',
  setup(b) {
    b.onLoad({ filter: /testing[\\/]renderer-source-build\.ts$/ }, () => ({
      loader: 'ts',
      contents: `export async function buildRendererFromSource() {
  throw new Error('scambio-sandbox serves the UI it was packed with; freshUi needs the Scambio source tree');
}`,
    }));
  },
};

/** Bundles the entries into `dist`; gives the bare imports left in (npm packages, by name). */
export async function bundle(repo: string, dist: string): Promise<Set<string>> {
  const result = await build({
    ...esbuildOptions(repo, dist, ENTRIES),
    // This build, for what the package keeps between runs (testing/seed-cache.ts): packed when, from what.
    define: { SCAMBIO_PACKAGE_BUILD: JSON.stringify(buildId(repo)) },
    plugins: [noSourceBuild],
    metafile: true,
  });
  // The bin runs with a plain `node`, no tsx: what makes a command start in a fraction of a second.
  const cli = join(dist, 'cli.js');
  writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8')}`, { mode: 0o755 });
  return externalPackages(result.metafile);
}

/**
 * The CLI alone, as the source tree runs it (not the package: no build id, the UI looked up in `out/renderer`),
 * for the project's own tests that start it as a process: `node dist/cli.js serve` is listening after about 0.85
 * CPU-s, where `node --import tsx` transpiles and loads the sources in about 2.1. `dist` must sit two folders below the
 * repository (e.g. `out/test-cli-…`), where the source's `../../out/renderer` and its npm packages resolve alike.
 */
export async function bundleSourceCli(repo: string, dist: string): Promise<string> {
  const { cli, 'sandbox-worker': worker } = ENTRIES;
  await build(esbuildOptions(repo, dist, { cli, 'sandbox-worker': worker }));
  return join(dist, 'cli.js');
}

function esbuildOptions(repo: string, dist: string, entries: Readonly<Record<string, string>>): BuildOptions {
  return {
    absWorkingDir: repo,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(repo, path)])),
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    chunkNames: 'chunk-[hash]',
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
  };
}

/** The commit packed (`+` when the tree had changes) and when, e.g. `e11e1ad+-mfx3k2a`: file-name safe. */
function buildId(repo: string): string {
  const git = (args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  const dirty = git(['status', '--porcelain']) === '' ? '' : '+';
  return `${git(['rev-parse', '--short', 'HEAD'])}${dirty}-${Date.now().toString(36)}`;
}

/** npm package names imported by the bundle (`node:` built-ins aside). */
function externalPackages(metafile: Metafile): Set<string> {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || path.startsWith('.')) continue;
      names.add(packageNameOf(path));
    }
  }
  return names;
}
