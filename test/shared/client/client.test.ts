import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiProblem,
  ScambioClient,
  SIGNATURE_HEADER,
  isProblem,
  verifyServiceSignature,
  type WebhookNotification,
} from 'scambio/client';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';

let sandbox: TestSandbox;
let key: string;
/** Every URL the client fetched, to see which pages it asked for. */
const fetched: string[] = [];
const counting: typeof fetch = (input, init) => {
  fetched.push(String(input));
  return fetch(input, init);
};

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 0, rateLimits: 'unlimited' });
  key = sandbox.server.services.keys.create({ account: 'client', environment: 'test' }).key;
});
afterAll(() => sandbox?.close());

const client = (options: { language?: string; fetch?: typeof fetch; key?: string } = {}) =>
  ScambioClient.connect({
    baseUrl: sandbox.server.baseUrl,
    apiKey: options.key ?? key,
    fetch: options.fetch ?? counting,
    ...(options.language ? { language: options.language } : {}),
  });

describe('scambio/client against the real server', () => {
  it('pages through a list by Service-Total-Count, each page asked for once', async () => {
    const api = client();
    for (let n = 0; n < 7; n++) {
      const vat = italianVat(910_000 + n);
      await api.companies.create({ vat, fiscal_code: vat.slice(2), name: `Paging ${n} Srl` });
    }
    const first = await api.companies.page({ page_size: 3, sort: 'name' });
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3, pages: 3 });
    fetched.length = 0;
    const names: string[] = [];
    for await (const company of api.companies.all({ sort: 'name' }, 3)) names.push(company.name);
    expect(names).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => `Paging ${n} Srl`));
    expect(fetched.map((url) => new URL(url).searchParams.get('page'))).toEqual(['1', '2', '3']);
    // All at once, with the total: as many pages as it takes, no cap.
    fetched.length = 0;
    const all = await api.companies.readAll({ sort: 'name' }, 3);
    expect(all.total).toBe(7);
    expect(all.items.map((company) => company.name)).toEqual(names);
    expect(fetched).toHaveLength(3);
  });

  it('submits idempotently: a response lost on the way is retried with the same key, one invoice stored', async () => {
    // A real proxy in front of the server that, once, lets the request through and then drops the connection
    // before the answer reaches the client: the invoice is stored, the client cannot know.
    let dropped = 0;
    const proxy: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const upstream = await fetch(`${sandbox.origin}${req.url}`, {
          method: req.method,
          headers: Object.fromEntries(
            Object.entries(req.headers).filter(
              (entry): entry is [string, string] =>
                typeof entry[1] === 'string' && entry[0] !== 'host' && entry[0] !== 'connection',
            ),
          ),
          body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        });
        const body = Buffer.from(await upstream.arrayBuffer());
        if (req.method === 'POST' && dropped++ === 0) return req.socket.destroy();
        res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const api = ScambioClient.connect({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: key });
      const xml = invoiceXml({ supplierVat: italianVat(920_001), number: 'IDEM-1' });
      const submitted = await api.sent.submitXml(xml, { wait: async () => undefined });
      expect(submitted.replayed).toBe(true);
      expect(dropped).toBe(2);
      const stored = await client().sent.page({ document_number: 'IDEM-1' });
      expect(stored.total).toBe(1);
      expect(stored.items[0]!.id).toBe(submitted.send.id);
      // The same key with another file is refused, never stored.
      const other = invoiceXml({ supplierVat: italianVat(920_001), number: 'IDEM-2' });
      const mismatch = await client()
        .sent.submitXml(other, { idempotencyKey: submitted.idempotencyKey })
        .catch((e: unknown) => e);
      expect(isProblem(mismatch, 'invalid')).toBe(true);
      expect((await client().sent.page({ document_number: 'IDEM-2' })).total).toBe(0);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('throws problem+json as typed errors, in the language asked for', async () => {
    const missing = await client({ language: 'de' })
      .sent.get(987_654)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiProblem);
    const problem = missing as ApiProblem;
    expect(problem.kind).toBe('not-found');
    expect(problem.status).toBe(404);
    expect(problem.requestId).toMatch(/\S/);
    expect(problem.message).toBe(problem.problem!.detail);
    expect(problem.message).toMatch(/987654/);
    const english = (await client({ language: 'en' })
      .sent.get(987_654)
      .catch((e: unknown) => e)) as ApiProblem;
    expect(problem.message).not.toBe(english.message);

    const bad = invoiceXml({ supplierVat: italianVat(930_001), customerVat: 'IT01234567890' });
    const refused = await client({ language: 'en' })
      .sent.submitXml(bad, { validate: true })
      .catch((e: unknown) => e);
    expect(isProblem(refused, 'invalid')).toBe(true);
    expect((refused as ApiProblem).errors.map((e) => e.code)).toContain('00305');
    expect((await client().sent.validateXml(bad)).map((e) => e.code)).toContain('00305');
    expect(await client().sent.validateXml(invoiceXml({ supplierVat: italianVat(930_002) }))).toEqual([]);

    const unknownKey = await client({ key: 'ik_test_' + 'x'.repeat(40) })
      .status()
      .catch((e: unknown) => e);
    expect(isProblem(unknownKey, 'unauthorized')).toBe(true);
  });

  it('verifies webhook signatures with the secret shown at creation', async () => {
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    try {
      const api = client();
      const webhook = await api.webhooks.create({ url, events: ['update.add'] });
      expect(webhook.secret).toMatch(/\S{20,}/);
      await api.sent.submitXml(invoiceXml({ supplierVat: italianVat(940_001), number: 'HOOK-1' }));
      const [call] = await receiver.waitFor(1, 15_000);
      const header = call!.headers[SIGNATURE_HEADER.toLowerCase()] as string;
      expect(await verifyServiceSignature(header, call!.body, webhook.secret!, 300)).toBe(true);
      expect(
        await verifyServiceSignature(header, call!.body.replace('update', 'updatx'), webhook.secret!, 300),
      ).toBe(false);
      expect(await verifyServiceSignature(header, call!.body, 'wh_sec_another', 300)).toBe(false);
      const notification = JSON.parse(call!.body) as WebhookNotification;
      expect(notification.event).toBe('update.add');
    } finally {
      await receiver.close();
    }
  });
});
