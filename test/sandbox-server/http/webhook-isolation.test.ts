import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_CONCURRENCY,
  MAX_WEBHOOKS_PER_ACCOUNT,
} from '../../../src/sandbox-server/domain/webhooks.ts';
import type { ProblemDetails, Send, WebHook, WebhookNotification } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';

/**
 * Webhook deliveries run in a lane of their own (jobs/queue.ts): receivers that never answer hold up neither SDI
 * nor other accounts. A real server on real time, real receivers on loopback.
 */

let sandbox: TestSandbox;
let hanging: WebhookReceiver;
let hangingUrl: string;
let release: () => void;
let good: WebhookReceiver;
let goodUrl: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 200 });
  hanging = new WebhookReceiver();
  hanging.hold = new Promise<void>((resolve) => (release = resolve));
  hangingUrl = await hanging.start();
  good = new WebhookReceiver();
  goodUrl = await good.start();
});
afterAll(async () => {
  release();
  await sandbox.close();
  await Promise.all([hanging.close(), good.close()]);
});

async function send(caller: ApiCaller, seed: number): Promise<Send> {
  const res = await caller.post<Send>('/v1/send/xml', {
    body: invoiceXml({ supplierVat: italianVat(seed), codiceDestinatario: 'ABC1234' }),
    headers: { 'content-type': 'application/xml' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Polls (bounded) until the invoice reaches `state`. */
async function reaches(caller: ApiCaller, id: number, state: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const current = (await caller.get<Send>(`/v1/send/${id}`)).body.latest_state;
    if (current === state) return;
    if (Date.now() > deadline) throw new Error(`invoice ${id} is ${current}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhook deliveries of one account', () => {
  it('never hold up another account’s invoice, its webhooks or its clock moves, while its receivers hang', async () => {
    const b = sandbox.caller('hangs');
    for (let i = 0; i < 12; i++) {
      const created = await b.post<WebHook>('/v1/webhook', { json: { url: hangingUrl, events: ['*'] } });
      expect(created.status).toBe(201);
    }
    await send(b, 6101);
    await hanging.waitFor(DELIVERY_CONCURRENCY.perScope);

    const a = sandbox.caller('goes-on');
    await a.post<WebHook>('/v1/webhook', { json: { url: goodUrl, events: ['update.add'] } });
    const invoice = await send(a, 6102);
    await reaches(a, invoice.id, 'Consegnato');
    const updates = (await good.waitFor(2)).map((c) => JSON.parse(c.body) as WebhookNotification);
    expect(updates.map((u) => u.event)).toEqual(['update.add', 'update.add']);
    const moved = await a.post('/_sandbox/clock', { json: { advance: '1h' }, unchecked: true });
    expect(moved.status).toBe(200);

    // All that while, B's receivers held its calls: as many as the account's share of slots, never more (36
    // deliveries wait their turn, each up to its timeout).
    expect(hanging.open).toBe(DELIVERY_CONCURRENCY.perScope);
    const health = await sandbox
      .anonymous()
      .get<{ checks: Record<string, { status: string }> }>('/v1/health');
    expect(health.body.checks.webhook_deliveries?.status).toBe('Healthy');
  });

  it('signs each delivery at real time, while the event is dated on the account’s sandbox clock', async () => {
    const caller = sandbox.caller('ahead-of-time');
    expect((await caller.post('/_sandbox/clock', { json: { advance: '30d' }, unchecked: true })).status).toBe(
      200,
    );
    await caller.post<WebHook>('/v1/webhook', { json: { url: goodUrl, events: ['company.add'] } });
    const before = good.calls.length;
    const vat = italianVat(6103);
    await caller.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Avanti Srl' } });
    const [call] = (await good.waitFor(before + 1)).slice(before);
    const t = Number(/t=(\d+)/.exec(String(call!.headers['service-signature']))![1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(300);
    const body = JSON.parse(call!.body) as WebhookNotification;
    expect(Date.parse(body.date_time) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it('refuses a webhook beyond the documented cap with 422, in the caller’s language', async () => {
    const caller = sandbox.caller('many-hooks').withLanguage('it');
    for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++) {
      expect(
        (await caller.post('/v1/webhook', { json: { url: goodUrl, events: ['company.add'] } })).status,
      ).toBe(201);
    }
    const refused = await caller.post<ProblemDetails>('/v1/webhook', {
      json: { url: goodUrl, events: ['company.add'] },
      unchecked: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.detail).toContain(String(MAX_WEBHOOKS_PER_ACCOUNT));
    expect(refused.body.detail).toMatch(/al massimo/);
    // The other environment has a cap of its own.
    const live = sandbox.caller('many-hooks', 'live');
    expect((await live.post('/v1/webhook', { json: { url: goodUrl, events: ['company.add'] } })).status).toBe(
      201,
    );
  });
});
