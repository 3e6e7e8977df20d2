import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainGateway } from '../../src/main/gateway.ts';
import { memoryJsonFile } from '../../src/main/json-file.ts';
import { Profiles, type ProfilesDocument } from '../../src/main/profiles.ts';
import type { Send, Update } from '../../src/shared/api/types.ts';
import {
  buildGateway,
  type Gateway,
  type GatewayHandlers,
  type HandlerContext,
  type Invoke,
  type Settings,
} from '../../src/shared/gateway/channels.ts';
import { createHttpGateway } from '../../src/renderer/gateway/http-gateway.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.ts';
import { fakeSecretStore, inertHost } from './fakes.ts';

/** The main-process handlers behind the same typed gateway the page uses (no IPC: the checks are the handlers'). */
function gatewayOver(handlers: GatewayHandlers): Gateway {
  const context: HandlerContext = { emit: () => {} };
  const invoke: Invoke = (channel, payload) =>
    (handlers[channel] as (p: unknown, c: HandlerContext) => Promise<never>)(payload ?? {}, context);
  return buildGateway(invoke, () => () => {});
}

/** The states SDI gave a sent invoice, once it is past Inviato (SDI answers at once here, but asynchronously). */
async function settledStates(gateway: Gateway, id: number): Promise<Update[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const send = await gateway.api.request({ method: 'GET', path: `/send/${id}` });
    const state = (send.body as Send).latest_state;
    if (state !== null && state !== 'Inviato') {
      const updates = await gateway.api.request({ method: 'GET', path: '/update', query: { send_id: id } });
      return updates.body as Update[];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`invoice ${id} never left Inviato`);
}

let sandbox: TestSandbox;
let supplier: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 0 });
  supplier = italianVat(6601);
});
afterAll(() => sandbox?.close());

/** Both hosts hold the forced outcome the same way: the desktop main process and the headless page's gateway. */
async function forcesTheNextSubmissionOnly(gateway: Gateway, number: string): Promise<void> {
  expect(await gateway.sandbox.nextOutcome()).toEqual({ scenario: null, applied: null });
  expect(await gateway.sandbox.setNextOutcome({ scenario: 'scarto=00404' })).toEqual({
    scenario: 'scarto=00404',
    applied: null,
  });
  const xml = invoiceXml({ supplierVat: supplier, number });
  const headers = { 'content-type': 'application/xml' };

  // A check is not a submission, and a submission the service refused did not use the scenario up.
  const checked = await gateway.api.request({
    method: 'POST',
    path: '/send/validate/xml',
    body: xml,
    headers,
  });
  expect(checked.status).toBe(204);
  const refused = await gateway.api.request({ method: 'POST', path: '/send/xml', body: 'not xml', headers });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect((await gateway.sandbox.nextOutcome()).scenario).toBe('scarto=00404');

  const sent = await gateway.api.request({ method: 'POST', path: '/send/xml', body: xml, headers });
  expect(sent.status).toBe(201);
  const id = (sent.body as Send).id;
  expect(await gateway.sandbox.nextOutcome()).toEqual({
    scenario: null,
    applied: { scenario: 'scarto=00404', sendId: id },
  });
  const forced = await settledStates(gateway, id);
  expect(forced.at(-1)).toMatchObject({ state: 'Scartato' });
  expect(forced.at(-1)!.errors?.map((e) => e.code)).toContain('00404');

  // The one after goes as SDI decides.
  const next = await gateway.api.request({
    method: 'POST',
    path: '/send/xml',
    body: invoiceXml({ supplierVat: supplier, number: `${number}-bis` }),
    headers,
  });
  expect((await settledStates(gateway, (next.body as Send).id)).at(-1)!.state).toBe(
    'ImpossibilitaDiRecapito',
  );

  // Armed, then disarmed: nothing goes.
  await gateway.sandbox.setNextOutcome({ scenario: 'esito=EC02' });
  expect((await gateway.sandbox.setNextOutcome({ scenario: null })).scenario).toBeNull();
  // Only name=value steps are ever attached to a header.
  await expect(gateway.sandbox.setNextOutcome({ scenario: 'scarto=00404\r\nX-Other: 1' })).rejects.toThrow(
    /Refused sandbox scenario/,
  );
}

describe('the sandbox console through the desktop gateway', () => {
  let gateway: Gateway;
  let profiles: Profiles;

  beforeAll(() => {
    const secrets = fakeSecretStore(true);
    const key = sandbox.server.services.keys.create({ account: 'default', environment: 'test' }).key;
    profiles = new Profiles(memoryJsonFile<ProfilesDocument>(), secrets, () => ({
      baseUrl: sandbox.server.baseUrl,
      key,
    }));
    gateway = gatewayOver(
      createMainGateway({
        profiles,
        secrets,
        settings: memoryJsonFile<Settings>(),
        host: inertHost,
      }),
    );
  });

  it('reaches the control API of the local sandbox', async () => {
    const clock = await gateway.sandbox.control({ method: 'GET', path: '/clock' });
    expect(clock.status).toBe(200);
    expect(clock.body).toMatchObject({ frozen: false });
    const preview = await gateway.sandbox.control({
      method: 'POST',
      path: '/clock',
      body: { advance: '1h', dry_run: true },
    });
    expect(preview.body).toMatchObject({ dry_run: true, retention: { send: 0, receive: 0 } });
    // Below `/_sandbox` only: the v1 API is `api.request`'s.
    await expect(gateway.sandbox.control({ method: 'GET', path: '/../v1/send' })).rejects.toThrow(/Refused/);
  });

  it('forces the outcome of the next submission, and of that one only', async () => {
    await forcesTheNextSubmissionOnly(gateway, 'NO-1');
  });

  it('refuses every console channel while a remote profile is active', async () => {
    await gateway.sandbox.setNextOutcome({ scenario: 'scarto=00404' });
    const saved = await profiles.save({
      name: 'Elsewhere',
      baseUrl: 'https://api.example.com/v1',
      keyKind: 'test',
      apiKey: 'ik_test_elsewhere',
    });
    if (!saved.ok) throw new Error(saved.reason);
    profiles.select(saved.profile.id);
    try {
      await expect(gateway.sandbox.control({ method: 'GET', path: '/clock' })).rejects.toThrow(
        /Only the local sandbox/,
      );
      await expect(gateway.sandbox.nextOutcome()).rejects.toThrow(/Only the local sandbox/);
      await expect(gateway.sandbox.setNextOutcome({ scenario: null })).rejects.toThrow(
        /Only the local sandbox/,
      );
    } finally {
      await profiles.remove(saved.profile.id);
    }
    // Back on the local sandbox the armed outcome is still there, and nothing was attached meanwhile.
    expect((await gateway.sandbox.nextOutcome()).scenario).toBe('scarto=00404');
    await gateway.sandbox.setNextOutcome({ scenario: null });
  });
});

describe('the sandbox console through the headless page gateway', () => {
  let gateway: Gateway;

  beforeAll(() => {
    const key = sandbox.server.services.keys.create({ account: 'default', environment: 'test' }).key;
    gateway = createHttpGateway({ apiBase: sandbox.server.baseUrl, sessionKey: key });
  });

  it('reaches the control API and forces the next submission only', async () => {
    const queue = await gateway.sandbox.control({ method: 'GET', path: '/queue' });
    expect(queue.status).toBe(200);
    expect(Array.isArray(queue.body)).toBe(true);
    await forcesTheNextSubmissionOnly(gateway, 'NO-2');
  });
});
