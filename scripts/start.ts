/**
 * `npm start`: the desktop app where Electron can launch; otherwise one line saying why, then the headless
 * sandbox on localhost (the same server the app would host).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEFAULT_UI_DIR, runSandboxCli } from '../src/sandbox-server/index.ts';

const require = createRequire(import.meta.url);

/** The Electron binary if it is installed and runs, else the reason it cannot be used. */
function electronBinary(): { path: string } | { reason: string } {
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    // Electron ≥ 42 downloads its binary on first launch; try once, briefly.
    const download = spawnSync(process.execPath, [join(packageDir, 'install.js')], {
      stdio: 'ignore',
      timeout: 60_000,
    });
    if (download.status !== 0 || !existsSync(pathFile)) {
      return { reason: 'the Electron binary is not installed and could not be downloaded' };
    }
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { reason: `the Electron binary ${binary} is missing` };
  const probe = spawnSync(binary, ['--version'], {
    stdio: 'ignore',
    timeout: 20_000,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  if (probe.status !== 0) return { reason: 'the Electron binary does not run on this machine' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'there is no display (DISPLAY/WAYLAND_DISPLAY unset)' };
  }
  return { path: binary };
}

const electron = electronBinary();
if ('path' in electron) {
  const child = spawn('npx', ['electron-vite', 'preview'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  process.stdout.write(
    `Desktop window unavailable: ${electron.reason}. Serving the same UI headless instead.\n`,
  );
  if (!existsSync(join(DEFAULT_UI_DIR, 'index.html'))) {
    // The browser UI is the built renderer; build it once so the headless fallback shows the same screens.
    const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) process.stdout.write('The UI could not be built; the API is still served.\n');
  }
  process.exit(await runSandboxCli(['serve', ...process.argv.slice(2)]));
}
