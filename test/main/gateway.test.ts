import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainGateway, registerGateway, type IpcEventLike } from '../../src/main/gateway.ts';
import { memoryJsonFile } from '../../src/main/json-file.ts';
import { Profiles, type ProfilesDocument } from '../../src/main/profiles.ts';
import { createIpcGateway } from '../../src/preload/bridge.ts';
import { CHANNELS, type Gateway, type Settings } from '../../src/shared/gateway/channels.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import { readZip } from '../support/zip.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.ts';
import { fakeSecretStore } from './fakes.ts';

const APP_URL = 'file:///app/out/renderer/index.html';

/** ipcMain and the renderer's ipcRenderer joined in memory, with the sender frame the test chooses. */
function fakeIpc() {
  const handlers = new Map<string, (event: IpcEventLike, payload: unknown) => Promise<unknown>>();
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  let frameUrl = APP_URL;
  const sender = {
    send: (channel: string, payload: unknown) => {
      for (const listener of listeners.get(channel) ?? []) listener({}, structuredClone(payload));
    },
  };
  return {
    handlers,
    listeners,
    fromFrame: (url: string) => void (frameUrl = url),
    ipcMain: { handle: (channel: string, listener: never) => void handlers.set(channel, listener) },
    ipcRenderer: {
      invoke: async (channel: string, payload: unknown) => {
        const handler = handlers.get(channel);
        // What Electron answers for a channel nobody registered.
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        return structuredClone(
          await handler({ senderFrame: { url: frameUrl }, sender }, structuredClone(payload)),
        );
      },
      on: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
        const set = listeners.get(channel) ?? new Set();
        listeners.set(channel, set);
        set.add(listener);
      },
      removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
        void listeners.get(channel)?.delete(listener),
    },
  };
}

