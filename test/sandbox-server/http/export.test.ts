import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, ProblemDetails, Receive } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { readZip } from '../../support/zip.ts';

let sandbox: TestSandbox;
let buyer: ApiCaller;
let buyerCompany: Company;
let supplier: ApiCaller;
const delivered: { receive: Receive; xml: string }[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  buyer = sandbox.caller('exporter');
  supplier = sandbox.caller('supplier');
  const vat = italianVat(1200);
  buyerCompany = (
    await buyer.post<Company>('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Export Srl' } })
  ).body;
  for (const [number, date] of [
    ['E-1', '2025-01-20'],
    ['E-2', '2025-02-10'],
    ['E-3', '2025-04-05'],
  ] as const) {
    const xml = invoiceXml({ supplierVat: italianVat(1201), customerVat: vat, number, date });
    const res = await supplier.post<{ delivered: Receive }>('/_sandbox/inbound', {
      json: { payload: xml },
      unchecked: true,
    });
    delivered.push({ receive: res.body.delivered, xml });
  }
});
afterAll(() => sandbox.close());

async function exportZip(query: Record<string, string | number>, by: ApiCaller = buyer) {
  const url = new URL('/v1/export', sandbox.origin);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from(`${by.key}:`).toString('base64')}` },
  });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('GET /export', () => {
  it('streams a ZIP with {vat}/receive/{file_name}, byte for byte, for a quarter', async () => {
    const { res, body } = await exportZip({ type: 'receive', year: 2025, quarter: 1 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="scambio-export-/);
    const files = await readZip(body);
    expect([...files.keys()].sort()).toEqual(
      delivered
        .slice(0, 2)
        .map((d) => `${buyerCompany.vat}/receive/${d.receive.file_name}`)
        .sort(),
    );
    for (const d of delivered.slice(0, 2)) {
      expect(files.get(`${buyerCompany.vat}/receive/${d.receive.file_name}`)!.toString('utf8')).toBe(d.xml);
    }
  });

  it('marks exported unread invoices read, counting each once', async () => {
    const scope = { accountId: buyerCompany.user_id, environment: 'test' as const };
    const before = sandbox.server.store.operations.used(scope);
    await exportZip({ year: 2025, month: 4 });
    await exportZip({ year: 2025, month: 4 });
    expect(sandbox.server.store.operations.used(scope) - before).toBe(1);
    const third = await buyer.get<Receive>(`/v1/receive/${delivered[2]!.receive.id}`);
    expect(third.body.is_read).toBe(true);
  });

  it('filters by a document date range and by company', async () => {
    const { body } = await exportZip({
      document_date_from: '2025-02-01T00:00:00Z',
      document_date_to: '2025-02-28T23:59:59Z',
    });
    expect([...(await readZip(body)).keys()]).toEqual([
      `${buyerCompany.vat}/receive/${delivered[1]!.receive.file_name}`,
    ]);
    const { res } = await exportZip({ company_id: buyerCompany.id, year: 2024, month: 1 });
    expect(res.status).toBe(204);
  });

  it('answers 204 when nothing matches and sent invoices are not yet definitive', async () => {
    const { res } = await exportZip({ type: 'send', year: 2025, month: 1 });
    expect(res.status).toBe(204);
    const seller = sandbox.caller('undelivered');
    await seller.post('/v1/send/xml', {
      body: invoiceXml({ supplierVat: italianVat(1202), date: '2025-01-05' }),
    });
    expect((await exportZip({ year: 2025, month: 1 }, seller)).res.status).toBe(204);
  });

  it.each([
    [{ year: 2025 }, 'year'],
    [{ month: 3 }, 'month'],
    [{ quarter: 2 }, 'quarter'],
    [{ year: 2025, month: 3, quarter: 1 }, 'quarter'],
    [{ year: 2025, month: 13 }, 'month'],
    [{ year: 2025, quarter: 5 }, 'quarter'],
    [{ year: 2025, month: 1, document_date_from: '2025-01-01T00:00:00Z' }, 'document_date_from'],
    [
      { document_date_from: '2025-03-01T00:00:00Z', document_date_to: '2025-01-01T00:00:00Z' },
      'document_date_from',
    ],
    [{ type: 'all' }, 'type'],
  ])('answers 400 problem+json for %o', async (query, parameter) => {
    const res = await buyer.get<ProblemDetails>('/v1/export', { query });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.parameter).toBe(parameter);
  });

  it('answers 404 for a company of another account', async () => {
    const res = await sandbox
      .caller('stranger')
      .get('/v1/export', { query: { company_id: buyerCompany.id, year: 2025, month: 1 } });
    expect(res.status).toBe(404);
  });

  it('runs one export per account at a time: a concurrent one gets 429', async () => {
    const many = sandbox.caller('many');
    const vat = italianVat(1300);
    await many.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Many Srl' } });
    const padding = 'x'.repeat(200_000);
    for (let i = 0; i < 30; i++) {
      const xml = invoiceXml({
        supplierVat: italianVat(1301),
        customerVat: vat,
        number: `M-${i}`,
        description: `${padding}${i}`,
      });
      await supplier.post('/_sandbox/inbound', { json: { payload: xml }, unchecked: true });
    }
    const url = new URL('/v1/export', sandbox.origin);
    const headers = { authorization: `Basic ${Buffer.from(`${many.key}:`).toString('base64')}` };
    const first = await fetch(url, { headers });
    const second = await fetch(url, { headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    const files = await readZip(Buffer.from(await first.arrayBuffer()));
    expect(files.size).toBe(30);
    expect((await fetch(url, { headers })).status).toBe(200);
  });
});

describe('GET /export of sent invoices', () => {
  it('includes them only in a definitive state, P7M files kept as .xml.p7m', async () => {
    const { startSdiSandbox, advance } = await import('../sdi/sdi-sandbox.ts');
    const { sandbox: sdi } = await startSdiSandbox();
    try {
      const seller = sdi.caller('export-seller');
      const auth = { authorization: `Basic ${Buffer.from(`${seller.key}:`).toString('base64')}` };
      const b2b = invoiceXml({
        supplierVat: italianVat(1500),
        number: 'S-1',
        date: '2026-02-10',
        codiceDestinatario: 'ABC1234',
      });
      const pa = invoiceXml({
        supplierVat: italianVat(1500),
        number: 'S-2',
        date: '2026-02-11',
        format: 'FPA12',
        codiceDestinatario: 'AAAAAA',
      });
      const one = (
        await seller.post<{ id: number; file_name: string; company_id: number }>('/v1/send/xml', {
          body: b2b,
        })
      ).body;
      const two = (await seller.post<{ id: number; file_name: string }>('/v1/send/xml', { body: pa })).body;
      const exportNames = async () => {
        const res = await fetch(`${sdi.origin}/v1/export?type=send&year=2026&month=2`, { headers: auth });
        return res.status === 204 ? [] : [...(await readZip(Buffer.from(await res.arrayBuffer()))).keys()];
      };
      await advance(seller);
      const vat = italianVat(1500);
      // B2B Consegnato is final; the PA invoice waits for the recipient's answer.
      expect(await exportNames()).toEqual([`${vat}/send/${one.file_name}`]);
      // Sandbox sends are kept 15 days, so the PA answer comes from the control API rather than day 15.
      await seller.post(`/_sandbox/send/${two.id}/esito`, { json: { esito: 'EC01' }, unchecked: true });
      const names = await exportNames();
      expect(names.sort()).toEqual([`${vat}/send/${one.file_name}`, `${vat}/send/${two.file_name}`].sort());
      expect(two.file_name).toMatch(/\.xml\.p7m$/);
      const files = await readZip(
        Buffer.from(
          await (
            await fetch(`${sdi.origin}/v1/export?type=send&year=2026&month=2`, { headers: auth })
          ).arrayBuffer(),
        ),
      );
      expect(files.get(`${vat}/send/${one.file_name}`)!.toString('utf8')).toBe(b2b);
      const stored = await seller.get<{ payload: string }>(`/v1/send/${two.id}`, {
        query: { include_payload: true },
      });
      expect(
        files.get(`${vat}/send/${two.file_name}`)!.equals(Buffer.from(stored.body.payload, 'base64')),
      ).toBe(true);
    } finally {
      await sdi.close();
    }
  });
});
