import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_PAGE_URL,
  APP_SCHEME_PRIVILEGES,
  appFileHandler,
  mimeTypeOf,
  resolveAppFile,
} from '../../src/main/app-protocol.ts';
import { CONTENT_SECURITY_POLICY } from '../../src/main/security.ts';

/**
 * A temp folder shaped like a build: `renderer/` is served; beside it are files that must never be reachable,
 * among them a folder whose name starts like the served one (a prefix check would let it through).
 */
let top: string;
let root: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(() => {
  top = mkdtempSync(join(tmpdir(), 'scambio-app-protocol-'));
  root = join(top, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  mkdirSync(join(top, 'renderer-private'));
  writeFileSync(join(top, 'secret.txt'), 'outside');
  writeFileSync(join(top, 'renderer-private', 'key.txt'), 'outside');
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Scambio</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(root, 'assets', 'font.woff2'), 'w');
  writeFileSync(join(root, 'assets', 'blob.bin'), 'b');
  writeFileSync(join(root, 'assets', 'with space.js'), 'export {};');
  // A link inside the folder that points outside it.
  symlinkSync(join(top, 'secret.txt'), join(root, 'assets', 'link.txt'));
  serve = appFileHandler(root);
});

afterAll(() => rmSync(top, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => serve(new Request(url, { method }));

describe('the app:// protocol', () => {
  it('is registered as a standard, secure scheme with no CORS or CSP bypass', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true },
    });
  });

  it('serves the page with the CSP and the types of the built assets', async () => {
    const page = await get(APP_PAGE_URL);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Scambio</title>');
    expect((await get('app://scambio/')).headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const [path, type] of [
      ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
      ['assets/index-abc.css', 'text/css; charset=utf-8'],
      ['assets/logo.svg', 'image/svg+xml'],
      ['assets/font.woff2', 'font/woff2'],
      ['assets/blob.bin', 'application/octet-stream'],
      ['assets/with%20space.js?v=1#x', 'text/javascript; charset=utf-8'],
    ]) {
      const response = await get(`app://scambio/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
    }
    expect(mimeTypeOf('INDEX.HTML')).toBe('text/html; charset=utf-8');
  });

  it('answers HEAD without a body, and refuses other methods', async () => {
    const head = await get(APP_PAGE_URL, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get(APP_PAGE_URL, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('never reaches outside the renderer folder: dot segments, encoded or not, backslashes, NUL', async () => {
    const hostile = [
      'app://scambio/..%2fsecret.txt',
      'app://scambio/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      'app://scambio/assets/..%2f..%2fsecret.txt',
      'app://scambio/%2e%2e%2fsecret.txt',
      'app://scambio/%2e%2e/secret.txt',
      'app://scambio/../secret.txt',
      'app://scambio/..%2frenderer-private%2fkey.txt',
      'app://scambio/..%5csecret.txt',
      'app://scambio/assets%5c..%5c..%5csecret.txt',
      'app://scambio/index.html%00.js',
      `app://scambio/${encodeURIComponent(join(top, 'secret.txt'))}`,
    ];
    for (const url of hostile) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('outside');
    }
    // The resolver itself, on raw strings no URL parser has tidied.
    expect(resolveAppFile(root, 'app://scambio/..%2fsecret.txt')).toBeNull();
    expect(resolveAppFile(root, 'app://scambio/..%2frenderer-private/key.txt')).toBeNull();
    expect(resolveAppFile(root, 'app://scambio/a/..%2f..%2f..%2fsecret.txt')).toBeNull();
    expect(resolveAppFile(root, 'app://scambio/assets/index-abc.js')).toBe(
      join(root, 'assets', 'index-abc.js'),
    );
  });

  it('serves only regular files: no folders, no symbolic links, nothing missing', async () => {
    for (const path of ['assets', 'assets/', 'assets/link.txt', 'missing.js']) {
      expect((await get(`app://scambio/${path}`)).status, path).toBe(404);
    }
  });

  it('answers only its own host and scheme, and only well-formed paths', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect(resolveAppFile(root, 'file:///index.html')).toBeNull();
    expect(resolveAppFile(root, 'https://scambio/index.html')).toBeNull();
    expect(resolveAppFile(root, 'app://scambio/%E0%A4%A')).toBeNull();
    expect(resolveAppFile(root, 'not a url')).toBeNull();
  });
});