describe('the desktop gateway', () => {
  let sandbox: TestSandbox;
  let localKey: string;
  let ipc: ReturnType<typeof fakeIpc>;
  let gateway: Gateway;
  const secrets = fakeSecretStore(true);
  const opened: string[] = [];
  const liveConfirmations: string[] = [];
  let confirmLive = false;
  let savePath: string | null = null;
  let downloads: string;

  beforeAll(async () => {
    downloads = mkdtempSync(join(tmpdir(), 'scambio-downloads-'));
    sandbox = await startTestSandbox();
    localKey = sandbox.server.services.keys.create({ account: 'default', environment: 'test' }).key;
    const profiles = new Profiles(memoryJsonFile<ProfilesDocument>(), secrets, () => ({
      baseUrl: sandbox.server.baseUrl,
      key: localKey,
    }));
    ipc = fakeIpc();
    registerGateway(
      ipc.ipcMain,
      createMainGateway({
        profiles,
        secrets,
        settings: memoryJsonFile<Settings>(),
        host: {
          shell: { openExternal: async (url) => void opened.push(url) },
          pickFiles: async () => ['/tmp/a.xml'],
          chooseSavePath: async () => savePath,
          printToPdf: async () => new Uint8Array([37, 80, 68, 70]),
          readFile: async () => new TextEncoder().encode('<x/>'),
          writeFile: async () => {},
          confirmLiveSend: async (request, profileName) => {
            liveConfirmations.push(`${profileName}: ${request.method} ${request.path}`);
            return confirmLive;
          },
        },
      }),
      (url) => url === APP_URL,
    );
    gateway = createIpcGateway(ipc.ipcRenderer);
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('registers exactly the shared channels', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
  });

  it('adds the local sandbox key to API requests, so the renderer needs none', async () => {
    const caller = sandbox.caller('default');
    await caller.post('/v1/send/xml', { body: invoiceXml({ supplierVat: italianVat(41) }) });
    const response = await gateway.api.request({ method: 'GET', path: '/send', query: { page_size: 5 } });
    expect(response.status).toBe(200);
    expect(response.headers['service-total-count']).toBe('1');
    expect(response.body).toHaveLength(1);
  });

  it('never hands a key to the renderer, through any channel', async () => {
    await gateway.profiles.save({
      name: 'Live',
      baseUrl: 'https://api.example.com/v1',
      keyKind: 'live',
      apiKey: 'ik_live_never_returned',
    });
    const answers = await Promise.all([
      gateway.api.request({ method: 'GET', path: '/company' }),
      gateway.api.request({ method: 'GET', path: '/nowhere' }),
      gateway.settings.get(),
      gateway.settings.set({ language: 'de' }),
      gateway.profiles.list(),
      gateway.keychain.status(),
      gateway.dialog.pickFiles({}),
      gateway.dialog.saveFile({ suggestedName: 'a.zip', contentBase64: 'AA==' }),
      gateway.print.toPdf({ suggestedName: 'a.pdf' }),
    ]);
    const everything = JSON.stringify(answers);
    expect(everything).not.toContain(localKey);
    expect(everything).not.toContain('ik_live_never_returned');
    expect(everything).not.toMatch(/ik_(test|live)_/);
  });

  it('ignores credentials the renderer tries to set and paths that leave the API', async () => {
    const spoofed = await gateway.api.request({
      method: 'GET',
      path: '/company',
      headers: { Authorization: 'Basic bm9ib2R5Og==' },
    });
    expect(spoofed.status).toBe(200);
    for (const path of ['//evil.example/v1/company', '/../_sandbox/reset', 'https://evil.example/']) {
      await expect(gateway.api.request({ method: 'GET', path })).rejects.toThrow(/Refused API path/);
    }
    await expect(gateway.api.request({ method: 'PATCH' as 'GET', path: '/company' })).rejects.toThrow(
      /method/,
    );
  });

  it('refuses unknown channels in the preload, before anything reaches the main process', async () => {
    const bridge = createIpcGateway({
      invoke: () => Promise.reject(new Error('reached the main process')),
      on: () => {
        throw new Error('reached the main process');
      },
      removeListener: () => {},
    }) as unknown as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([
      'api',
      'dialog',
      'events',
      'index',
      'keychain',
      'live',
      'print',
      'profiles',
      'sandbox',
      'settings',
      'shell',
    ]);
    expect(Object.isFrozen(bridge)).toBe(true);
    await expect(ipc.ipcRenderer.invoke('sandbox:base-url', null)).rejects.toThrow(/No handler registered/);
    const unknownEvent = () =>
      (bridge.events as Gateway['events']).on('ipc.raw' as 'download.progress', () => {});
    expect(unknownEvent).toThrow(/Unknown gateway event/);
  });

  it('answers only the app page, not another frame', async () => {
    ipc.fromFrame('https://evil.example/');
    try {
      await expect(gateway.settings.get()).rejects.toThrow(/untrusted frame/);
    } finally {
      ipc.fromFrame(APP_URL);
    }
  });

  it('opens only https links in the OS browser', async () => {
    await gateway.shell.openExternal({ url: 'https://www.fatturapa.gov.it/' });
    await expect(gateway.shell.openExternal({ url: 'file:///etc/passwd' })).rejects.toThrow(/Refused/);
    expect(opened).toEqual(['https://www.fatturapa.gov.it/']);
  });
  it('streams an export to the file the user picked, with progress, and writes nothing for a refusal', async () => {
    const vat = italianVat(4242);
    const caller = sandbox.caller('default');
    await caller.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Download Srl' } });
    const xml = invoiceXml({
      supplierVat: italianVat(4243),
      customerVat: vat,
      number: 'D-1',
      date: '2025-03-03',
    });
    await caller.post('/_sandbox/inbound', { json: { payload: xml }, unchecked: true });

    const progress: number[] = [];
    const stop = gateway.events.on('download.progress', (event) => {
      if (event.transferId === 't1') progress.push(event.bytes);
    });
    savePath = join(downloads, 'march.zip');
    const saved = await gateway.dialog.saveDownload({
      request: { method: 'GET', path: '/export', query: { year: 2025, month: 3 } },
      suggestedName: 'march.zip',
      transferId: 't1',
    });
    stop();
    const zip = readFileSync(savePath);
    expect(saved).toEqual({ outcome: 'saved', bytes: zip.length });
    expect(progress.at(-1)).toBe(zip.length);
    const files = await readZip(zip);
    expect([...files.values()].map((b) => b.toString('utf8'))).toEqual([xml]);

    savePath = join(downloads, 'empty.zip');
    const empty = await gateway.dialog.saveDownload({
      request: { method: 'GET', path: '/export', query: { year: 2019, month: 1 } },
      suggestedName: 'empty.zip',
      transferId: 't2',
    });
    expect(empty).toMatchObject({ outcome: 'failed', response: { status: 204 } });
    const invalid = await gateway.dialog.saveDownload({
      request: { method: 'GET', path: '/export', query: { year: 2025, month: 13 } },
      suggestedName: 'empty.zip',
      transferId: 't3',
    });
    expect(invalid).toMatchObject({ outcome: 'failed', response: { status: 400, encoding: 'json' } });
    expect(existsSync(savePath)).toBe(false);
    expect(readdirSync(downloads)).toEqual(['march.zip']);

    savePath = null;
    const cancelled = await gateway.dialog.saveDownload({
      request: { method: 'GET', path: '/export', query: { year: 2025, month: 3 } },
      suggestedName: 'march.zip',
      transferId: 't4',
    });
    expect(cancelled).toEqual({ outcome: 'cancelled' });
  });

  it('asks before a submission with a live key, and sends nothing when the user declines', async () => {
    const live = sandbox.caller('live-user', 'live');
    const liveKey = live.key!;
    const saved = await gateway.profiles.save({
      name: 'Production',
      baseUrl: sandbox.server.baseUrl,
      keyKind: 'live',
      apiKey: liveKey,
    });
    if (!saved.ok) throw new Error(saved.reason);
    await gateway.profiles.select({ id: saved.profile.id });
    const sent = async () => (await live.get<unknown[]>('/v1/send')).body.length;
    try {
      const xml = invoiceXml({ supplierVat: italianVat(77) });
      confirmLive = false;
      const declined = await gateway.api.request({ method: 'POST', path: '/send/xml', body: xml });
      expect(declined).toMatchObject({ status: 0, cancelled: 'live-send' });
      expect(await sent()).toBe(0);

      // Reading and validating with a live key need no confirmation; only real submissions do.
      expect((await gateway.api.request({ method: 'GET', path: '/send' })).status).toBe(200);
      await gateway.api.request({ method: 'POST', path: '/send/validate/xml', body: xml });
      expect(liveConfirmations).toEqual(['Production: POST /send/xml']);

      confirmLive = true;
      const accepted = await gateway.api.request({ method: 'POST', path: '/send/xml', body: xml });
      expect(accepted.status).toBe(201);
      expect(await sent()).toBe(1);
      expect(liveConfirmations).toHaveLength(2);
    } finally {
      const after = await gateway.profiles.remove({ id: saved.profile.id });
      expect(after.activeId).toBe('local');
      expect(after.profiles.map((p) => p.id)).not.toContain(saved.profile.id);
    }
  });

  it('makes an invoice arrive in the local sandbox, and refuses to while a remote profile is active', async () => {
    const vat = italianVat(4444);
    await gateway.api.request({
      method: 'POST',
      path: '/company',
      body: { vat, fiscal_code: vat.slice(2), name: 'Arrivi Srl' },
    });
    const delivered = await gateway.sandbox.receiveInvoice({ toVat: vat });
    expect(delivered.status).toBe(201);
    const held = await gateway.sandbox.receiveInvoice({ toVat: italianVat(4445), format: 'FPA12' });
    expect(held.status).toBe(202);

    const saved = await gateway.profiles.save({
      name: 'Elsewhere',
      baseUrl: 'https://api.example.com/v1',
      keyKind: 'test',
      apiKey: 'ik_test_elsewhere',
    });
    if (!saved.ok) throw new Error(saved.reason);
    await gateway.profiles.select({ id: saved.profile.id });
    try {
      await expect(gateway.sandbox.receiveInvoice({ toVat: vat })).rejects.toThrow(/Only the local sandbox/);
    } finally {
      await gateway.profiles.remove({ id: saved.profile.id });
    }
  });

  it("checks a profile's connection with its own key, without switching to it", async () => {
    const local = await gateway.profiles.check({ id: 'local' });
    expect(local).toMatchObject({ ok: true });

    const live = sandbox.caller('checked-live', 'live');
    const good = await gateway.profiles.save({
      name: 'Good',
      baseUrl: sandbox.server.baseUrl,
      keyKind: 'live',
      apiKey: live.key!,
    });
    const bad = await gateway.profiles.save({
      name: 'Bad',
      baseUrl: sandbox.server.baseUrl,
      keyKind: 'live',
      apiKey: 'ik_live_0000000000000000000000000000000000000000',
    });
    const unreachable = await gateway.profiles.save({
      name: 'Unreachable',
      baseUrl: 'http://127.0.0.1:1/v1',
      keyKind: 'test',
      apiKey: 'ik_test_unreachable',
    });
    if (!good.ok || !bad.ok || !unreachable.ok) throw new Error('profiles not saved');
    try {
      expect(await gateway.profiles.check({ id: good.profile.id })).toMatchObject({
        ok: true,
        operationsLeft: expect.any(Number),
      });
      expect(await gateway.profiles.check({ id: bad.profile.id })).toMatchObject({ ok: false, status: 401 });
      expect(await gateway.profiles.check({ id: unreachable.profile.id })).toMatchObject({
        ok: false,
        status: null,
      });
      expect((await gateway.profiles.list()).activeId).toBe('local');
    } finally {
      for (const saved of [good, bad, unreachable]) await gateway.profiles.remove({ id: saved.profile.id });
    }
  });

  it('leaves no file at all when a download breaks half way', async () => {
    // A service that starts a ZIP and drops the connection: the one thing here that stands in for the network.
    const broken = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': '1000000' });
      res.write(Buffer.alloc(300_000, 7));
      setTimeout(() => res.socket?.destroy(), 50);
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const port = (broken.address() as AddressInfo).port;
    const saved = await gateway.profiles.save({
      name: 'Broken',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      keyKind: 'test',
      apiKey: 'ik_test_broken',
    });
    if (!saved.ok) throw new Error(saved.reason);
    await gateway.profiles.select({ id: saved.profile.id });
    savePath = join(downloads, 'broken.zip');
    try {
      await expect(
        gateway.dialog.saveDownload({
          request: { method: 'GET', path: '/export', query: { year: 2025, month: 3 } },
          suggestedName: 'broken.zip',
          transferId: 'broken',
        }),
      ).rejects.toThrow();
      expect(existsSync(savePath)).toBe(false);
      expect(existsSync(`${savePath}.partial`)).toBe(false);
    } finally {
      await gateway.profiles.remove({ id: saved.profile.id });
      await new Promise((resolve) => broken.close(resolve));
    }
  });
});
