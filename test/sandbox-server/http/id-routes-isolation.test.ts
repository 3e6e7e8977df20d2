import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Company,
  Environment,
  ProblemDetails,
  Receive,
  Send,
  Update,
  WebHook,
  WebHookHistory,
} from '../../../src/shared/api/types.ts';
import { italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';
import { advance, registerCompany, startSdiSandbox, submit } from '../sdi/sdi-sandbox.ts';

/**
 * Every route that takes an id, a VAT or an SDI identifier, called with another account's (same environment)
 * and with the same account's other environment's: always `404` problem+json, nothing changed — except the
 * sandbox control routes, which a live key may not call at all (`403`).
 */

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
let hookUrl: string;

/** What one account holds in one environment, found through the API as its owner sees it. */
interface Holdings {
  environment: Environment;
  owner: ApiCaller;
  company: Company;
  send: Send;
  receive: Receive;
  update: Update;
  eventId: number;
  webhook: WebHook;
  history: WebHookHistory;
}

const holdings = {} as Record<Environment, Holdings>;

async function waitForHistory(owner: ApiCaller, webhookId: number): Promise<WebHookHistory> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await owner.get<WebHookHistory[]>('/v1/webhookhistory', { query: { webhook_id: webhookId } });
    if (res.body.length > 0) return res.body[0]!;
    if (Date.now() > deadline) throw new Error('no webhook delivery was recorded');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function setUp(environment: Environment, seed: number, driver: ApiCaller): Promise<Holdings> {
  const owner = sandbox.caller('owner', environment);
  const supplier = sandbox.caller('supplier', environment);
  const webhook = (await owner.post<WebHook>('/v1/webhook', { json: { url: hookUrl, events: ['*'] } })).body;
  const company = await registerCompany(owner, italianVat(seed), `Owner ${environment} Srl`);
  const sent = await submit(owner, {
    supplierVat: company.vat,
    customerVat: italianVat(seed + 1),
    codiceDestinatario: 'ABC1234',
    number: `${seed + 11}`,
  });
  await submit(supplier, {
    supplierVat: italianVat(seed + 2),
    customerVat: company.vat,
    codiceDestinatario: 'ABC1234',
    number: `${seed + 22}`,
  });
  await advance(driver);
  const send = (await owner.get<Send>(`/v1/send/${sent.id}`)).body;
  expect(send.identifier, 'the SDI took the invoice').toMatch(/^\d{11,}$/);
  const receives = (await owner.get<Receive[]>('/v1/receive')).body;
  expect(receives).toHaveLength(1);
  const updates = (await owner.get<Update[]>('/v1/update', { query: { send_id: send.id, sort: 'id' } })).body;
  expect(updates.length).toBeGreaterThan(0);
  const events = (await owner.get<{ id: number }[]>('/v1/log')).body;
  expect(events.length).toBeGreaterThan(0);
  const history = await waitForHistory(owner, webhook.id);
  return {
    environment,
    owner,
    company,
    send,
    receive: receives[0]!,
    // The last one (Consegnato) comes with SDI's notification file.
    update: updates.at(-1)!,
    eventId: events[0]!.id,
    webhook,
    history,
  };
}

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox({ rateLimits: 'unlimited' }));
  receiver = new WebhookReceiver();
  hookUrl = await receiver.start();
  const driver = sandbox.caller('driver', 'test');
  holdings.test = await setUp('test', 7100, driver);
  holdings.live = await setUp('live', 7200, driver);
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

interface Route {
  method: 'GET' | 'PUT' | 'DELETE' | 'POST';
  path(h: Holdings): string;
  json?(h: Holdings): unknown;
  sandboxOnly?: boolean;
  name?: string;
}

const ROUTES: Route[] = [
  { method: 'GET', path: (h) => `/v1/company/${h.company.id}` },
  { method: 'GET', path: (h) => `/v1/company/${h.company.vat}` },
  {
    method: 'GET',
    path: (h) => `/v1/company/${h.company.vat.slice(2)}`,
    name: 'GET /v1/company/{vat without IT}',
  },
  {
    method: 'PUT',
    path: () => '/v1/company',
    json: (h) => ({ ...h.company, name: 'Taken over Srl' }),
  },
  { method: 'DELETE', path: (h) => `/v1/company/${h.company.id}?force=true` },
  { method: 'DELETE', path: (h) => `/v1/company/${h.company.vat}?force=true` },
  { method: 'GET', path: (h) => `/v1/send/${h.send.id}` },
  { method: 'GET', path: (h) => `/v1/send/${h.send.identifier}` },
  { method: 'GET', path: (h) => `/v1/send/${h.send.id}?include_payload=true` },
  { method: 'GET', path: (h) => `/v1/send/${h.send.id}/payload` },
  { method: 'GET', path: (h) => `/v1/receive/${h.receive.id}` },
  { method: 'GET', path: (h) => `/v1/receive/${h.receive.id}/payload` },
  { method: 'GET', path: (h) => `/v1/receive/${h.receive.id}/metadata` },
  { method: 'GET', path: (h) => `/v1/receive/${h.receive.id}/notifications` },
  {
    name: 'GET /v1/receive/{id}/notifications/{file_name}',
    method: 'GET',
    path: (h) =>
      `/v1/receive/${h.receive.id}/notifications/${h.receive.file_name!.replace('.xml', '_MT_001.xml')}`,
  },
  { method: 'DELETE', path: (h) => `/v1/receive/${h.receive.id}` },
  { method: 'GET', path: (h) => `/v1/update/${h.update.id}` },
  { method: 'GET', path: (h) => `/v1/update/${h.update.id}/notification` },
  { method: 'GET', path: (h) => `/v1/log/${h.eventId}` },
  { method: 'GET', path: (h) => `/v1/webhook/${h.webhook.id}` },
  {
    method: 'PUT',
    path: () => '/v1/webhook',
    json: (h) => ({ id: h.webhook.id, url: 'http://127.0.0.1:9/stolen', events: ['*'] }),
  },
  { method: 'DELETE', path: (h) => `/v1/webhook/${h.webhook.id}` },
  { method: 'GET', path: (h) => `/v1/webhookhistory/${h.history.id}` },
  {
    method: 'POST',
    path: (h) => `/_sandbox/send/${h.send.id}/esito`,
    json: () => ({ esito: 'EC01' }),
    sandboxOnly: true,
  },
  {
    method: 'POST',
    path: (h) => `/_sandbox/send/${h.send.identifier}/esito`,
    json: () => ({ esito: 'EC01' }),
    sandboxOnly: true,
  },
  {
    method: 'POST',
    path: (h) => `/_sandbox/receive/${h.receive.id}/esito`,
    json: () => ({ esito: 'EC02' }),
    sandboxOnly: true,
  },
];

