import { openExternalLink, type ShellLike } from './external-links.ts';

/**
 * Content-Security-Policy of the app's page: its own scripts only, no remote content, no eval. `form-action 'none'`:
 * the app's forms never submit (each handler calls `preventDefault` and goes through the gateway).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets style attributes at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  // The renderer reaches APIs only through the gateway (IPC), never by itself.
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (wc: unknown, permission: string, done: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  setDisplayMediaRequestHandler(handler: (request: unknown, callback: (streams: null) => void) => void): void;
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { responseHeaders?: Record<string, string[] | string> },
        callback: (response: { responseHeaders: Record<string, string[] | string> }) => void,
      ) => void,
    ): void;
  };
}

type Preventable = { preventDefault(): void };

export interface WebContentsLike {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: Preventable, url: string) => void): void;
  on(event: 'will-frame-navigate', listener: (event: Preventable & { url: string }) => void): void;
  on(event: 'will-attach-webview' | 'devtools-opened', listener: (event: Preventable) => void): void;
  closeDevTools(): void;
}

export interface AppLike {
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsLike) => void): void;
}

export interface WebContentsPolicy {
  shell: ShellLike;
  /** The app's own page (src/main/renderer-source.ts): the only place any frame may navigate to. */
  isAppUrl(url: string): boolean;
  /** A packaged build: DevTools never stay open (the window is also created with `devTools: false`). */
  packaged: boolean;
  log?: (message: string) => void;
}

/**
 * Locks a session down: every permission request and check denied, no device (HID, serial, USB) and no screen
 * capture, and the CSP sent as a header too (it covers every response, the dev server's included). No
 * `select-*-device` listener is added: without one Electron cancels those choosers.
 */
export function secureSession(session: SessionLike): void {
  session.setPermissionRequestHandler((_wc, _permission, done) => done(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback(null));
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

/**
 * A page never navigates away from the app (in any frame), never opens another window and never attaches a
 * webview; an allowed link it opens goes to the OS browser instead (src/main/external-links.ts).
 */
export function secureWebContents(contents: WebContentsLike, policy: WebContentsPolicy): void {
  const log = policy.log ?? console.warn;
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalLink(policy.shell, url, log);
    return { action: 'deny' };
  });
  const stayInApp = (event: Preventable, url: string) => {
    if (policy.isAppUrl(url)) return;
    event.preventDefault();
    log(`Blocked a navigation away from the app: ${url.slice(0, 200)}`);
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  // Also subframes, which `will-navigate` does not cover.
  contents.on('will-frame-navigate', (event) => stayInApp(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  if (policy.packaged) contents.on('devtools-opened', () => contents.closeDevTools());
}

/**
 * Every webContents the app ever creates (the window's, and any other a future feature or a library makes) gets
 * the same guards, from its creation on: registered before the first window exists.
 */
export function secureAllWebContents(app: AppLike, policy: WebContentsPolicy): void {
  app.on('web-contents-created', (_event, contents) => secureWebContents(contents, policy));
}
