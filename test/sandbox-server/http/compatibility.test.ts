import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send, WebHook } from '../../../src/shared/api/types.ts';
import { LIVE_TOTAL_COUNT_HEADER, TOTAL_COUNT_HEADER } from '../../../src/shared/api/types.ts';
import {
  LIVE_SIGNATURE_HEADER,
  SIGNATURE_HEADER,
  verifyServiceSignature,
} from '../../../src/shared/api/webhook-signature.ts';
import { italianVat } from '../../support/invoices.ts';
import { publicComponentValidator } from '../../support/openapi-conformance.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';
import { registerCompany, submit } from '../sdi/sdi-sandbox.ts';

/**
 * `serve --compat live` and `--strict` (docs/sandbox.md "Compatibility modes"): two real servers on loopback, one
 * with the live service's header names and the specification's leniency, one strict with the specification's
 * names; a real receiver for the webhook signature; answers checked against the public openapi.yml's `Send`, which
 * allows no field it does not list.
 */

let live: TestSandbox;
let strict: TestSandbox;
let receiver: WebhookReceiver;
const publicSend = publicComponentValidator('Send');

async function withInvoices(caller: ApiCaller, seed: number): Promise<Send[]> {
  const company = await registerCompany(caller, italianVat(seed));
  return [
    await submit(caller, { supplierVat: company.vat, number: `CMP-${seed}-1` }),
    await submit(caller, { supplierVat: company.vat, number: `CMP-${seed}-2` }),
  ];
}

beforeAll(async () => {
  // A page of payloads past 2 KB is streamed item by item: strict mode must cut those items too.
  const common = { sdiDelayMs: 3_600_000, rateLimits: 'unlimited' as const, pageBytes: 2048 };
  live = await startTestSandbox({ ...common, compatibility: { headers: 'live', strict: false } });
  strict = await startTestSandbox({ ...common, compatibility: { headers: 'spec', strict: true } });
  receiver = new WebhookReceiver();
});
afterAll(async () => {
  await live?.close();
  await strict?.close();
  await receiver.close();
});

describe('--compat live', () => {
  it('sends the paging total under the live service’s name as well as Service-Total-Count', async () => {
    const caller = live.caller();
    await withInvoices(caller, 8101);
    const page = await caller.get<Send[]>('/v1/send', { query: { page_size: 1 } });
    expect(page.status).toBe(200);
    expect(page.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    expect(page.headers.get(LIVE_TOTAL_COUNT_HEADER)).toBe('2');
  });

  it('signs webhook deliveries and redeliveries under both header names, with one signature that verifies', async () => {
    const caller = live.caller('hooks');
    const url = await receiver.start();
    const hook = (await caller.post<WebHook>('/v1/webhook', { json: { url, events: ['company.add'] } })).body;
    await registerCompany(caller, italianVat(8102));
    const [call] = await receiver.waitFor(1, 30_000);
    const spec = call!.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(call!.headers[LIVE_SIGNATURE_HEADER.toLowerCase()]).toBe(spec);
    expect(await verifyServiceSignature(spec, call!.body, hook.secret!, 300)).toBe(true);

    // A delivery sent again by hand is signed as deliveries are.
    const history = await caller.get<{ id: number }[]>('/v1/webhookhistory', { unchecked: true });
    const again = await caller.post(`/_sandbox/webhookhistory/${history.body[0]!.id}/redeliver`, {
      json: {},
      unchecked: true,
    });
    expect(again.status).toBe(201);
    const [, repeated] = await receiver.waitFor(2, 30_000);
    const resigned = repeated!.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(repeated!.headers[LIVE_SIGNATURE_HEADER.toLowerCase()]).toBe(resigned);
    expect(await verifyServiceSignature(resigned, repeated!.body, hook.secret!, 300)).toBe(true);
  });

  it('keeps the specification’s extensions and ignores unknown query parameters, as by default', async () => {
    const caller = live.caller();
    const [sent] = await withInvoices(caller, 8103);
    const read = await caller.get<Send>(`/v1/send/${sent!.id}`, { query: { foo: 'bar' } });
    expect(read.status).toBe(200);
    expect(read.body).toHaveProperty('document_number', 'CMP-8103-1');
  });
});

describe('--strict', () => {
  it('answers 400 naming an unknown query parameter, in the caller’s language, and takes the known ones', async () => {
    const caller = strict.caller();
    const english = await caller.get('/v1/send', { query: { foo: 'bar' }, unchecked: true });
    expect(english.status).toBe(400);
    expect(english.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(english.body).toMatchObject({ parameter: 'foo' });
    expect((english.body as { detail: string }).detail).toMatch(
      /'foo' is not one this operation takes.*page_size/,
    );
    const italian = await caller.get('/v1/company', {
      query: { foo: 'bar' },
      headers: { 'accept-language': 'it' },
      unchecked: true,
    });
    expect(italian.status).toBe(400);
    expect((italian.body as { detail: string }).detail).toMatch(/Il parametro 'foo' non è tra quelli/);
    expect((await caller.get('/v1/send', { query: { page: 1, page_size: 5 }, unchecked: true })).status).toBe(
      200,
    );
  });

  it('keeps answers to the public schema’s fields: one invoice, a page, and a streamed page of payloads', async () => {
    const caller = strict.caller();
    const [sent] = await withInvoices(caller, 8104);
    const one = await caller.get<Send>(`/v1/send/${sent!.id}`, { unchecked: true });
    const page = await caller.get<Send[]>('/v1/send', { unchecked: true });
    const payloads = await caller.get<Send[]>('/v1/send', {
      query: { include_payload: true },
      unchecked: true,
    });
    expect(page.headers.get(LIVE_TOTAL_COUNT_HEADER)).toBeNull();
    for (const invoice of [one.body, ...page.body, ...payloads.body]) {
      expect(invoice).not.toHaveProperty('document_number');
      expect(invoice).not.toHaveProperty('document_date');
      expect(invoice.identifier === null || typeof invoice.identifier === 'string').toBe(true);
      // openapi.yml requires `payload` of a Send a client submits; answers carry it only when asked (spec "Resources").
      const asPublished = { payload: 'PD94', ...invoice };
      if (publicSend) expect(publicSend(asPublished), JSON.stringify(publicSend.errors)).toBe(true);
    }
    expect(payloads.body).toHaveLength(2);
    for (const invoice of payloads.body) expect(invoice.payload).toMatch(/^<\?xml|^PD94/);
  });
});
