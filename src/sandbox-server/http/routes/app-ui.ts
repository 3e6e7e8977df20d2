import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type Request } from 'express';
import { DEFAULT_ACCOUNT } from '../../accounts.ts';
import type { ApiKeyService } from '../../domain/api-keys.ts';
import { isLoopbackAddress } from '../loopback.ts';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export interface AppUi {
  router: Router;
  /** Revokes the page session's key, if one was handed out. */
  close(): void;
}

/**
 * `/app/`: the built renderer for a browser (headless mode), with a sandbox key for this server run injected into
 * the page. Only a loopback caller naming a loopback host gets it (the Host check defeats DNS rebinding), the
 * page is never cached, and the key is revoked when the server stops. See docs/desktop.md.
 */
export function appUiRoutes(dir: string, keys: ApiKeyService): AppUi {
  let sessionKey: string | null = null;
  const router = Router();
  const indexFile = join(dir, 'index.html');

  router.get(['/app', '/app/', '/app/index.html'], (req, res) => {
    if (req.path === '/app') return res.redirect(301, '/app/');
    res.set('Cache-Control', 'no-store');
    if (!existsSync(indexFile)) {
      return res
        .status(404)
        .type('html')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Scambio: UI not built</title>' +
            '<h1>The Scambio UI is not built</h1>' +
            '<p>Run <code>npx electron-vite build</code> in the project folder, then reload this page.</p>',
        );
    }
    if (!isLoopbackRequest(req))
      return res.status(403).type('text').send('The UI is served to this machine only.');
    sessionKey ??= keys.create({ account: DEFAULT_ACCOUNT, environment: 'test', session: true }).key;
    const html = readFileSync(indexFile, 'utf8').replace(
      '</head>',
      `  <meta name="scambio-session" content="${sessionKey}" />\n    <meta name="scambio-api" content="/v1" />\n  </head>`,
    );
    res
      .set({
        'Content-Security-Policy': CSP,
        'Referrer-Policy': 'no-referrer',
        'X-Frame-Options': 'DENY',
        'X-Content-Type-Options': 'nosniff',
      })
      .type('html')
      .send(html);
  });
  router.use('/app', express.static(dir, { index: false, fallthrough: true, maxAge: '1h' }));

  return {
    router,
    close() {
      if (sessionKey) keys.revoke(sessionKey);
      sessionKey = null;
    },
  };
}

function isLoopbackRequest(req: Request): boolean {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  return isLoopbackAddress(req.socket.remoteAddress) && LOOPBACK_NAMES.has(host);
}
