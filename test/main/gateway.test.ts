import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainGateway, registerGateway, type IpcEventLike } from '../../src/main/gateway.ts';
import { memoryJsonFile } from '../../src/main/json-file.ts';
import { Profiles, type ProfilesDocument } from '../../src/main/profiles.ts';
import { createIpcGateway } from '../../src/preload/bridge.ts';
import { CHANNELS, type Gateway, type Settings } from '../../src/shared/gateway/channels.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.ts';
import { fakeSecretStore } from './fakes.ts';

const APP_URL = 'file:///app/out/renderer/index.html';

/** ipcMain and the renderer's ipcRenderer joined in memory, with the sender frame the test chooses. */
function fakeIpc() {
  const handlers = new Map<string, (event: IpcEventLike, payload: unknown) => Promise<unknown>>();
  let frameUrl = APP_URL;
  return {
    handlers,
    fromFrame: (url: string) => void (frameUrl = url),
    ipcMain: { handle: (channel: string, listener: never) => void handlers.set(channel, listener) },
    ipcRenderer: {
      invoke: async (channel: string, payload: unknown) => {
        const handler = handlers.get(channel);
        // What Electron answers for a channel nobody registered.
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        return structuredClone(await handler({ senderFrame: { url: frameUrl } }, structuredClone(payload)));
      },
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

  beforeAll(async () => {
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
          chooseSavePath: async () => null,
          printToPdf: async () => new Uint8Array([37, 80, 68, 70]),
          readFile: async () => new TextEncoder().encode('<x/>'),
          writeFile: async () => {},
        },
      }),
      (url) => url === APP_URL,
    );
    gateway = createIpcGateway(ipc.ipcRenderer);
  });
  afterAll(() => sandbox.close());

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
    }) as unknown as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([
      'api',
      'dialog',
      'keychain',
      'print',
      'profiles',
      'settings',
      'shell',
    ]);
    expect(Object.isFrozen(bridge)).toBe(true);
    await expect(ipc.ipcRenderer.invoke('sandbox:base-url', null)).rejects.toThrow(/No handler registered/);
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
});