const ENVIRONMENTS: Environment[] = ['test', 'live'];
const other = (e: Environment): Environment => (e === 'test' ? 'live' : 'test');

/** The other account in the same environment, and the owner's own key of the other environment. */
function intruders(environment: Environment): [string, ApiCaller][] {
  return [
    [`another ${environment} account`, sandbox.caller('intruder', environment)],
    [`the owner's ${other(environment)} key`, sandbox.caller('owner', other(environment))],
  ];
}

function label(route: Route): string {
  if (route.name) return route.name;
  return `${route.method} ${route.path({
    company: { id: '{id}', vat: '{vat}' },
    send: { id: '{id}', identifier: '{identifier}' },
    receive: { id: '{id}' },
    update: { id: '{id}' },
    eventId: '{id}',
    webhook: { id: '{id}' },
    history: { id: '{id}' },
  } as unknown as Holdings)}`;
}

describe.each(ENVIRONMENTS)('%s data', (environment) => {
  it.each(ROUTES.map((r) => [label(r), r] as const))(
    '%s: 404 for everyone but its owner',
    async (_, route) => {
      const h = holdings[environment];
      for (const [who, caller] of intruders(environment)) {
        const res = await caller.call<ProblemDetails>(route.method, route.path(h), {
          json: route.json?.(h),
          unchecked: true,
        });
        const liveOnSandbox = route.sandboxOnly && caller.key!.startsWith('ik_live_');
        const expected = liveOnSandbox ? 403 : 404;
        expect(res.status, `${who}: ${res.text}`).toBe(expected);
        expect(res.headers.get('content-type'), who).toContain('application/problem+json');
        expect(res.body.status, who).toBe(expected);
        // Nothing of the owner's leaks into the answer.
        expect(res.text, who).not.toContain(h.company.name);
        if (h.send.payload) expect(res.text, who).not.toContain(h.send.payload);
      }

      // The id is real: its owner reads it. And the owner still has it all, unchanged.
      if (route.method === 'GET') {
        const own = await h.owner.get(route.path(h), { unchecked: true });
        expect(own.status, `owner: ${own.text.slice(0, 200)}`).toBe(200);
      }
      const company = await h.owner.get<Company>(`/v1/company/${h.company.id}`);
      expect(company.status).toBe(200);
      expect(company.body.name).toBe(h.company.name);
      expect(company.body.version).toBe(h.company.version);
      expect((await h.owner.get(`/v1/send/${h.send.id}`)).status).toBe(200);
      expect((await h.owner.get(`/v1/receive/${h.receive.id}`)).status).toBe(200);
      const webhook = await h.owner.get<WebHook>(`/v1/webhook/${h.webhook.id}`);
      expect(webhook.status).toBe(200);
      expect(webhook.body.url).toBe(h.webhook.url);
      expect((await h.owner.get(`/v1/webhookhistory/${h.history.id}`)).status).toBe(200);
      expect((await h.owner.get(`/v1/update/${h.update.id}`)).status).toBe(200);
      expect((await h.owner.get(`/v1/log/${h.eventId}`)).status).toBe(200);
    },
  );

  it('lists none of it to the intruders', async () => {
    const h = holdings[environment];
    for (const [who, caller] of intruders(environment)) {
      for (const path of [
        '/v1/company',
        '/v1/send',
        '/v1/receive',
        '/v1/update',
        '/v1/webhook',
        '/v1/webhookhistory',
      ]) {
        const res = await caller.get<{ id: number }[]>(path, { unchecked: true });
        expect(res.status, `${who} ${path}`).toBe(200);
        const ids = res.body.map((row) => row.id);
        const theirs = { '/v1/company': h.company.id, '/v1/send': h.send.id, '/v1/receive': h.receive.id }[
          path
        ];
        if (theirs !== undefined) expect(ids, `${who} ${path}`).not.toContain(theirs);
      }
      const filtered = await caller.get('/v1/send', { query: { company_id: h.company.id }, unchecked: true });
      expect(filtered.status, `${who}: company_id filter`).toBe(404);
      const byIds = await caller.get<Send[]>('/v1/send', {
        query: { ids: String(h.send.id) },
        unchecked: true,
      });
      expect(
        byIds.body.map((s) => s.identifier),
        who,
      ).not.toContain(h.send.identifier);
    }
  });
});
