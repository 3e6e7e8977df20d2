import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  secureSession,
  secureWebContents,
  type SessionLike,
  type WebContentsLike,
} from '../../src/main/security.ts';

function fakeWebContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents: WebContentsLike = {
    setWindowOpenHandler: (handler) => void (openHandler = handler),
    on: (event: string, listener: (event: { preventDefault(): void }, url: string) => void) =>
      void listeners.set(event, listener),
  };
  const fire = (event: string, url = '') => {
    let prevented = false;
    listeners.get(event)!({ preventDefault: () => void (prevented = true) }, url);
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler!({ url }) };
}

describe('window security', () => {
  const appUrl = 'file:///opt/scambio/out/renderer/index.html';
  const isAppUrl = (url: string) => url === appUrl;

  it('denies every new window, sending only the app’s allowed links to the OS browser', async () => {
    const opened: string[] = [];
    const web = fakeWebContents();
    secureWebContents(web.contents, { openExternal: async (url) => void opened.push(url) }, isAppUrl);
    expect(web.open('https://www.fatturapa.gov.it/it/')).toEqual({ action: 'deny' });
    expect(web.open('https://example.com/docs')).toEqual({ action: 'deny' });
    expect(web.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(web.open('javascript:alert(1)')).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(opened).toEqual(['https://www.fatturapa.gov.it/it/']);
  });

  it('blocks navigation and redirects away from the app, and webviews', () => {
    const web = fakeWebContents();
    secureWebContents(web.contents, { openExternal: async () => {} }, isAppUrl);
    expect(web.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(web.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(web.fire('will-navigate', appUrl)).toBe(false);
    expect(web.fire('will-attach-webview')).toBe(true);
  });

  it('denies permission requests and checks, and sends the CSP on every response', () => {
    let request: Parameters<SessionLike['setPermissionRequestHandler']>[0] | null = null;
    let check: (() => boolean) | null = null;
    let headers: Parameters<SessionLike['webRequest']['onHeadersReceived']>[0] | null = null;
    secureSession({
      setPermissionRequestHandler: (handler) => void (request = handler),
      setPermissionCheckHandler: (handler) => void (check = handler),
      webRequest: { onHeadersReceived: (listener) => void (headers = listener) },
    });
    const granted: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      request!(null, permission, (g) => granted.push(g));
    }
    expect(granted).toEqual([false, false, false, false]);
    expect(check!()).toBe(false);
    let sent: Record<string, unknown> = {};
    headers!({ responseHeaders: { 'content-type': ['text/html'] } }, (r) => (sent = r.responseHeaders));
    expect(sent).toEqual({
      'content-type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*/);
  });
});
