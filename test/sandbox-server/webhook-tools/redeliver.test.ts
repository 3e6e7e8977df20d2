import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, WebHook } from '../../../src/shared/api/types.ts';
import type { WebhookDelivery } from '../../../src/shared/api/webhook-delivery.ts';
import { italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { TestReceiver } from './safe-receivers.ts';

let sandbox: TestSandbox;
const receiver = new TestReceiver(true);
let url: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 0 });
  url = await receiver.start();
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

async function deliveries(caller: ApiCaller, webhookId: number): Promise<WebhookDelivery[]> {
  const res = await caller.get<WebhookDelivery[]>('/_sandbox/webhookhistory', {
    query: { webhook_id: webhookId, sort: 'id' },
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('redelivering a past webhook delivery', () => {
  it('sends the same body again, signed now, and records it linked to the original', async () => {
    const caller = sandbox.caller('redeliver-a');
    const webhook = (await caller.post<WebHook>('/v1/webhook', { json: { url, events: ['company.add'] } }))
      .body;
    receiver.secret = webhook.secret!;
    const vat = italianVat(911);
    await caller.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Redeliver Srl' } });
    await receiver.waitFor(1);
    // The first attempt is recorded once it has been answered: a bounded wait for its history row.
    let history: WebhookDelivery[] = [];
    for (let round = 0; round < 100 && history.length === 0; round++) {
      history = await deliveries(caller, webhook.id);
      if (history.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const original = history[0]!;
    expect(original.redelivery_of).toBeNull();

    const res = await caller.post<WebhookDelivery>(`/_sandbox/webhookhistory/${original.id}/redeliver`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      redelivery_of: original.id,
      web_hook_id: webhook.id,
      event: 'company.add',
      status_code: 200,
      success: true,
      request_body: original.request_body,
      response_body: 'duplicate',
    });
    expect(res.body.id).not.toBe(original.id);
    expect(receiver.calls).toHaveLength(2);
    expect(receiver.calls[1]).toEqual({ body: original.request_body, verified: true });
    expect((await deliveries(caller, webhook.id)).map((d) => [d.id, d.redelivery_of])).toEqual([
      [original.id, null],
      [res.body.id, original.id],
    ]);

    const stranger = await sandbox
      .caller('redeliver-b')
      .withLanguage('de')
      .post<ProblemDetails>(`/_sandbox/webhookhistory/${original.id}/redeliver`);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('content-type')).toContain('application/problem+json');
    expect(stranger.body.detail).toContain('Webhook-Zustellung');
    expect(receiver.calls).toHaveLength(2);
  });
});
