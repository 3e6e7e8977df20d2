import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { OPENAPI_PATH } from '../../../shared/api/openapi.ts';
import { REFERENCE_CSS, REFERENCE_OPTIONS } from '../../../shared/api/reference-view.ts';
import { PACKAGED_REFERENCE_UI_DIR } from '../../locations.ts';

/** The page's own scripts and styles only: Swagger UI comes from this server, never from a CDN. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** The files of swagger-ui-dist the page loads, served as they are (scripts/pack-sandbox.ts copies these). */
const REFERENCE_UI_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Scambio sandbox API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="swagger-ui.css" />
    <link rel="stylesheet" href="reference.css" />
  </head>
  <body>
    <main id="reference" aria-label="API reference"></main>
    <script src="swagger-ui-bundle.js"></script>
    <script src="reference.js"></script>
  </body>
</html>
`;

// An inline script would need the CSP to allow one: the start-up call is a file of its own.
const START = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(REFERENCE_OPTIONS)}, {
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#reference'
  }));
  // Swagger UI leaves the pickers of "Try it out" without a name: each gets its parameter's.
  var root = document.getElementById('reference');
  new MutationObserver(function () {
    root.querySelectorAll('select:not([aria-label])').forEach(function (select) {
      var name = select.closest('tr') && select.closest('tr').querySelector('.parameter__name');
      select.setAttribute('aria-label', name ? name.textContent.replace(/[*]|required/g, '').trim() : select.id || 'value');
    });
  }).observe(root, { childList: true, subtree: true });
});
`;

function swaggerUiDir(): string | null {
  if (PACKAGED_REFERENCE_UI_DIR) return PACKAGED_REFERENCE_UI_DIR;
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return null;
  }
}

/**
 * `/docs/`: the API reference page for a browser, Swagger UI over `/v1/openapi.json`, with "Try it out" against
 * this sandbox (Authorize with a key first). Public like the description itself: it holds no key.
 */
export function referencePageRoutes(): Router {
  const router = Router();
  const dir = swaggerUiDir();
  const headers = {
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };

  router.get(['/docs', '/docs/'], (req, res) => {
    // Relative asset addresses need the trailing slash (the router matches both forms).
    if (!req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, '/docs/');
    if (!dir) {
      res.status(404).type('text').send('The API reference needs swagger-ui-dist: run npm install.');
      return;
    }
    res.set(headers).type('html').send(PAGE);
  });
  router.get('/docs/reference.js', (_req, res) => {
    res.set(headers).type('text/javascript; charset=utf-8').send(START);
  });
  router.get('/docs/reference.css', (_req, res) => {
    res.set(headers).type('text/css; charset=utf-8').send(REFERENCE_CSS);
  });
  router.get('/docs/:asset', (req, res, next) => {
    const type = REFERENCE_UI_ASSETS[req.params.asset];
    const file = dir && type ? join(dir, req.params.asset) : null;
    if (!file || !existsSync(file)) return next();
    res.set(headers).type(type!).sendFile(file);
  });
  return router;
}
