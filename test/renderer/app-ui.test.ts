import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/sandbox-server/clock.ts';
import { ApiKeyService } from '../../src/sandbox-server/domain/api-keys.ts';
import { cryptoRandom } from '../../src/sandbox-server/random.ts';
import { openSandboxStore } from '../../src/sandbox-server/server.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.ts';
import { basicAuth } from '../support/sandbox-process.ts';

/** A GET with a chosen Host header, which fetch does not allow setting. */
function get(
  url: string,
  host?: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject).end();
  });
}

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scambio-ui-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Scambio</title></head><body></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

const sessionOf = (html: string) => /name="scambio-session" content="([^"]+)"/.exec(html)?.[1];

describe('the UI under /app/ in headless mode', () => {
  let sandbox: TestSandbox | null = null;
  const dirs: string[] = [];
  afterEach(async () => {
    await sandbox?.close();
    sandbox = null;
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('answers a clear 404 page saying how to build the UI when it is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'scambio-ui-'));
    dirs.push(empty);
    sandbox = await startTestSandbox({ uiDir: empty });
    const response = await get(`${sandbox.origin}/app/`);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('npx electron-vite build');
  });

  it('serves the page with a session key for this run that works on the API, never cached', async () => {
    const dir = fakeBuild();
    dirs.push(dir);
    sandbox = await startTestSandbox({ uiDir: dir });
    const page = await get(`${sandbox.origin}/app/`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    const key = sessionOf(page.body)!;
    expect(key).toMatch(/^ik_test_/);
    expect(sessionOf((await get(`${sandbox.origin}/app/`)).body)).toBe(key);
    const company = await fetch(`${sandbox.origin}/v1/company`, { headers: basicAuth(key) });
    expect(company.status).toBe(200);
    expect((await get(`${sandbox.origin}/app/assets/app.js`)).body).toBe('console.log(1)');
  });

  it('gives no session to a page asked for under another host name (DNS rebinding)', async () => {
    const dir = fakeBuild();
    dirs.push(dir);
    sandbox = await startTestSandbox({ uiDir: dir });
    const response = await get(`${sandbox.origin}/app/`, 'evil.example:80');
    expect(response.status).toBe(403);
    expect(sessionOf(response.body)).toBeUndefined();
  });

  it('revokes the session key when the server stops', async () => {
    const dir = fakeBuild();
    dirs.push(dir);
    sandbox = await startTestSandbox({ uiDir: dir });
    const key = sessionOf((await get(`${sandbox.origin}/app/`)).body)!;
    expect(sandbox.server.services.keys.authenticate(key)).not.toBeNull();
    await sandbox.server.close();
    // Reopened, as the next run would see it.
    const store = openSandboxStore(sandbox.dataDir);
    try {
      expect(new ApiKeyService(store, systemClock, cryptoRandom).authenticate(key)).toBeNull();
    } finally {
      store.close();
    }
  });
});
