/**
 * `app://scambio/`: the built renderer, served by the main process instead of loaded from `file://`.
 *
 * Why: a `file://` page shares its origin with every file on the disk (its storage, and in Electron extra
 * privileges unless the GrantFileProtocolExtraPrivileges fuse is off), and what it may read is whatever the OS lets
 * the user read. Here the page has an origin of its own, and the handler answers only with files inside the built
 * renderer folder: nothing else is reachable through the scheme, whatever the URL says.
 */
import { lstat, readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { CustomScheme } from 'electron';
import { CONTENT_SECURITY_POLICY } from './security.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'scambio';
/** The page the window loads: relative asset URLs (`./assets/…`, electron-vite's `base: './'`) resolve under it. */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Registered before `ready` (Electron allows it only then). `standard`: a real origin (`app://scambio`), so
 * relative URLs, `'self'` in the CSP, localStorage and IndexedDB work; `secure`: a secure context like `https:`
 * (WebCrypto, which the invoice index uses); `supportFetchAPI`: `fetch()` of the app's own files. Not
 * `corsEnabled` (it would let other origins read these files) nor `bypassCSP`.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

/** The types of what electron-vite emits and what a renderer asset may be; anything else is served as bytes. */
const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function mimeTypeOf(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file an `app://scambio/…` URL names inside `root`, or null when it names none there: another scheme or host,
 * a path that does not decode, NUL or backslash (a separator on Windows), or one that resolves outside `root`
 * (`..`, also percent-encoded as `%2e%2e` or with `%2f`; the URL parser only removes the plain ones).
 */
export function resolveAppFile(root: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (/[\0\\]/.test(path)) return null;
  if (path === '/' || path === '') path = '/index.html';
  const base = resolve(root);
  const file = resolve(base, `.${path}`);
  const inside = relative(base, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  return file;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
};

function refusal(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS, ...extra },
  });
}

/**
 * The `protocol.handle` handler for `root` (the built renderer folder). Only GET and HEAD, only regular files: a
 * directory or a symbolic link (which could point anywhere) answers 404 like a missing file. Every answer carries
 * the app's CSP, so the page is covered without the `webRequest` hook (which the dev server's page still uses).
 */
export function appFileHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refusal(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    const file = resolveAppFile(root, request.url);
    if (!file) return refusal(404, 'Not found');
    try {
      if (!(await lstat(file)).isFile()) return refusal(404, 'Not found');
      const body = await readFile(file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: {
          'Content-Type': mimeTypeOf(file),
          'Content-Length': String(body.length),
          ...SECURITY_HEADERS,
        },
      });
    } catch {
      return refusal(404, 'Not found');
    }
  };
}
