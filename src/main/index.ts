/**
 * Electron main process: a thin host. It starts the same sandbox server as `npm run sandbox`, on a free
 * loopback port with the per-user data folder, and opens one window onto it.
 */
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import pino from 'pino';
import { startSandboxServer, type SandboxServer } from '../sandbox-server/server.ts';

let sandbox: SandboxServer | null = null;

async function createWindow(): Promise<void> {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    title: 'Scambio',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  if (process.env.ELECTRON_RENDERER_URL) await window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else await window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  void app.whenReady().then(async () => {
    sandbox = await startSandboxServer({
      dataDir: app.getPath('userData'),
      port: 0,
      logger: pino({ level: 'info' }),
    });
    ipcMain.handle('sandbox:base-url', () => sandbox?.baseUrl ?? null);
    app.on('session-created', (session) =>
      session.setPermissionRequestHandler((_wc, _perm, done) => done(false)),
    );
    await createWindow();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!sandbox) return;
    // Let in-flight requests finish and the database close before the process exits.
    event.preventDefault();
    const closing = sandbox;
    sandbox = null;
    void closing.close().then(() => app.quit());
  });
}
