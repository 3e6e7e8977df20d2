import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpGateway } from '../../../src/renderer/gateway/http-gateway.ts';
import type { Gateway } from '../../../src/shared/gateway/channels.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('the browser gateway of headless mode', () => {
  let sandbox: TestSandbox;
  let gateway: Gateway;
  const storage = memoryStorage();

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const key = sandbox.server.services.keys.create({ account: 'default', environment: 'test' }).key;
    await sandbox
      .caller('default')
      .post('/v1/send/xml', { body: invoiceXml({ supplierVat: italianVat(12) }) });
    gateway = createHttpGateway({ apiBase: sandbox.server.baseUrl, sessionKey: key, storage });
  });
  afterAll(() => sandbox.close());

  it('calls the local sandbox with the page session, paging through Service-Total-Count', async () => {
    const response = await gateway.api.request({ method: 'GET', path: '/send', query: { page_size: 1 } });
    expect(response).toMatchObject({ status: 200, encoding: 'json' });
    expect(response.headers['service-total-count']).toBe('1');
  });

  it('offers only the local sandbox, and saves no profile or key', async () => {
    const view = await gateway.profiles.list();
    expect(view.profiles.map((p) => [p.id, p.kind, p.environment])).toEqual([['local', 'local', 'test']]);
    expect(
      await gateway.profiles.save({
        name: 'x',
        baseUrl: 'https://a.example',
        keyKind: 'live',
        apiKey: 'ik_live_x',
      }),
    ).toEqual({ ok: false, reason: 'browser' });
    expect(await gateway.keychain.status()).toEqual({ available: false, reason: 'browser' });
    expect([...storage.items.values()].join()).not.toContain('ik_');
  });

  it('keeps the language in local storage and ignores unknown ones', async () => {
    expect(await gateway.settings.get()).toEqual({ language: 'it' });
    expect(await gateway.settings.set({ language: 'de' })).toEqual({ language: 'de' });
    expect(await gateway.settings.set({ language: 'fr' as 'de' })).toEqual({ language: 'de' });
    expect(await gateway.settings.get()).toEqual({ language: 'de' });
  });

  it('reads the sandbox clock through its own channel', async () => {
    const response = await gateway.sandbox.clock();
    expect(response).toMatchObject({ status: 200, encoding: 'json' });
    const clock = response.body as { now: string; offset_seconds: number; frozen: boolean };
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
    expect(clock).toMatchObject({ offset_seconds: 0, frozen: false });
  });

  it('refuses paths that leave the API', async () => {
    await expect(gateway.api.request({ method: 'GET', path: '/../_sandbox/reset' })).rejects.toThrow(
      /Refused/,
    );
  });
});
