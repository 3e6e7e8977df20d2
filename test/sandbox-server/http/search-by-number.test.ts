import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Receive, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let alpha: ApiCaller;
let company: Company;

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 3_600_000 });
  alpha = sandbox.caller('numbers');
  const vat = italianVat(800);
  company = (
    await alpha.post<Company>('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Numeri Srl' } })
  ).body;
});
afterAll(() => sandbox.close());

describe('q finds an invoice by its number', () => {
  it('on GET /send', async () => {
    for (const number of ['FT/2015/0008', 'FT/2015/0009']) {
      const res = await alpha.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: company.vat, customerVat: italianVat(801), number }),
        headers: { 'content-type': 'application/xml' },
      });
      expect(res.status).toBe(201);
    }
    const exact = await alpha.get<Send[]>('/v1/send', { query: { q: 'FT/2015/0008' } });
    expect(exact.body.map((s) => s.document_number)).toEqual(['FT/2015/0008']);
    const part = await alpha.get<Send[]>('/v1/send', { query: { q: '2015/000', sort: 'id' } });
    expect(part.body.map((s) => s.document_number)).toEqual(['FT/2015/0008', 'FT/2015/0009']);
    expect((await alpha.get<Send[]>('/v1/send', { query: { q: 'ft/2015/0009' } })).body).toHaveLength(1);
  });

  it('on GET /receive', async () => {
    const res = await alpha.post<{ delivered?: Receive }>('/_sandbox/inbound', {
      json: {
        payload: invoiceXml({ supplierVat: italianVat(802), customerVat: company.vat, number: 'A-77/2025' }),
      },
      unchecked: true,
    });
    expect(res.body.delivered).toBeDefined();
    const found = await alpha.get<Receive[]>('/v1/receive', { query: { q: 'A-77/2025' } });
    expect(found.body.map((r) => r.document_number)).toEqual(['A-77/2025']);
    expect((await alpha.get<Receive[]>('/v1/receive', { query: { q: 'A-78/2025' } })).body).toEqual([]);
  });
});
