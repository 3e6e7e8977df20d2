import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, ProblemDetails, Receive } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let buyer: ApiCaller;
let buyerCompany: Company;
let other: ApiCaller;

interface Inbound {
  delivered?: Receive;
  held?: { id: number; recipient: string; identifier: string };
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  buyer = sandbox.caller('buyer');
  other = sandbox.caller('other');
  const vat = italianVat(300);
  buyerCompany = (
    await buyer.post<Company>('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Buyer Srl' } })
  ).body;
});
afterAll(() => sandbox.close());

async function deliver(options: Parameters<typeof invoiceXml>[0], by: ApiCaller = other): Promise<Inbound> {
  const res = await by.post<Inbound>('/_sandbox/inbound', {
    json: { payload: invoiceXml(options) },
    unchecked: true,
  });
  expect([201, 202]).toContain(res.status);
  return res.body;
}

describe('receiving through the sandbox SDI', () => {
  it('routes an inbound invoice to the account that owns the recipient VAT', async () => {
    const outcome = await deliver({
      supplierVat: italianVat(310),
      supplierName: 'Fornitore Uno',
      customerVat: buyerCompany.vat,
      number: 'R-1',
    });
    const receive = outcome.delivered!;
    expect(receive).toMatchObject({
      company_id: buyerCompany.id,
      nome_prestatore: 'Fornitore Uno',
      is_read: false,
      document_number: 'R-1',
    });
    expect(receive.identifier).toMatch(/^[1-9]\d{11}$/);
    expect(receive.message_id).toBeTruthy();
  });

  it('holds an invoice for an unregistered recipient and delivers it when the company is created', async () => {
    const vat = italianVat(320);
    const outcome = await deliver({ supplierVat: italianVat(311), customerVat: vat, number: 'H-1' });
    expect(outcome.held).toMatchObject({ recipient: vat });
    const late = sandbox.caller('late');
    expect((await late.get<Receive[]>('/v1/receive')).body).toEqual([]);
    await late.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Late Srl' } });
    const inbox = await late.get<Receive[]>('/v1/receive');
    expect(inbox.body.map((r) => [r.document_number, r.identifier])).toEqual([
      ['H-1', outcome.held!.identifier],
    ]);
  });

  it('is for test keys only', async () => {
    const live = sandbox.caller('buyer', 'live');
    const res = await live.post<ProblemDetails>('/_sandbox/inbound', {
      json: { payload: invoiceXml() },
      unchecked: true,
    });
    expect(res.status).toBe(403);
  });
});

describe('the read flag (spec "States")', () => {
  it('is unchanged by metadata reads and set by payload reads, each counted once', async () => {
    const receive = (
      await deliver({ supplierVat: italianVat(330), customerVat: buyerCompany.vat, number: 'F-1' })
    ).delivered!;
    expect((await buyer.get<Receive>(`/v1/receive/${receive.id}`)).body.is_read).toBe(false);
    expect(
      (await buyer.get<Receive[]>('/v1/receive', { query: { unread: true } })).body.map((r) => r.id),
    ).toContain(receive.id);
    const operationsBefore = sandbox.server.store.operations.used({
      accountId: receive.user_id,
      environment: 'test',
    });

    const payload = await buyer.get(`/v1/receive/${receive.id}/payload`);
    expect(payload.headers.get('content-type')).toContain('text/plain');
    expect(payload.text).toContain('<Numero>F-1</Numero>');
    await buyer.get(`/v1/receive/${receive.id}/payload`);
    const used = sandbox.server.store.operations.used({ accountId: receive.user_id, environment: 'test' });
    expect(used - operationsBefore).toBe(1);

    expect((await buyer.get<Receive>(`/v1/receive/${receive.id}`)).body.is_read).toBe(true);
    expect(
      (await buyer.get<Receive[]>('/v1/receive', { query: { unread: true } })).body.map((r) => r.id),
    ).not.toContain(receive.id);
  });

  it('is set by GET /receive/{id}?include_payload=true and by a list with include_payload', async () => {
    const one = (
      await deliver({ supplierVat: italianVat(331), customerVat: buyerCompany.vat, number: 'F-2' })
    ).delivered!;
    const two = (
      await deliver({ supplierVat: italianVat(331), customerVat: buyerCompany.vat, number: 'F-3' })
    ).delivered!;
    const read = await buyer.get<Receive>(`/v1/receive/${one.id}`, { query: { include_payload: true } });
    expect(read.body).toMatchObject({ is_read: true });
    expect(read.body.payload).toContain('F-2');
    const listed = await buyer.get<Receive[]>('/v1/receive', {
      query: { include_payload: true, document_number: 'F-3' },
    });
    expect(listed.body.map((r) => [r.id, r.is_read])).toEqual([[two.id, true]]);
    expect((await buyer.get<Receive>(`/v1/receive/${two.id}`)).body.is_read).toBe(true);
  });
});

