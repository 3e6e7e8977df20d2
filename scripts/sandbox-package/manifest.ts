/**
 * The package's package.json: what developers install. Runtime dependencies are exactly the npm packages the
 * bundle imports, plus those the server resolves by name at run time, at the root package.json's ranges, and the
 * type packages its declarations need; the Playwright packages are peers (the project brings its own
 * @playwright/test); no Electron, React or Mantine (the UI is shipped built).
 */

/**
 * Resolved at run time by name, so no import in the bundle shows them (store/sqlite-driver.ts). Swagger UI, which
 * the `/docs/` page also resolves by name from the source tree, is copied into the package instead (pack-sandbox.ts).
 */
const RESOLVED_AT_RUN_TIME = ['better-sqlite3', 'better-sqlite3-napi'];

/** The project's test runner and the browser driver: the developer's, one copy, never a second. */
const PEERS: Record<string, { optional: boolean }> = {
  '@playwright/test': { optional: true }, // only `scambio-sandbox/testing/playwright` needs it
  'playwright-core': { optional: true }, // the UI; `startScambio({ ui: false })` and the CLI run without it
};

export const PACKAGE_NAME = 'scambio-sandbox';

interface RootManifest {
  version: string;
  description: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const EXPORTS = {
  './client': { types: './types/src/shared/client/index.d.ts', default: './dist/client.js' },
  './testing': { types: './types/src/sandbox-server/testing/index.d.ts', default: './dist/testing.js' },
  './testing/playwright': {
    types: './types/src/sandbox-server/testing/playwright.d.ts',
    default: './dist/testing-playwright.js',
  },
  './package.json': './package.json',
};

/**
 * `typesNamed`: the packages the declarations name. Those whose types come apart (`@types/express`,
 * `@types/better-sqlite3`, `@types/node`) are dependencies too: `Scambio.server` shows the Express app and the
 * SQLite store, and a project compiling with `skipLibCheck: false` must be able to read them.
 */
export function packageManifest(
  root: RootManifest,
  imported: Set<string>,
  typesNamed: Set<string> = new Set(),
): Record<string, unknown> {
  const dependencies: Record<string, string> = {};
  const peerDependencies: Record<string, string> = {};
  for (const name of [...new Set([...imported, ...RESOLVED_AT_RUN_TIME])].sort()) {
    const range = root.dependencies[name] ?? root.devDependencies[name];
    if (!range) throw new Error(`the bundle imports ${name}, which the root package.json does not list`);
    if (name in PEERS) peerDependencies[name] = range;
    else if (name in root.dependencies) dependencies[name] = range;
    else throw new Error(`the bundle imports ${name}, a dev dependency of the root: not for run time`);
  }
  for (const name of typesNamed) {
    const typesPackage = `@types/${name.replace(/^@/, '').replace('/', '__')}`;
    const range = root.devDependencies[typesPackage];
    if (range && !(name in peerDependencies)) dependencies[typesPackage] = range;
  }
  // playwright-core comes with @playwright/test; a project without it asks for it by name.
  peerDependencies['playwright-core'] ??= root.devDependencies['playwright-core']!;
  return {
    name: PACKAGE_NAME,
    version: root.version,
    description: `${root.description} The local sandbox (CLI \`scambio-sandbox\`), its testing kit and typed client, and the built UI.`,
    license: 'Apache-2.0',
    type: 'module',
    engines: root.engines,
    bin: { [PACKAGE_NAME]: 'dist/cli.js' },
    exports: EXPORTS,
    files: ['dist', 'types', 'ui', 'reference-ui', 'README.md', 'LICENSE'],
    dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
    peerDependencies,
    peerDependenciesMeta: Object.fromEntries(
      Object.entries(PEERS).map(([name, { optional }]) => [name, { optional }]),
    ),
  };
}
