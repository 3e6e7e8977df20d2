import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { newMainWindow } from '../../src/main/main-window.ts';

/** Stands in for Electron's BrowserWindow: keeps the options it was built with. */
class FakeWindow {
  constructor(readonly options: BrowserWindowConstructorOptions) {}
}

const open = (packaged: boolean) =>
  newMainWindow(FakeWindow, {
    bounds: { width: 1200, height: 800 },
    preload: '/app/out/preload/index.cjs',
    packaged,
  }).options;

describe('the main window', () => {
  it('isolates the page: context isolation, sandbox, no Node, no webview, only the preload’s bridge', () => {
    expect(open(true).webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
    // Nothing that would loosen it.
    for (const key of [
      'webSecurity',
      'allowRunningInsecureContent',
      'experimentalFeatures',
      'enableBlinkFeatures',
    ]) {
      expect(open(true).webPreferences).not.toHaveProperty(key);
    }
  });

  it('has DevTools only in an unpackaged run', () => {
    expect(open(true).webPreferences?.devTools).toBe(false);
    expect(open(false).webPreferences?.devTools).toBe(true);
  });

  it('opens hidden at the restored size (shown when ready, without a white flash)', () => {
    expect(open(true)).toMatchObject({
      width: 1200,
      height: 800,
      show: false,
      minWidth: 800,
      minHeight: 500,
    });
  });
});
