import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS,
  type LogEvent,
  type Receive,
  type Update,
  type WebHook,
  type WebHookHistory,
  type WebhookNotification,
} from '../../../src/shared/api/types.ts';
import type { WebhookDelivery } from '../../../src/shared/api/webhook-delivery.ts';
import { italianVat } from '../../support/invoices.ts';
import { ownComponentValidator, publicComponentValidator } from '../../support/openapi-conformance.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';
import { advance, registerCompany, startSdiSandbox, submit } from '../sdi/sdi-sandbox.ts';

/**
 * Every kind of event the sandbox delivers, each body checked against the public openapi.yml `Event` (what a
 * client generated from it deserialises; the contract adds the `event` name to it) and against the server's own
 * `WebhookNotification`. A real server, a real receiver on loopback, a real SDI flow on a frozen sandbox clock.
 */

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
let url: string;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox({ rateLimits: 'unlimited' }));
  receiver = new WebhookReceiver();
  url = await receiver.start();
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

/** openapi.yml `Event` with the contract's `event` (contract "Webhooks": `{event, id, resource_id, …}`). */
const publicEvent = publicComponentValidator('Event', {
  event: { type: 'string', enum: [...WEBHOOK_EVENTS] },
});
const ownNotification = ownComponentValidator('WebhookNotification');
/** The contract's body, field by field: all present (a generated client reads absent as its default). */
const CONTRACT_FIELDS = [
  'event',
  'id',
  'resource_id',
  'company_id',
  'user_id',
  'date_time',
  'method',
  'endpoint',
  'status_code',
  'success',
  'api_version',
].sort();

/** Why a body is not what a typed client takes; an empty list when it is. */
function bodyProblems(text: string): unknown[] {
  const body = JSON.parse(text) as Record<string, unknown>;
  const problems: unknown[] = [];
  if (publicEvent && !publicEvent(body)) problems.push({ 'openapi.yml Event': publicEvent.errors });
  if (!ownNotification(body))
    problems.push({ '/v1/openapi.json WebhookNotification': ownNotification.errors });
  const fields = Object.keys(body).sort();
  if (JSON.stringify(fields) !== JSON.stringify(CONTRACT_FIELDS)) problems.push({ fields });
  return problems;
}

async function waitForCalls(count: number): Promise<WebhookNotification[]> {
  const calls = await receiver.waitFor(count, 30_000);
  // Nothing more than that arrives: the count below is every event of the flow.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(calls).toHaveLength(count);
  for (const call of calls) expect(bodyProblems(call.body), call.body).toEqual([]);
  return calls.map((call) => JSON.parse(call.body) as WebhookNotification);
}

/**
 * What the body says about its resource holds: the log entry of the call, or the resource SDI created. A deleted
 * company takes its log entries with it (spec "Companies"): `gone` names those.
 */
async function checkMeaning(
  caller: ApiCaller,
  body: WebhookNotification,
  gone: ReadonlySet<number> = new Set(),
  states?: Set<string>,
): Promise<void> {
  if (body.event === 'update.add' || body.event === 'receive.add') {
    expect(body).toMatchObject({ id: 0, method: 'POST', status_code: 201, success: true });
    expect(body.endpoint).toBe(body.event === 'update.add' ? '/v1/update' : '/v1/receive');
    // `endpoint/resource_id` reads what SDI made, dated as the body is.
    const resource = await caller.get<Update | Receive>(`${body.endpoint}/${body.resource_id}`);
    expect(resource.status).toBe(200);
    const when = body.event === 'update.add' ? (resource.body as Update).last_update : resource.body.created;
    expect(Date.parse(body.date_time)).toBe(Date.parse(when));
    if (body.event === 'update.add') states?.add((resource.body as Update).state);
    return;
  }
  // The request log's Event that caused it, field for field.
  const logged = await caller.get<LogEvent>(`/v1/log/${body.id}`);
  if (logged.status === 404 && gone.has(body.resource_id)) return;
  expect(logged.status, JSON.stringify(body)).toBe(200);
  expect(logged.body).toMatchObject({
    id: body.id,
    method: body.method,
    endpoint: body.endpoint,
    status_code: body.status_code,
    resource_id: body.resource_id,
    date_time: body.date_time,
  });
}

