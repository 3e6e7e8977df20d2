/**
 * `npm run pack:sandbox`: the scambio-sandbox npm package, for developers to add to their own project: the
 * sandbox CLI (`scambio-sandbox`), the testing kit (`/testing`, `/testing/playwright`), the typed client
 * (`/client`) and the built UI, as built JavaScript with `.d.ts`, apart from the desktop app and its Electron
 * dependencies. Stages it in `out/sandbox-package/` and packs it there with `npm pack`; the tarball's absolute
 * path is the last line printed (test/package/outside-project.test.ts reads it).
 *
 * `--ui-from DIR` packs a UI already built from this same source instead of building it again: the test suite
 * builds it once per run for every test that needs it.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { bundle } from './sandbox-package/bundle.ts';
import { packageManifest } from './sandbox-package/manifest.ts';
import { emitTypes } from './sandbox-package/types.ts';
// The UI as the kit builds it from source in this repository: the app's own Vite renderer config, static files.
import { buildRendererFromSource as buildUi } from '../src/sandbox-server/testing/renderer-source-build.ts';

const repo = join(import.meta.dirname, '..');
const out = join(repo, 'out/sandbox-package');
const staging = join(out, 'package');

const started = performance.now();
const step = async (name: string, run: () => unknown) => {
  const from = performance.now();
  await run();
  process.stderr.write(`${name}: ${((performance.now() - from) / 1000).toFixed(1)} s\n`);
};

rmSync(out, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
let imported = new Set<string>();
await step('bundle (esbuild)', async () => (imported = await bundle(repo, join(staging, 'dist'))));
let typesNamed = new Set<string>();
await step('types (tsc)', () => (typesNamed = emitTypes(repo, out, join(staging, 'types'))));
const { values: args } = parseArgs({ options: { 'ui-from': { type: 'string' } } });
const uiFrom = args['ui-from'];
if (uiFrom && !existsSync(join(uiFrom, 'index.html')))
  throw new Error(`--ui-from ${uiFrom}: no built UI there`);
await step(uiFrom ? `UI (built, from ${uiFrom})` : 'UI (vite)', () =>
  uiFrom ? cpSync(uiFrom, join(staging, 'ui'), { recursive: true }) : buildUi(join(staging, 'ui')),
);
const root = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Parameters<
  typeof packageManifest
>[0];
writeFileSync(
  join(staging, 'package.json'),
  `${JSON.stringify(packageManifest(root, imported, typesNamed), null, 2)}\n`,
);
copyFileSync(join(import.meta.dirname, 'sandbox-package/README.md'), join(staging, 'README.md'));
copyFileSync(join(repo, 'LICENSE'), join(staging, 'LICENSE'));
// The API reference page's Swagger UI files with their licence and notice, rather than a dependency on
// swagger-ui-dist, whose @scarf/scarf install script would report every developer's install (locations.ts).
const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
mkdirSync(join(staging, 'reference-ui'));
// The two the page loads (reference-page.ts's REFERENCE_UI_ASSETS; the package test fetches them), and the terms.
const referenceFiles = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.LICENSE.txt',
  'LICENSE',
  'NOTICE',
];
for (const file of referenceFiles) {
  copyFileSync(join(swaggerUi, file), join(staging, 'reference-ui', file));
}
let tarball = '';
await step('npm pack', () => {
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
    cwd: staging,
    encoding: 'utf8',
  });
  tarball = join(out, (JSON.parse(packed) as { filename: string }[])[0]!.filename);
});
process.stderr.write(`pack:sandbox: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
process.stdout.write(`${tarball}\n`);
