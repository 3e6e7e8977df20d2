import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CHROMIUM_MISSING, chromiumInstalled, launchChromium } from '../../support/chromium.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let allowedPage: Server;
let otherPage: Server;
let allowedOrigin: string;
let otherOrigin: string;
let key: string;

/** A page on its own loopback origin: the origin is what CORS is about. */
async function pageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => res.end('<!doctype html><title>app</title><p>app</p>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  ({ server: allowedPage, origin: allowedOrigin } = await pageServer());
  ({ server: otherPage, origin: otherOrigin } = await pageServer());
  key = sandbox.server.services.keys.create({
    account: 'web',
    environment: 'test',
    origins: [allowedOrigin],
  }).key;
});
afterAll(async () => {
  allowedPage.close();
  otherPage.close();
  await sandbox.close();
});

const auth = () => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

describe('CORS per key, over plain HTTP', () => {
  it('answers a preflight for an origin some key allows, and refuses one nobody allows', async () => {
    const preflight = (origin: string) =>
      fetch(`${sandbox.origin}/v1/send`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization, x-evil',
        },
      });
    const ok = await preflight(allowedOrigin);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(ok.headers.get('access-control-allow-headers')).toBe('authorization');
    const refused = await preflight(otherOrigin);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("checks the real request against its own key's origins and exposes the API's headers", async () => {
    const ok = await fetch(`${sandbox.origin}/v1/send`, {
      headers: { origin: allowedOrigin, authorization: auth() },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-expose-headers')).toContain('Service-Total-Count');
    expect(ok.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed');
    const other = await fetch(`${sandbox.origin}/v1/send`, {
      headers: { origin: otherOrigin, authorization: auth() },
    });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // A key without origins may not be used from any browser page.
    const plain = sandbox.server.services.keys.create({ account: 'web', environment: 'test' }).key;
    const denied = await fetch(`${sandbox.origin}/v1/send`, {
      headers: {
        origin: allowedOrigin,
        authorization: `Basic ${Buffer.from(`${plain}:`).toString('base64')}`,
      },
    });
    expect(denied.status).toBe(403);
  });

  it('lets a key’s origins be changed', async () => {
    const { key: k, record } = sandbox.server.services.keys.create({ account: 'web2', environment: 'test' });
    expect(sandbox.server.services.keys.setOrigins(String(record.id), [`${otherOrigin}/`])).toBe(true);
    const res = await fetch(`${sandbox.origin}/v1/company`, {
      headers: { origin: otherOrigin, authorization: `Basic ${Buffer.from(`${k}:`).toString('base64')}` },
    });
    expect(res.status).toBe(200);
  });
});

const noChromium = !chromiumInstalled;
if (noChromium) console.warn(`[cors] browser tests skipped: ${CHROMIUM_MISSING}`);

describe.skipIf(noChromium)('CORS per key, from real Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function listFrom(
    origin: string,
  ): Promise<{ status: number; total: string | null } | { error: string }> {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/`);
      return await page.evaluate(
        async ({ url, authorization }) => {
          try {
            const res = await fetch(url, { headers: { authorization } });
            return { status: res.status, total: res.headers.get('Service-Total-Count') };
          } catch (error) {
            return { error: String(error) };
          }
        },
        { url: `${sandbox.origin}/v1/send`, authorization: auth() },
      );
    } finally {
      await page.close();
    }
  }

  it('lets a page on an allowed origin list invoices and read the total count', async () => {
    expect(await listFrom(allowedOrigin)).toEqual({ status: 200, total: '0' });
  });

  it('blocks a page on another origin', async () => {
    const result = await listFrom(otherOrigin);
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toMatch(/TypeError|Failed to fetch/);
  });
});
