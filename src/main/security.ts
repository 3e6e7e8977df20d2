import { openExternalLink, type ShellLike } from './external-links.ts';

/** Content-Security-Policy of the app's page: its own scripts only, no remote content, no eval. */
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
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { responseHeaders?: Record<string, string[] | string> },
        callback: (response: { responseHeaders: Record<string, string[] | string> }) => void,
      ) => void,
    ): void;
  };
}

export interface WebContentsLike {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): void;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): void;
}

/** Locks a session down: every permission denied, and the CSP sent as a header too (it covers every response). */
export function secureSession(session: SessionLike): void {
  session.setPermissionRequestHandler((_wc, _permission, done) => done(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

/**
 * The window never navigates away from the app and never opens another window; an `https:` link the user
 * clicks goes to the OS browser instead.
 */
export function secureWebContents(
  contents: WebContentsLike,
  shell: ShellLike,
  isAppUrl: (url: string) => boolean,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalLink(shell, url);
    return { action: 'deny' };
  });
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
