import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  secureAllWebContents,
  secureSession,
  secureWebContents,
  type AppLike,
  type SessionLike,
  type WebContentsLike,
  type WebContentsPolicy,
} from '../../src/main/security.ts';

type Listener = (event: { preventDefault(): void; url?: string }, url?: string) => void;

/** A webContents that records its handlers, so a test can fire its events and see what was prevented. */
function fakeWebContents() {
  const listeners = new Map<string, Listener[]>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  let devToolsClosed = 0;
  const contents = {
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: 'deny' }) =>
      void (openHandler = handler),
    on: (event: string, listener: Listener) =>
      void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    closeDevTools: () => void devToolsClosed++,
  } as WebContentsLike;
  /** Fires like Electron: `will-frame-navigate` gets one event carrying the URL, the others get it as an argument. */
  const fire = (event: string, url = '') => {
    let prevented = false;
    const preventDefault = () => void (prevented = true);
    for (const listener of listeners.get(event) ?? []) {
      if (event === 'will-frame-navigate') listener({ preventDefault, url });
      else listener({ preventDefault }, url);
    }
    return prevented;
  };
  return {
    contents,
    fire,
    open: (url: string) => openHandler!({ url }),
    has: (event: string) => listeners.has(event),
    devToolsClosed: () => devToolsClosed,
  };
}

const appUrl = 'app://scambio/index.html';

function policy(overrides: Partial<WebContentsPolicy> = {}) {
  const opened: string[] = [];
  const logged: string[] = [];
  const p: WebContentsPolicy = {
    shell: { openExternal: async (url) => void opened.push(url) },
    isAppUrl: (url) => url.split('#')[0] === appUrl,
    packaged: true,
    log: (message) => void logged.push(message),
    ...overrides,
  };
  return { policy: p, opened, logged };
}

describe('every webContents', () => {
  it('denies every new window, sending only the app’s allowed links to the OS browser, and logs the rest', async () => {
    const { policy: p, opened, logged } = policy();
    const web = fakeWebContents();
    secureWebContents(web.contents, p);
    for (const url of [
      'https://www.fatturapa.gov.it/it/sistemainterscambio/cose-il-sdi/',
      'https://example.com/docs',
      'http://www.fatturapa.gov.it/',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(web.open(url)).toEqual({ action: 'deny' });
    }
    await Promise.resolve();
    expect(opened).toEqual(['https://www.fatturapa.gov.it/it/sistemainterscambio/cose-il-sdi/']);
    expect(logged).toHaveLength(4);
    expect(logged[0]).toMatch(/Refused .*example\.com/);
  });

  it('blocks navigation and redirects away from the app, in the main frame and in subframes', () => {
    const { policy: p, logged } = policy();
    const web = fakeWebContents();
    secureWebContents(web.contents, p);
    expect(web.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(web.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(web.fire('will-frame-navigate', 'https://evil.example/frame')).toBe(true);
    expect(web.fire('will-frame-navigate', 'file:///etc/passwd')).toBe(true);
    expect(web.fire('will-navigate', 'app://scambio/other.html')).toBe(true);
    expect(web.fire('will-navigate', 'app://scambio/index.html#/sent')).toBe(false);
    expect(web.fire('will-frame-navigate', appUrl)).toBe(false);
    expect(logged.filter((l) => l.startsWith('Blocked a navigation'))).toHaveLength(5);
  });

  it('refuses to attach webviews', () => {
    const web = fakeWebContents();
    secureWebContents(web.contents, policy().policy);
    expect(web.fire('will-attach-webview')).toBe(true);
  });

  it('closes DevTools at once in a packaged build, and leaves them alone while developing', () => {
    const packaged = fakeWebContents();
    secureWebContents(packaged.contents, policy({ packaged: true }).policy);
    packaged.fire('devtools-opened');
    expect(packaged.devToolsClosed()).toBe(1);
    const dev = fakeWebContents();
    secureWebContents(dev.contents, policy({ packaged: false }).policy);
    expect(dev.has('devtools-opened')).toBe(false);
  });

  it('are guarded app-wide, from their creation: each new webContents gets the same handlers', () => {
    let created: ((event: unknown, contents: WebContentsLike) => void) | null = null;
    const app: AppLike = { on: (_event, listener) => void (created = listener) };
    secureAllWebContents(app, policy().policy);
    for (const web of [fakeWebContents(), fakeWebContents()]) {
      created!({}, web.contents);
      expect(web.open('https://example.com/')).toEqual({ action: 'deny' });
      expect(web.fire('will-navigate', 'https://evil.example/')).toBe(true);
      expect(web.fire('will-frame-navigate', 'https://evil.example/')).toBe(true);
      expect(web.fire('will-attach-webview')).toBe(true);
    }
  });
});

describe('the session', () => {
  function securedSession() {
    const handlers: {
      request?: Parameters<SessionLike['setPermissionRequestHandler']>[0];
      check?: () => boolean;
      device?: () => boolean;
      displayMedia?: Parameters<SessionLike['setDisplayMediaRequestHandler']>[0];
      headers?: Parameters<SessionLike['webRequest']['onHeadersReceived']>[0];
    } = {};
    secureSession({
      setPermissionRequestHandler: (handler) => void (handlers.request = handler),
      setPermissionCheckHandler: (handler) => void (handlers.check = handler),
      setDevicePermissionHandler: (handler) => void (handlers.device = handler),
      setDisplayMediaRequestHandler: (handler) => void (handlers.displayMedia = handler),
      webRequest: { onHeadersReceived: (listener) => void (handlers.headers = listener) },
    });
    return handlers;
  }

  it('denies permission requests and checks, devices and screen capture', () => {
    const handlers = securedSession();
    const granted: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'hid', 'serial']) {
      handlers.request!(null, permission, (g) => granted.push(g));
    }
    expect(granted).toEqual([false, false, false, false, false, false]);
    expect(handlers.check!()).toBe(false);
    expect(handlers.device!()).toBe(false);
    const streams: unknown[] = [];
    handlers.displayMedia!({ videoRequested: true }, (s) => streams.push(s));
    expect(streams).toEqual([null]);
  });

  it('sends the CSP on every response', () => {
    const handlers = securedSession();
    let sent: Record<string, unknown> = {};
    handlers.headers!(
      { responseHeaders: { 'content-type': ['text/html'] } },
      (r) => (sent = r.responseHeaders),
    );
    expect(sent).toEqual({
      'content-type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
  });
});

describe('the Content-Security-Policy', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(/;\s*/).map((d) => {
      const [name, ...values] = d.split(' ');
      return [name!, values.join(' ')];
    }),
  );

  it('allows no eval, no remote origin, no forms, no framing', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*|https?:/);
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
  });
});
