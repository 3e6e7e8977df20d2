import type { BrowserWindowConstructorOptions } from 'electron';
import type { WindowBounds } from './window-state.ts';

export interface MainWindowOptions {
  bounds: WindowBounds;
  /** The preload script (`out/preload/index.cjs`). */
  preload: string;
  /** A packaged build: no DevTools. */
  packaged: boolean;
}

/**
 * The app's one window, with the renderer locked in: the preload's typed gateway is its only way out. Electron's
 * class is passed in so tests can check the options; the parameter keeps its name so Electronegativity still sees
 * a `new BrowserWindow({…})` and checks these preferences.
 */
export function newMainWindow<W>(
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W,
  options: MainWindowOptions,
): W {
  return new BrowserWindow({
    ...options.bounds,
    minWidth: 800,
    minHeight: 500,
    title: 'Scambio',
    show: false,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      // DevTools only while developing; the packaged app's menu has no item or shortcut for them either.
      devTools: !options.packaged,
      // Middle-click would otherwise try to open links in a new window (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
}