describe('webhook bodies', () => {
  it('fit the public Event schema for every kind of event, with meaningful values, and the lists show them so', async () => {
    const caller = sandbox.caller('bodies');
    const supplier = sandbox.caller('bodies-supplier');
    const hook = (await caller.post<WebHook>('/v1/webhook', { json: { url, events: ['*'] } })).body;

    // company.add, company.update, company.delete
    const vat = italianVat(8100);
    const company = await registerCompany(caller, vat, 'Corpi Srl');
    expect(
      (await caller.put('/v1/company', { json: { ...company, name: 'Corpi Rinominata Srl' } })).status,
    ).toBe(200);
    const spare = await registerCompany(caller, italianVat(8101), 'Ricambio Srl');
    expect((await caller.delete(`/v1/company/${spare.id}`)).status).toBe(200);

    // send.add and SDI's outcomes: delivered, discarded, undeliverable (B2B); PA accepted, refused, not delivered,
    // waiting for the recipient (answered through the control API, or left for DecorrenzaTermini).
    const sent = (number: string, options: Parameters<typeof submit>[1]) =>
      submit(caller, { supplierVat: vat, number, ...options });
    await sent('WB-1', { codiceDestinatario: 'ABC1234' });
    await sent('WB-2', { codiceDestinatario: 'ABC1234', headers: { 'Sandbox-Scenario': 'scarto=00404' } });
    await sent('WB-3', { codiceDestinatario: 'SBXMC01' });
    await sent('WB-4', { format: 'FPA12', codiceDestinatario: 'SBXACC' });
    await sent('WB-5', { format: 'FPA12', codiceDestinatario: 'SBXRIF' });
    await sent('WB-6', { format: 'FPA12', codiceDestinatario: 'SBXNCO' });
    const answered = await sent('WB-7', { format: 'FPA12' });
    await sent('WB-8', { format: 'FPA12' });

    // receive.add twice: from an outside supplier (control API), and from another local account through SDI.
    const inbound = await caller.post<{ delivered?: Receive }>('/_sandbox/inbound', {
      json: { generate: { to_vat: vat } },
      unchecked: true,
    });
    expect(inbound.status).toBe(201);
    await submit(supplier, { supplierVat: italianVat(8102), customerVat: vat, number: 'WB-9' });
    await advance(caller);
    await advance(supplier);
    const esito = await caller.post(`/_sandbox/send/${answered.id}/esito`, {
      json: { esito: 'EC01' },
      unchecked: true,
    });
    expect(esito.status).toBe(200);

    // 4 company events, 8 send.add, 19 updates (2 + 2 + 2 + 3 + 3 + 2 + 3 + 2), 2 receive.add.
    const gone = new Set([spare.id]);
    const states = new Set<string>();
    for (const body of await waitForCalls(33)) await checkMeaning(caller, body, gone, states);
    // receive.delete (after the check above has read the Receive its receive.add names)
    expect((await caller.delete(`/v1/receive/${inbound.body.delivered!.id}`)).status).toBe(200);
    const deleted = (await waitForCalls(34))[33]!;
    expect(deleted.event).toBe('receive.delete');
    await checkMeaning(caller, deleted);

    // Day 10: AttestazioneTrasmissioneFattura for WB-6; day 15: DecorrenzaTermini for WB-8.
    await advance(caller, '15d');
    const all = await waitForCalls(36);
    for (const body of all.slice(34)) await checkMeaning(caller, body, gone, states);

    expect(new Set(all.map((b) => b.event))).toEqual(new Set(WEBHOOK_EVENTS));
    expect([...states].sort()).toEqual(
      [
        'Inviato',
        'Consegnato',
        'Scartato',
        'ImpossibilitaDiRecapito',
        'NonConsegnato',
        'AccettatoDalDestinatario',
        'RifiutatoDalDestinatario',
        'AttestazioneTrasmissioneFattura',
        'DecorrenzaTermini',
      ].sort(),
    );

    // The lists of deliveries show the same bodies: every attempt, successful, the body exactly as sent.
    const deliveries = await caller.get<WebhookDelivery[]>('/_sandbox/webhookhistory', {
      query: { webhook_id: hook.id, page_size: 200, sort: 'id' },
    });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.map((d) => d.request_body).sort()).toEqual(
      receiver.calls.map((c) => c.body).sort(),
    );
    for (const delivery of deliveries.body) {
      expect(bodyProblems(delivery.request_body!), delivery.request_body!).toEqual([]);
      expect(delivery.success).toBe(true);
    }
    const history = await caller.get<WebHookHistory[]>('/v1/webhookhistory', {
      query: { webhook_id: hook.id, page_size: 200 },
    });
    expect(history.body).toHaveLength(36);
    expect(history.body.every((h) => h.success && h.status_code === 204)).toBe(true);
  }, 120_000);
});
