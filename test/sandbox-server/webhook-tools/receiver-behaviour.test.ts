import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalReceiverState } from '../../../src/shared/api/local-receiver.ts';
import type { ProblemDetails } from '../../../src/shared/api/types.ts';
import type { WebhookDelivery } from '../../../src/shared/api/webhook-delivery.ts';
import type { ReceiverBehaviour } from '../../../src/shared/api/webhook-tools.ts';
import { SandboxClock } from '../../../src/sandbox-server/clock.ts';
import { DELIVERY_TIMEOUT_ENV } from '../../../src/sandbox-server/domain/webhooks.ts';
import { italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

/**
 * The built-in receiver told to fail, to be slow or to hang, seen through the delivery history: a real server on
 * a frozen clock (retries come by moving it), its real loopback receiver, a delivery timeout shortened to 500 ms.
 */

let sandbox: TestSandbox;
const timeoutBefore = process.env[DELIVERY_TIMEOUT_ENV];

beforeAll(async () => {
  process.env[DELIVERY_TIMEOUT_ENV] = '500';
  const clock = new SandboxClock();
  clock.freeze(true);
  clock.set(new Date('2026-05-04T08:00:00.000Z'));
  sandbox = await startTestSandbox({ clock, rateLimits: 'unlimited' });
});
afterAll(async () => {
  await sandbox.close();
  if (timeoutBefore === undefined) delete process.env[DELIVERY_TIMEOUT_ENV];
  else process.env[DELIVERY_TIMEOUT_ENV] = timeoutBefore;
});

async function startReceiver(caller: ApiCaller): Promise<number> {
  const res = await caller.post<LocalReceiverState>('/_sandbox/receiver', {
    json: { events: ['company.add'] },
    unchecked: true,
  });
  expect(res.status).toBe(201);
  return res.body.webhook!.id;
}

const tell = (caller: ApiCaller, behaviour: Partial<ReceiverBehaviour> | Record<string, unknown>) =>
  caller.put<ReceiverBehaviour>('/_sandbox/receiver/behaviour', { json: behaviour });

async function addCompany(caller: ApiCaller, seed: number): Promise<void> {
  const vat = italianVat(seed);
  const res = await caller.post('/v1/company', {
    json: { vat, fiscal_code: vat.slice(2), name: `Ricevitore ${seed} Srl` },
  });
  expect(res.status).toBe(201);
}

/** The webhook's attempts once there are `count` of them (bounded wait: the first runs on the worker's turn). */
async function attempts(caller: ApiCaller, webhookId: number, count: number): Promise<WebhookDelivery[]> {
  for (let round = 0; round < 200; round++) {
    const res = await caller.get<WebhookDelivery[]>('/_sandbox/webhookhistory', {
      query: { webhook_id: webhookId, sort: 'id' },
    });
    if (res.body.length >= count) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected ${count} attempts`);
}

async function advance(caller: ApiCaller, by: string): Promise<void> {
  const res = await caller.post('/_sandbox/clock', { json: { advance: by }, unchecked: true });
  expect(res.status).toBe(200);
}

describe('the built-in receiver told how to answer', () => {
  it('fails the next two calls with 500, then succeeds: the retries show in the history', async () => {
    const caller = sandbox.caller('behaviour-fail');
    const webhookId = await startReceiver(caller);
    expect((await caller.get<ReceiverBehaviour>('/_sandbox/receiver/behaviour')).body).toEqual({
      fail_next: 0,
      delay_ms: 0,
      timeout: false,
    });
    const told = await tell(caller, { fail_next: 2 });
    expect(told.status).toBe(200);
    expect(told.body).toEqual({ fail_next: 2, delay_ms: 0, timeout: false });

    await addCompany(caller, 801);
    await attempts(caller, webhookId, 1);
    await advance(caller, '1m');
    await attempts(caller, webhookId, 2);
    await advance(caller, '5m');
    const history = await attempts(caller, webhookId, 3);
    expect(history.map((d) => d.status_code)).toEqual([500, 500, 200]);
    expect(history[0]!.response_body).toContain('Failing on purpose');
    expect(new Set(history.map((d) => d.request_body)).size).toBe(1);
    expect((await caller.get<ReceiverBehaviour>('/_sandbox/receiver/behaviour')).body.fail_next).toBe(0);
  });

  it('answers after the delay it was told, and a delay past the timeout fails the attempt', async () => {
    const caller = sandbox.caller('behaviour-slow');
    const webhookId = await startReceiver(caller);
    await tell(caller, { delay_ms: 100 });
    await addCompany(caller, 802);
    const [slow] = await attempts(caller, webhookId, 1);
    expect(slow).toMatchObject({ status_code: 200, success: true });
    expect(slow!.duration_ms).toBeGreaterThanOrEqual(100);

    await tell(caller, { delay_ms: 5000 });
    await addCompany(caller, 803);
    const history = await attempts(caller, webhookId, 2);
    expect(history[1]).toMatchObject({ status_code: 0, success: false, response_body: null });
  });

  it('never answers when told to time out: the sender gives up and records a failed attempt', async () => {
    const caller = sandbox.caller('behaviour-hang');
    const webhookId = await startReceiver(caller);
    expect((await tell(caller, { timeout: true })).body).toEqual({
      fail_next: 0,
      delay_ms: 0,
      timeout: true,
    });
    await addCompany(caller, 804);
    const [hung] = await attempts(caller, webhookId, 1);
    expect(hung).toMatchObject({ status_code: 0, success: false, response_body: null });
    expect(hung!.error).toBeTruthy();
    // It still saw the call.
    const state = await caller.get<LocalReceiverState>('/_sandbox/receiver', { unchecked: true });
    expect(state.body.deliveries).toHaveLength(1);
  });

  it('refuses a behaviour out of range with 422, and answers 404 when no receiver runs', async () => {
    const caller = sandbox.caller('behaviour-bad');
    const none = await caller.withLanguage('it').get<ProblemDetails>('/_sandbox/receiver/behaviour');
    expect(none.status).toBe(404);
    expect(none.body.detail).toContain('ricevitore');
    await startReceiver(caller);
    const bad = await tell(caller, { fail_next: -1, delay_ms: 'slow' });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect((await caller.get<ReceiverBehaviour>('/_sandbox/receiver/behaviour')).body.fail_next).toBe(0);
  });
});
