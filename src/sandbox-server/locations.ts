import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Scambio';

/** The database file inside a data folder. */
export const DATABASE_FILE = 'scambio.sqlite';

/** Defined only when scripts/pack-sandbox.ts bundles the server into the scambio-sandbox npm package. */
declare const SCAMBIO_PACKAGE_BUILD: string | undefined;

/** Which build of the scambio-sandbox npm package this code is (when and what it was packed from), else null. */
export const PACKAGE_BUILD = typeof SCAMBIO_PACKAGE_BUILD === 'string' ? SCAMBIO_PACKAGE_BUILD : null;

/**
 * Whether this code runs from the scambio-sandbox npm package (built JS, the UI built beside it, no source tree,
 * no Electron) rather than from this repository's source.
 */
export const IN_PACKAGE = PACKAGE_BUILD !== null;

/**
 * The built UI: in the source tree where `npx electron-vite build` puts it, relative to this file; in the package,
 * `ui/` beside the flat `dist/` folder every bundled module sits in (scripts/sandbox-package/bundle.ts).
 */
export const DEFAULT_UI_DIR = IN_PACKAGE
  ? join(import.meta.dirname, '../ui')
  : join(import.meta.dirname, '../../out/renderer');

/**
 * Swagger UI's two files for the `/docs/` page: in the source tree swagger-ui-dist's own folder (resolved by the
 * page); in the package, `reference-ui/` beside `dist/`, copied there by the packer, so developers who install the
 * package do not install swagger-ui-dist and the @scarf/scarf install script (which phones home) it depends on.
 */
export const PACKAGED_REFERENCE_UI_DIR = IN_PACKAGE ? join(import.meta.dirname, '../reference-ui') : null;

/**
 * The per-user folder the desktop app uses (Electron's `userData` for an app named Scambio), so the CLI and
 * the app share one sandbox. `SCAMBIO_DATA_DIR` overrides it.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.SCAMBIO_DATA_DIR) return env.SCAMBIO_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}
