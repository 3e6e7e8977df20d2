import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Scambio';

/** The database file inside a data folder. */
export const DATABASE_FILE = 'scambio.sqlite';

/** Where `npx electron-vite build` puts the renderer, relative to this file in the source tree. */
export const DEFAULT_UI_DIR = join(import.meta.dirname, '../../out/renderer');

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
