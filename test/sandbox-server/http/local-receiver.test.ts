import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalReceiverUrl, type LocalReceiverState } from '../../../src/shared/api/local-receiver.ts';
import type { ProblemDetails, WebHook } from '../../../src/shared/api/types.ts';
import type { WebhookDelivery } from '../../../src/shared/api/webhook-delivery.ts';
import { signServicePayload } from '../../../src/shared/api/webhook-signature.ts';
import { startSandboxServer } from '../../../src/sandbox-server/server.ts';
import { italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 0 });
});
afterAll(() => sandbox.close());

function company(seed: number) {
  const vat = italianVat(seed);
  return { vat, fiscal_code: vat.slice(2), name: `Receiver ${seed} Srl` };
}

const start = (caller: ApiCaller, json: unknown = {}) =>
  caller.post<LocalReceiverState>('/_sandbox/receiver', { json, unchecked: true });

/** The receiver's state once it holds more than `after` calls (the server waits up to 10 s, then answers). */
async function deliveriesAfter(caller: ApiCaller, after: number, count: number) {
  for (let round = 0; round < 5; round++) {
    const res = await caller.get<LocalReceiverState>('/_sandbox/receiver', {
      query: { after, wait: 10 },
      unchecked: true,
    });
    expect(res.status).toBe(200);
    if (res.body.deliveries.filter((d) => d.seq > after).length >= count) return res.body;
    after = res.body.last_seq;
  }
  throw new Error(`expected ${count} deliveries`);
}

describe('the built-in webhook receiver', () => {
  it('creates a local webhook, receives signed deliveries and checks them with the secret', async () => {
    const caller = sandbox.caller('receiver-a');
    const started = await start(caller, { events: ['company.add'] });
    expect(started.status).toBe(201);
    expect(started.body.secret).toMatch(/^wh_sec_/);
    const webhook = started.body.webhook!;
    expect(isLocalReceiverUrl(webhook.url)).toBe(true);
    expect(webhook.events).toEqual(['company.add']);
    expect((await caller.get<WebHook>(`/v1/webhook/${webhook.id}`)).body.secret).toBeUndefined();

    const created = await caller.post<{ id: number }>('/v1/company', { json: company(701) });
    const state = await deliveriesAfter(caller, started.body.last_seq, 1);
    const delivery = state.deliveries[0]!;
    expect(delivery).toMatchObject({ event: 'company.add', signature: 'valid', webhook_id: webhook.id });
    expect(JSON.parse(delivery.body)).toMatchObject({ event: 'company.add', resource_id: created.body.id });
    expect(delivery.signature_header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // The secret is never shown again.
    expect(state.secret).toBeUndefined();

    // The delivery history shows what was sent, what came back and how long it took.
    const history = await caller.get<WebhookDelivery[]>('/_sandbox/webhookhistory', {
      query: { webhook_id: webhook.id },
      unchecked: true,
    });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ success: true, status_code: 200, event: 'company.add' });
    expect(history.body[0]!.request_body).toBe(delivery.body);
    expect(JSON.parse(history.body[0]!.response_body!)).toEqual({
      received: delivery.seq,
      signature: 'valid',
    });
    expect(history.body[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    const failed = await caller.get<WebhookDelivery[]>('/_sandbox/webhookhistory', {
      query: { webhook_id: webhook.id, success: false },
      unchecked: true,
    });
    expect(failed.body).toEqual([]);
    // The spec's history stays as openapi.yml has it (the caller checks every /v1 answer against it).
    expect((await caller.get('/v1/webhookhistory', { query: { webhook_id: webhook.id } })).status).toBe(200);
  });

  it('marks a call signed with another secret, or not signed at all, as invalid', async () => {
    const caller = sandbox.caller('receiver-b');
    const started = await start(caller);
    const url = started.body.webhook!.url;
    const body = JSON.stringify({ event: 'send.add', id: 1 });
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [await signServicePayload('wh_sec_wrong', body, now), null]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'service-signature': signature } : {}),
        },
        body,
      });
      expect(res.status).toBe(200);
    }
    const state = (await caller.get<LocalReceiverState>('/_sandbox/receiver', { unchecked: true })).body;
    expect(state.deliveries.map((d) => [d.signature, d.signature_header === null])).toEqual([
      ['invalid', true],
      ['invalid', false],
    ]);
    // Another account sees nothing of it.
    const other = (
      await sandbox.caller('receiver-c').get<LocalReceiverState>('/_sandbox/receiver', {
        unchecked: true,
      })
    ).body;
    expect(other).toEqual({ webhook: null, deliveries: [], last_seq: 0 });
    // An address nobody registered gets a 404.
    expect((await fetch(new URL('/scambio-local-receiver/nobody', url), { method: 'POST' })).status).toBe(
      404,
    );
  });

  it('replaces its webhook on a new start, and removes it on DELETE', async () => {
    const caller = sandbox.caller('receiver-d');
    const first = (await start(caller)).body.webhook!;
    const second = (await start(caller)).body.webhook!;
    expect(second.id).not.toBe(first.id);
    expect((await caller.get(`/v1/webhook/${first.id}`)).status).toBe(404);
    const stopped = await caller.delete<LocalReceiverState>('/_sandbox/receiver', { unchecked: true });
    expect(stopped.body.webhook).toBeNull();
    expect((await caller.get(`/v1/webhook/${second.id}`)).status).toBe(404);
  });

  it('refuses a bad body or an unknown company with a problem in the caller’s language', async () => {
    const caller = sandbox.caller('receiver-e').withLanguage('it');
    const bad = await start(caller, { events: ['invoice.paid'] });
    expect(bad.status).toBe(422);
    expect((bad.body as unknown as ProblemDetails).title).toBeTruthy();
    const unknown = await start(caller, { company_id: 2_000_000_000 });
    expect(unknown.status).toBe(404);
    expect((await caller.get<WebHook[]>('/v1/webhook')).body).toEqual([]);
  });

  it('removes its webhooks when the server stops, since nothing answers there any more', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scambio-receiver-'));
    const first = await startSandboxServer({ dataDir, port: 0, host: '127.0.0.1' });
    const { key } = first.services.keys.create({ account: 'stopper', environment: 'test' });
    const auth = { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };
    const origin = first.baseUrl.replace(/\/v1$/, '');
    const res = await fetch(`${origin}/_sandbox/receiver`, { method: 'POST', headers: auth });
    expect(res.status).toBe(201);
    const url = ((await res.json()) as LocalReceiverState).webhook!.url;
    await first.close();
    const again = await startSandboxServer({ dataDir, port: 0, host: '127.0.0.1' });
    try {
      const list = await fetch(`${again.baseUrl}/webhook`, { headers: auth });
      expect(await list.json()).toEqual([]);
      await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
    } finally {
      await again.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
