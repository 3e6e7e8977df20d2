import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Send, WebHook, WebHookHistory } from '../../../src/shared/api/types.ts';
import { DELIVERY_TIMEOUT_ENV } from '../../../src/sandbox-server/domain/webhooks.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

/**
 * Receivers that misbehave: one never answers, one resets the connection, one answers after 30 s. The delivery
 * timeout (10 s by contract) is shortened for the test through its environment variable.
 */
class BadReceiver {
  readonly received: IncomingMessage[] = [];
  answered = 0;
  private server: Server | null = null;

  constructor(private readonly behave: (req: IncomingMessage, res: ServerResponse) => void) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.received.push(req);
      req.resume();
      this.behave(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async waitForCall(): Promise<void> {
    for (let waited = 0; this.received.length === 0; waited += 20) {
      if (waited > 10_000) throw new Error('no webhook call arrived');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const timers: NodeJS.Timeout[] = [];
const hanging = new BadReceiver(() => {}); // reads the request, never answers
const resetting = new BadReceiver((req) => req.socket.destroy());
const late = new BadReceiver((_req, res) => {
  timers.push(
    setTimeout(() => {
      late.answered++;
      res.end();
    }, 30_000),
  );
});

let sandbox: TestSandbox;
let caller: ApiCaller;
const previousTimeout = process.env[DELIVERY_TIMEOUT_ENV];

beforeAll(async () => {
  process.env[DELIVERY_TIMEOUT_ENV] = '300';
  sandbox = await startTestSandbox({ rateLimits: 'unlimited' });
  caller = sandbox.caller('bad-receivers');
});
afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  await Promise.all([hanging.close(), resetting.close(), late.close()]);
  await sandbox.close();
  if (previousTimeout === undefined) delete process.env[DELIVERY_TIMEOUT_ENV];
  else process.env[DELIVERY_TIMEOUT_ENV] = previousTimeout;
});

async function history(): Promise<WebHookHistory[]> {
  const res = await caller.get<WebHookHistory[]>('/v1/webhookhistory', { query: { page_size: 100 } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('webhook receivers that fail', () => {
  it('never slow the API down, and every failure is in the webhook history', async () => {
    const hooks: Record<string, WebHook> = {};
    for (const [name, receiver] of Object.entries({ hanging, resetting, late })) {
      const created = await caller.post<WebHook>('/v1/webhook', {
        json: { url: await receiver.start(), events: ['company.add', 'send.add'], description: name },
      });
      expect(created.status).toBe(201);
      hooks[name] = created.body;
    }

    const vat = italianVat(6100);
    const company = await caller.post<Company>('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name: 'Ricevitori Lenti Srl' },
    });
    expect(company.status).toBe(201);

    // While the hanging receiver holds a delivery open, the API goes on answering: reads and writes.
    await hanging.waitForCall();
    const sent: Send[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await caller.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: vat, number: `WF-${i}` }),
        headers: { 'content-type': 'application/xml' },
      });
      expect(res.status).toBe(201);
      sent.push(res.body);
      expect((await caller.get(`/v1/send/${res.body.id}`)).status).toBe(200);
    }
    expect((await caller.get('/v1/company')).status).toBe(200);
    expect((await caller.get('/v1/log')).status).toBe(200);
    // Ordering, not timing: all of that was answered before the late receiver ever answered.
    expect(late.answered).toBe(0);

    // Each receiver's failure is recorded: a network-level failure is status 0, with its reason.
    const deadline = Date.now() + 20_000;
    let rows: WebHookHistory[] = [];
    const failedFor = (hook: WebHook) => rows.filter((r) => r.web_hook_id === hook.id && !r.success);
    while (Object.values(hooks).some((hook) => failedFor(hook).length === 0)) {
      if (Date.now() > deadline) throw new Error(`history incomplete: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 100));
      rows = await history();
    }
    for (const hook of Object.values(hooks)) {
      const [failure] = failedFor(hook);
      expect(failure).toMatchObject({ status_code: 0, success: false });
      expect(failure!.error).toBeTruthy();
    }
    expect(failedFor(hooks.hanging!)[0]!.error).toMatch(/timeout|abort/i);
    expect(resetting.received.length).toBeGreaterThan(0);
    expect(late.received.length).toBeGreaterThan(0);
    expect(late.answered).toBe(0);
    // The server is healthy throughout: a stuck receiver is not a stuck worker.
    expect((await sandbox.anonymous().get('/v1/health', { unchecked: true })).status).toBe(200);
  }, 30_000);
});
