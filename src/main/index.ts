/**
 * Electron main process: a thin host. It starts the same sandbox server as `npm run sandbox` in a utility process
 * (on a free loopback port, with the per-user data folder) and opens one window whose only way out is the typed
 * gateway.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  screen,
  session,
  shell,
  utilityProcess,
} from 'electron';

import { APP_NAME, defaultDataDir } from '../sandbox-server/index.ts';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, appFileHandler } from './app-protocol.ts';
import { keychainDataKey } from './data-key.ts';
import { EXTERNAL_LINKS, openExternalLink } from './external-links.ts';
import { indexRootKey } from './index-key.ts';
import type { Settings } from '../shared/gateway/channels.ts';
import { createMainGateway, registerGateway, storedSettings } from './gateway.ts';
import { jsonFile } from './json-file.ts';
import { newMainWindow } from './main-window.ts';
import { liveSendConfirmation, menuTemplate } from './menu.ts';
import { Profiles, type ProfilesDocument } from './profiles.ts';
import type { HostChild } from './sandbox-host/launch.ts';
import { SandboxSupervisor } from './sandbox-host/supervisor.ts';
import { isRendererUrl, rendererSource } from './renderer-source.ts';
import { openKeytarSecretStore } from './secret-store.ts';
import { secureAllWebContents, secureSession } from './security.ts';
import { restoreWindowState, trackWindowState, type WindowState } from './window-state.ts';

let sandbox: SandboxSupervisor | null = null;
let window: BrowserWindow | null = null;

/** The built renderer, served as `app://scambio/` (src/main/app-protocol.ts), never loaded from `file://`. */
const rendererDir = join(import.meta.dirname, '../renderer');
/** `app://scambio/index.html`, or `electron-vite dev`'s server in an unpackaged run. */
const renderer = rendererSource(process.env, app.isPackaged);
/** The app's own page: where frames may navigate, and the only sender the gateway answers. */
const isAppUrl = (url: string) => isRendererUrl(renderer, url);

// Both must happen before `ready`: the scheme's privileges, and the guards on every webContents from its creation.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
secureAllWebContents(app, { shell, isAppUrl, packaged: app.isPackaged });

/** The sandbox host as an Electron utility process: Node in its own OS process, so SQLite never blocks the UI. */
function utilityChild(): HostChild {
  const child = utilityProcess.fork(join(import.meta.dirname, 'sandbox-host.js'), [], {
    serviceName: 'Scambio sandbox',
    stdio: 'inherit',
  });
  return {
    postMessage: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.on('exit', listener),
    kill: () => void child.kill(),
  };
}

async function createWindow(userData: string): Promise<void> {
  const stateFile = jsonFile<WindowState>(join(userData, 'window-state.json'));
  const state = restoreWindowState(
    stateFile,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  // Its webContents is already guarded: secureAllWebContents covers every webContents at its creation.
  window = newMainWindow(BrowserWindow, {
    bounds: state.bounds,
    // `.cjs`: CommonJS whatever the package type, so the preload also loads if the sandbox is ever turned off.
    preload: join(import.meta.dirname, '../preload/index.cjs'),
    packaged: app.isPackaged,
  });
  if (state.maximized) window.maximize();
  trackWindowState(window, stateFile);
  window.once('ready-to-show', () => window?.show());
  window.on('closed', () => (window = null));
  await window.loadURL(renderer.url);
}

function installMenu(settings: Settings, userData: string): void {
  const template = menuTemplate(
    settings.language,
    {
      navigate: (screenName) => window?.webContents.send('app.navigate', { screen: screenName }),
      openDataFolder: () => void shell.openPath(userData),
      openSdiInfo: () => void openExternalLink(shell, EXTERNAL_LINKS.sdiInfo),
    },
    process.platform,
    !app.isPackaged,
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const secrets = await openKeytarSecretStore();
  secureSession(session.defaultSession);
  protocol.handle(APP_SCHEME, appFileHandler(rendererDir));
  const keychainKey = await keychainDataKey(secrets, userData);
  sandbox = new SandboxSupervisor(
    utilityChild,
    {
      dataDir: userData,
      keychainDataKey: keychainKey?.toString('base64') ?? null,
      logLevel: process.env.SCAMBIO_LOG_LEVEL ?? 'info',
    },
    {
      onExit: ({ code, restarting, error }) =>
        console.error(
          `The sandbox process exited (code ${code})${restarting ? '; starting it again' : ''}${error ? `: ${error}` : ''}`,
        ),
    },
  );
  await sandbox.launch();
  const supervisor = sandbox;
  const profiles = new Profiles(jsonFile<ProfilesDocument>(join(userData, 'profiles.json')), secrets, () =>
    supervisor.credentials(),
  );
  const settings = jsonFile<Settings>(join(userData, 'settings.json'));
  const osLanguage = app.getLocale().slice(0, 2);
  const language = () => storedSettings(settings, osLanguage).language;
  const handlers = createMainGateway({
    profiles,
    secrets,
    settings,
    defaultLanguage: osLanguage,
    onSettingsChanged: (settings) => installMenu(settings, userData),
    indexRootKey: indexRootKey(keychainKey, userData),
    host: {
      shell,
      pickFiles: async (extensions) => {
        const result = await dialog.showOpenDialog(window!, {
          properties: ['openFile', 'multiSelections'],
          filters: extensions?.length ? [{ name: extensions.join(', '), extensions }] : [],
        });
        return result.canceled ? [] : result.filePaths;
      },
      chooseSavePath: async (suggestedName) => {
        const result = await dialog.showSaveDialog(window!, { defaultPath: suggestedName });
        return result.canceled ? null : (result.filePath ?? null);
      },
      printToPdf: () => window!.webContents.printToPDF({}),
      readFile: (path) => readFile(path),
      writeFile: (path, data) => writeFile(path, data),
      confirmLiveSend: async (request, profileName) => {
        const texts = liveSendConfirmation(language(), profileName);
        const answer = await dialog.showMessageBox(window!, {
          type: 'warning',
          title: 'Scambio',
          message: texts.message,
          detail: `${texts.detail}\n${request.method} ${request.path}`,
          buttons: texts.buttons,
          defaultId: 0,
          cancelId: 0,
        });
        return answer.response === 1;
      },
    },
  });
  registerGateway(ipcMain, handlers, isAppUrl);
  installMenu({ language: language() }, userData);
  await createWindow(userData);
}

// One data folder for the app and `npm run sandbox` (src/sandbox-server/locations.ts), unless a run names its own.
app.setName(APP_NAME);
if (!app.commandLine.hasSwitch('user-data-dir')) app.setPath('userData', defaultDataDir());

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox('Scambio', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!sandbox) return;
    // In-flight requests finish and the database closes (in the host process) before the app exits.
    event.preventDefault();
    const closing = sandbox;
    sandbox = null;
    void closing.stop().then(() => app.quit());
  });
}
