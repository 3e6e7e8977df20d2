import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import type { ProfilesView } from '../../shared/gateway/channels.ts';
import { IN_PACKAGE } from '../locations.ts';
import { appLoaded } from './browser.ts';

const repo = join(import.meta.dirname, '../../..');

/**
 * The Electron binary, or why this machine cannot launch it. Electron downloads its binary on first launch
 * (package.json pins it so `npm install` never does), so on a fresh clone or a CI box there is usually none.
 */
export function electronBinary(): { path: string } | { reason: string } {
  // A project's own electron must not be taken for ours: the package carries no desktop app to launch in it.
  if (IN_PACKAGE) return { reason: 'the scambio-sandbox package has no desktop app (headless UI only)' };
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      reason: 'no Electron binary (node_modules/electron/path.txt is absent; it downloads on first launch)',
    };
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { reason: `the Electron binary ${binary} is missing` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'no display (run under xvfb-run)' };
  }
  return { path: binary };
}

export interface DesktopApp {
  app: ElectronApplication;
  page: Page;
  /** The API root of the sandbox the app started (a free loopback port). */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The desktop app on a data folder: built with electron-vite when `out/main` is missing (or `fresh`), launched
 * with Playwright's `_electron`, its window loaded. The app starts its own sandbox on the folder; the local
 * profile it shows to the page says where.
 */
export async function launchDesktopApp(
  binary: string,
  userData: string,
  fresh: boolean,
): Promise<DesktopApp> {
  if (fresh || !existsSync(join(repo, 'out/main/index.js'))) {
    execFileSync(process.execPath, [join(repo, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: repo,
      stdio: 'ignore',
      timeout: 180_000,
    });
  }
  const app = await electron.launch({
    executablePath: binary,
    args: [repo, `--user-data-dir=${userData}`],
    env: { ...process.env, SCAMBIO_LOG_LEVEL: 'silent', ELECTRON_RENDERER_URL: '' },
    timeout: 30_000,
  });
  const page = await app.firstWindow({ timeout: 30_000 });
  await appLoaded(page);
  const profiles = await page.evaluate(() =>
    (
      globalThis as unknown as { scambio: { profiles: { list(): Promise<unknown> } } }
    ).scambio.profiles.list(),
  );
  const local = (profiles as ProfilesView).profiles.find((p) => p.kind === 'local');
  if (!local) throw new Error('the desktop app shows no local sandbox profile');
  return { app, page, baseUrl: local.baseUrl, close: () => app.close() };
}
