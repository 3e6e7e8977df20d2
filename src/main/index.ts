/**
 * Electron main process: a thin host. It starts the same sandbox server as `npm run sandbox` on a free loopback
 * port with the per-user data folder, and opens one window whose only way out is the typed gateway.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session, shell } from 'electron';
import pino from 'pino';
import { startSandboxServer, type SandboxServer } from '../sandbox-server/server.ts';
import { desktopDataKeySource } from './data-key.ts';
import { createMainGateway, registerGateway } from './gateway.ts';
import { jsonFile } from './json-file.ts';
import { Profiles, type ProfilesDocument } from './profiles.ts';
import { openKeytarSecretStore } from './secret-store.ts';
import { secureSession, secureWebContents } from './security.ts';
import { restoreWindowState, trackWindowState, type WindowState } from './window-state.ts';
import type { Settings } from '../shared/gateway/channels.ts';

const LOCAL_ACCOUNT = 'default';

let sandbox: SandboxServer | null = null;
let sessionKey: string | null = null;
let window: BrowserWindow | null = null;

const rendererUrl = process.env.ELECTRON_RENDERER_URL;
const rendererFile = join(import.meta.dirname, '../renderer/index.html');
/** The app's own page: the dev server's origin under `electron-vite dev`, else exactly the built file. */
function isAppUrl(url: string): boolean {
  try {
    if (rendererUrl) return new URL(url).origin === new URL(rendererUrl).origin;
    return url.split(/[?#]/)[0] === pathToFileURL(rendererFile).href;
  } catch {
    return false;
  }
}

async function createWindow(userData: string): Promise<void> {
  const stateFile = jsonFile<WindowState>(join(userData, 'window-state.json'));
  const state = restoreWindowState(
    stateFile,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  window = new BrowserWindow({
    ...state.bounds,
    minWidth: 800,
    minHeight: 500,
    title: 'Scambio',
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    },
  });
  if (state.maximized) window.maximize();
  trackWindowState(window, stateFile);
  secureWebContents(window.webContents, shell, isAppUrl);
  window.once('ready-to-show', () => window?.show());
  window.on('closed', () => (window = null));
  if (rendererUrl) await window.loadURL(rendererUrl);
  else await window.loadFile(rendererFile);
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const secrets = await openKeytarSecretStore();
  secureSession(session.defaultSession);
  sandbox = await startSandboxServer({
    dataDir: userData,
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: process.env.SCAMBIO_LOG_LEVEL ?? 'info' }),
    dataKey: await desktopDataKeySource(secrets, userData),
    // The window loads the renderer from disk; `/app/` is for browsers in headless mode.
    uiDir: null,
  });
  // A key for this run only, held in memory here and revoked at quit: the UI never sees it, and none lingers.
  const created = sandbox.services.keys.create({ account: LOCAL_ACCOUNT, environment: 'test' });
  sessionKey = created.key;
  const localKey = created.key;
  const localBaseUrl = sandbox.baseUrl;
  const profiles = new Profiles(jsonFile<ProfilesDocument>(join(userData, 'profiles.json')), secrets, () => ({
    baseUrl: localBaseUrl,
    key: localKey,
  }));
  const handlers = createMainGateway({
    profiles,
    secrets,
    settings: jsonFile<Settings>(join(userData, 'settings.json')),
    defaultLanguage: app.getLocale().slice(0, 2),
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
        const answer = await dialog.showMessageBox(window!, {
          type: 'warning',
          buttons: ['Cancel', 'Send'],
          defaultId: 0,
          cancelId: 0,
          title: 'Scambio',
          message: `Send this invoice to SDI with the live key of "${profileName}"?`,
          detail: `${request.method} ${request.path} — this is a real submission, not a test.`,
        });
        return answer.response === 1;
      },
    },
  });
  registerGateway(ipcMain, handlers, isAppUrl);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
      { role: 'fileMenu' },
      { role: 'editMenu' },
      { role: 'viewMenu' },
      { role: 'windowMenu' },
    ]),
  );
  await createWindow(userData);
}

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
    // In-flight requests finish and the database closes before the process exits.
    event.preventDefault();
    const closing = sandbox;
    sandbox = null;
    if (sessionKey) closing.services.keys.revoke(sessionKey);
    void closing.close().then(() => app.quit());
  });
}