describe('GET /receive filters', () => {
  it('filters by prestatore, committente, dates, identifier and q', async () => {
    const caller = sandbox.caller('filters');
    const vat = italianVat(340);
    await caller.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Filtri Srl' } });
    const a = (
      await deliver({
        supplierVat: italianVat(341),
        supplierName: 'Cartoleria Verdi',
        customerVat: vat,
        number: 'Q-1',
        date: '2025-05-01',
      })
    ).delivered!;
    const b = (
      await deliver({
        supplierVat: italianVat(342),
        supplierName: 'Ferramenta Neri',
        customerVat: vat,
        number: 'Q-2',
        date: '2025-06-01',
      })
    ).delivered!;
    const ids = async (query: Record<string, string | number | boolean>) =>
      (await caller.get<Receive[]>('/v1/receive', { query })).body.map((r) => r.id);
    expect(await ids({ prestatore: italianVat(342) })).toEqual([b.id]);
    expect(await ids({ committente: vat })).toEqual([a.id, b.id]);
    expect(await ids({ identifier: a.identifier! })).toEqual([a.id]);
    expect(await ids({ q: 'ferramenta' })).toEqual([b.id]);
    expect(await ids({ document_date_to: '2025-05-15T00:00:00Z' })).toEqual([a.id]);
    expect(await ids({ date_sent_from: a.date_sent!, last_update_to: b.last_update! })).toEqual([a.id, b.id]);
    expect(await ids({ sort: '-document_date' })).toEqual([b.id, a.id]);
    expect((await caller.get('/v1/receive', { query: { unread: 'maybe' } })).status).toBe(400);
    // A page the server kept is written from its kept bytes: the same headers and body as the first time.
    const first = await caller.get<Receive[]>('/v1/receive', { query: { sort: '-document_date' } });
    const again = await caller.get<Receive[]>('/v1/receive', { query: { sort: '-document_date' } });
    for (const res of [first, again]) {
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('service-total-count')).toBe('2');
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(res.text)));
    }
    expect(again.text).toBe(first.text);
  });
});

describe('DELETE /receive/{id}', () => {
  it('deletes permanently, and only for the owner', async () => {
    const receive = (await deliver({ supplierVat: italianVat(350), customerVat: buyerCompany.vat }))
      .delivered!;
    expect((await other.delete(`/v1/receive/${receive.id}`)).status).toBe(404);
    expect((await buyer.delete<Receive>(`/v1/receive/${receive.id}`)).body.id).toBe(receive.id);
    expect((await buyer.get(`/v1/receive/${receive.id}`)).status).toBe(404);
    expect((await buyer.delete(`/v1/receive/${receive.id}`)).status).toBe(404);
  });

  it('answers 404 for ids that cannot exist', async () => {
    expect((await buyer.get('/v1/receive/abc')).status).toBe(404);
    expect((await buyer.get('/v1/receive/99999999999')).status).toBe(404);
  });
});
