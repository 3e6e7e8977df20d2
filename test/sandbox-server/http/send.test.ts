import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, LinkedData, ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { referenceDir } from '../../support/reference.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let alpha: ApiCaller;
let beta: ApiCaller;

beforeAll(async () => {
  // These tests are about stored submissions: the simulated SDI (test/sandbox-server/sdi) waits an hour.
  sandbox = await startTestSandbox({ sdiDelayMs: 3_600_000 });
  alpha = sandbox.caller('alpha');
  beta = sandbox.caller('beta');
});
afterAll(() => sandbox.close());

function countSends(): number {
  const db = new Database(join(sandbox.dataDir, 'scambio.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM sends').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const xmlHeaders = { 'content-type': 'application/xml' };

describe('POST /send/xml', () => {
  it('stores the invoice with the fields read from its XML and creates the supplier company', async () => {
    const supplierVat = italianVat(200);
    const xml = invoiceXml({
      supplierVat,
      supplierName: 'Forniture Rossi Spa',
      customerVat: italianVat(201),
      customerName: 'Bianchi & Figli',
      number: 'FT-7',
      date: '2025-03-04',
    });
    const res = await alpha.post<Send>('/v1/send/xml', { body: xml, headers: xmlHeaders });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/v1/send/${res.body.id}`);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(res.body).toMatchObject({
      prestatore: supplierVat,
      committente: italianVat(201),
      nome_committente: 'Bianchi & Figli',
      document_number: 'FT-7',
      document_date: '2025-03-04T00:00:00.000Z',
      documents: [{ number: 'FT-7', date: '2025-03-04T00:00:00.000Z' }],
      format: 'FPR12',
      encoding: 'Xml',
      latest_state: null,
      identifier: null,
    });
    expect(res.body.file_name).toMatch(new RegExp(`^IT${supplierVat.slice(2)}_[A-Za-z0-9]{5}\\.xml$`));
    expect(res.body.payload).toBeUndefined();
    const company = await alpha.get<Company>(`/v1/company/${supplierVat}`);
    expect(company.body).toMatchObject({ id: res.body.company_id, name: 'Forniture Rossi Spa' });
  });

  it('lists every document of a multi-body file', async () => {
    const xml = invoiceXml({
      supplierVat: italianVat(202),
      number: 'A1',
      date: '2025-01-01',
      moreDocuments: [{ number: 'A2', date: '2025-01-02' }],
    });
    const res = await alpha.post<Send>('/v1/send/xml', { body: xml, headers: xmlHeaders });
    expect(res.body.documents).toEqual([
      { number: 'A1', date: '2025-01-01T00:00:00.000Z' },
      { number: 'A2', date: '2025-01-02T00:00:00.000Z' },
    ]);
  });

  it.each([
    ['not well formed', '<p:FatturaElettronica versione="FPR12"><unclosed></p:FatturaElettronica>', '00200'],
    ['not an invoice', '<?xml version="1.0"?><Ordine/>', '00200'],
    ['empty', '', '00106'],
    [
      'a DTD with entity expansion',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><x>&b;</x>',
      '00200',
    ],
    [
      'an external entity',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      '00200',
    ],
  ])('rejects %s with 422, the SDI code, and stores nothing', async (_name, body, code) => {
    const before = countSends();
    const res = await alpha.post<ProblemDetails>('/v1/send/xml', { body, headers: xmlHeaders });
    expect(res.status).toBe(422);
    expect(res.body.errors![0]!.code).toBe(code);
    expect(res.body.errors![0]!.hint).toBeTruthy();
    expect(countSends()).toBe(before);
  });

  it('tells where the XML breaks, in the caller language', async () => {
    const res = await alpha.withLanguage('it-IT,it;q=0.9').post<ProblemDetails>('/v1/send/xml', {
      body: '<?xml version="1.0"?>\n<a>\n<b></a>',
      headers: xmlHeaders,
    });
    expect(res.body.title).toBe('Contenuto non elaborabile');
    expect(res.body.errors![0]!.description).toMatch(/riga 3/);
  });

  it('refuses an invoice whose supplier VAT belongs to another account', async () => {
    const vat = italianVat(203);
    await beta.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Beta owns it' } });
    const res = await alpha.post<ProblemDetails>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: vat }),
      headers: xmlHeaders,
    });
    expect(res.status).toBe(422);
  });

  it.each([
    ['validate', 'maybe'],
    ['signature', 'Sometimes'],
  ])('rejects %s=%s with 400', async (parameter, value) => {
    const res = await alpha.post<ProblemDetails>('/v1/send/xml', {
      body: invoiceXml(),
      headers: xmlHeaders,
      query: { [parameter]: value },
    });
    expect(res.status).toBe(400);
    expect(res.body.parameter).toBe(parameter);
  });

  it('answers 413 for a body far over the size limit, and 422 00003 for a file just over it', async () => {
    const small = await startTestSandbox({ maxInvoiceBytes: 4096 });
    try {
      const caller = small.caller();
      const padding = 'x'.repeat(5000);
      const over = await caller.post<ProblemDetails>('/v1/send/xml', {
        body: invoiceXml({ description: padding }),
        headers: xmlHeaders,
      });
      expect(over.status).toBe(422);
      expect(over.body.errors![0]!.code).toBe('00003');
      const huge = await caller.post('/v1/send/xml', { body: 'y'.repeat(20_000), headers: xmlHeaders });
      expect(huge.status).toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe('POST /send', () => {
  it('takes the payload as XML text and keeps meta_data', async () => {
    const res = await alpha.post<Send>('/v1/send', {
      json: { payload: invoiceXml({ supplierVat: italianVat(210) }), meta_data: { order_id: 'ORD-1' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ encoding: 'Xml', meta_data: { order_id: 'ORD-1' } });
  });

  it('takes the payload as Base64 and gives it back as Base64', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(211) });
    const payload = Buffer.from(xml).toString('base64');
    const res = await alpha.post<Send>('/v1/send', { json: { payload } });
    expect(res.body.encoding).toBe('Base64');
    const read = await alpha.get<Send>(`/v1/send/${res.body.id}`, { query: { include_payload: true } });
    expect(read.body.payload).toBe(payload);
  });

  it('keeps a valid client file name and refuses one that could escape a folder', async () => {
    const ok = await alpha.post<Send>('/v1/send', {
      json: { payload: invoiceXml({ supplierVat: italianVat(212) }), file_name: 'IT12345678903_A0001.xml' },
    });
    expect(ok.body.file_name).toBe('IT12345678903_A0001.xml');
    for (const file_name of [
      '../../etc/IT12345678903_A0002.xml',
      'IT12345678903_A0003.xml.p7m',
      'fattura.xml',
    ]) {
      const res = await alpha.post<ProblemDetails>('/v1/send', {
        json: { payload: invoiceXml(), file_name },
      });
      expect(res.status, file_name).toBe(422);
      expect(res.body.errors![0]).toMatchObject({ code: '00001', path: 'file_name' });
    }
  });

  it('rejects a missing payload, junk Base64 and a non-object body', async () => {
    expect((await alpha.post('/v1/send', { json: {} })).status).toBe(422);
    expect((await alpha.post('/v1/send', { json: { payload: 'not base64 at all!' } })).status).toBe(422);
    expect((await alpha.post('/v1/send', { json: [1, 2] })).status).toBe(422);
    expect(
      (await alpha.post('/v1/send', { json: { payload: invoiceXml(), meta_data: { n: 1 } } })).status,
    ).toBe(422);
  });
});

describe('POST /send/file', () => {
  it('stores an uploaded XML file under its own name when that name is valid', async () => {
    const form = new FormData();
    form.set('file', new Blob([invoiceXml({ supplierVat: italianVat(220) })]), 'IT12345678903_F0001.xml');
    const res = await alpha.post<Send>('/v1/send/file', { body: form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ file_name: 'IT12345678903_F0001.xml', encoding: 'Xml' });
  });

  it('refuses an upload named against the SDI rule with 00001, as POST /send does, and so does /send/validate/file', async () => {
    const before = countSends();
    const xml = invoiceXml({ supplierVat: italianVat(221) });
    for (const name of ['my invoice.xml', 'IT12345678903_F0002.xml.p7m', 'blob']) {
      const form = new FormData();
      form.set('file', new Blob([xml]), name);
      const file = await alpha.post<ProblemDetails>('/v1/send/file', { body: form });
      const json = await alpha.post<ProblemDetails>('/v1/send', { json: { payload: xml, file_name: name } });
      expect(file.status, name).toBe(422);
      expect(file.body.errors).toEqual(json.body.errors);
      expect(file.body.errors![0]).toMatchObject({ code: '00001', path: 'file_name' });
      const validated = await alpha.post<ProblemDetails>('/v1/send/validate/file', { body: form });
      expect(validated.status, name).toBe(422);
      expect(validated.body.errors!.map((e) => e.code)).toContain('00001');
    }
    expect(countSends()).toBe(before);
  });

  it('answers 422 without a file part', async () => {
    const form = new FormData();
    form.set('other', 'x');
    expect((await alpha.post('/v1/send/file', { body: form })).status).toBe(422);
    expect(
      (await alpha.post('/v1/send/file', { body: 'plain', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(422);
  });

  const p7m = join(
    referenceDir,
    'samples/official/fatturapa-v1.0-legacy-sdi-example/IT01234567890_11111.xml.p7m',
  );
  it.skipIf(!existsSync(p7m))(
    'stores a signed P7M as Base64 of its DER bytes with the fields of the XML inside',
    async () => {
      const bytes = readFileSync(p7m);
      const form = new FormData();
      form.set('file', new Blob([bytes]), 'IT01234567890_11111.xml.p7m');
      const res = await sandbox.caller('p7m').post<Send>('/v1/send/file', { body: form });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        encoding: 'Base64',
        file_name: 'IT01234567890_11111.xml.p7m',
        prestatore: 'IT01234567890',
      });
    },
  );
});

describe('GET /send/{id}, /send/{identifier} and /send/{id}/payload', () => {
  it('returns the payload only when asked, and as text/plain from /payload', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(230) });
    const sent = (await alpha.post<Send>('/v1/send/xml', { body: xml, headers: xmlHeaders })).body;
    expect((await alpha.get<Send>(`/v1/send/${sent.id}`)).body.payload).toBeUndefined();
    expect(
      (await alpha.get<Send>(`/v1/send/${sent.id}`, { query: { include_payload: true } })).body.payload,
    ).toBe(xml);
    const payload = await alpha.get(`/v1/send/${sent.id}/payload`);
    expect(payload.headers.get('content-type')).toContain('text/plain');
    expect(payload.text).toBe(xml);
  });

  it('answers 404 problem+json for unknown ids, identifiers and other accounts', async () => {
    const sent = (
      await alpha.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(231) }),
        headers: xmlHeaders,
      })
    ).body;
    expect((await beta.get(`/v1/send/${sent.id}`)).status).toBe(404);
    const payload = await beta.get(`/v1/send/${sent.id}/payload`);
    expect(payload.status).toBe(404);
    expect(payload.headers.get('content-type')).toContain('application/problem+json');
    expect((await alpha.get('/v1/send/12345678901234')).status).toBe(404);
  });
});

describe('GET /send', () => {
  let caller: ApiCaller;
  let sends: Send[];

  beforeAll(async () => {
    caller = sandbox.caller('listing');
    const specs = [
      {
        supplierVat: italianVat(240),
        customerVat: italianVat(250),
        customerName: 'Gelateria Artica',
        number: '10',
        date: '2025-01-10',
      },
      {
        supplierVat: italianVat(240),
        customerVat: italianVat(251),
        customerName: 'Pasticceria Dolce',
        number: '11',
        date: '2025-02-10',
      },
      {
        supplierVat: italianVat(241),
        customerVat: italianVat(250),
        customerName: 'Gelateria Artica',
        number: '12',
        date: '2025-03-10',
      },
    ];
    sends = [];
    for (const spec of specs) {
      sends.push(
        (await caller.post<Send>('/v1/send/xml', { body: invoiceXml(spec), headers: xmlHeaders })).body,
      );
    }
  });

  async function ids(query: Record<string, string | number | boolean>): Promise<number[]> {
    const res = await caller.get<Send[]>('/v1/send', { query });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('service-total-count'))).toBe(res.body.length);
    return res.body.map((s) => s.id);
  }

  it('filters by each field', async () => {
    const [a, b, c] = sends.map((s) => s.id);
    expect(await ids({ company_id: sends[0]!.company_id })).toEqual([a, b]);
    expect(await ids({ committente: italianVat(250) })).toEqual([a, c]);
    expect(await ids({ prestatore: italianVat(241) })).toEqual([c]);
    expect(await ids({ document_number: '11' })).toEqual([b]);
    expect(await ids({ file_name: sends[2]!.file_name! })).toEqual([c]);
    expect(
      await ids({ document_date_from: '2025-02-01T00:00:00Z', document_date_to: '2025-03-10T00:00:00Z' }),
    ).toEqual([b, c]);
    expect(await ids({ date_sent_from: sends[0]!.date_sent!, date_sent_to: sends[2]!.date_sent! })).toEqual([
      a,
      b,
      c,
    ]);
    expect(await ids({ date_sent_from: '2099-01-01T00:00:00Z' })).toEqual([]);
    expect(await ids({ last_update_from: '2000-01-01T00:00:00Z' })).toEqual([]);
    expect(await ids({ latest_state: 'Consegnato' })).toEqual([]);
    expect(await ids({ identifier: '123456789012' })).toEqual([]);
    expect(await ids({ ids: `${c},${a},999999,abc`.replace(',abc', '') })).toEqual([a, c]);
  });

  it('searches with q across names, VATs and file names', async () => {
    const [a, b, c] = sends.map((s) => s.id);
    expect(await ids({ q: 'gelateria' })).toEqual([a, c]);
    expect(await ids({ q: 'DOLCE' })).toEqual([b]);
    expect(await ids({ q: italianVat(241).slice(9) })).toEqual([c]);
    expect(await ids({ q: sends[1]!.file_name!.slice(-9, -4) })).toContain(b);
  });

  it('sorts by document_date both ways and pages stably', async () => {
    const [a, b, c] = sends.map((s) => s.id);
    expect(await ids({ sort: '-document_date' })).toEqual([c, b, a]);
    const page = await caller.get<Send[]>('/v1/send', {
      query: { sort: 'document_date', page_size: 1, page: 2 },
    });
    expect(page.body.map((s) => s.id)).toEqual([b]);
    expect(page.headers.get('service-total-count')).toBe('3');
  });

  it('includes payloads only when asked', async () => {
    const res = await caller.get<Send[]>('/v1/send', { query: { include_payload: true, page_size: 1 } });
    expect(res.body[0]!.payload).toContain('FatturaElettronica');
  });

  it.each([
    [{ latest_state: 'Delivered' }, 'latest_state'],
    [{ date_sent_from: 'yesterday' }, 'date_sent_from'],
    [
      { document_date_from: '2025-03-01T00:00:00Z', document_date_to: '2025-01-01T00:00:00Z' },
      'document_date_from',
    ],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, 'ids'],
    [{ ids: '1,x' }, 'ids'],
    [{ company_id: 'one' }, 'company_id'],
    [{ include_payload: 'yes' }, 'include_payload'],
    [{ sort: 'payload' }, 'sort'],
  ])('rejects %o with 400 naming the parameter', async (query, parameter) => {
    const res = await caller.withLanguage('de').get<ProblemDetails>('/v1/send', { query });
    expect(res.status).toBe(400);
    expect(res.body.parameter).toBe(parameter);
    expect(res.body.title).toBe('Ungültige Anfrage');
  });

  it('answers 404 for a company_id that is not the caller’s, and hides other accounts’ invoices', async () => {
    expect((await beta.get('/v1/send', { query: { company_id: sends[0]!.company_id } })).status).toBe(404);
    const other = await beta.get<Send[]>('/v1/send', { query: { ids: sends.map((s) => s.id).join(',') } });
    expect(other.body).toEqual([]);
    const live = sandbox.caller('listing', 'live');
    expect((await live.get<Send[]>('/v1/send')).body).toEqual([]);
  });
});

describe('DELETE /company/{id} with invoices', () => {
  it('answers 409 with the linked data, then deletes everything with force=true', async () => {
    const caller = sandbox.caller('deleting');
    const sent = (
      await caller.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(260) }),
        headers: xmlHeaders,
      })
    ).body;
    const conflict = await caller.delete<ProblemDetails & { linked: LinkedData }>(
      `/v1/company/${sent.company_id}`,
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.linked).toMatchObject({ send: 1, receive: 0 });
    expect(conflict.body.linked.log).toBeGreaterThan(0);
    const forced = await caller.delete(`/v1/company/${sent.company_id}`, { query: { force: true } });
    expect(forced.status).toBe(200);
    expect((await caller.get(`/v1/send/${sent.id}`)).status).toBe(404);
    expect((await caller.get('/v1/log', { query: { company_id: sent.company_id } })).status).toBe(404);
  });
});

describe('storage', () => {
  it('keeps no half-written rows: every send has its company', () => {
    const db = new Database(join(sandbox.dataDir, 'scambio.sqlite'), { readonly: true });
    try {
      const orphans = db
        .prepare(
          'SELECT count(*) AS n FROM sends s LEFT JOIN companies c ON c.id = s.company_id WHERE c.id IS NULL',
        )
        .get() as { n: number };
      expect(orphans.n).toBe(0);
      expect(readdirSync(sandbox.dataDir)).toContain('scambio.sqlite');
    } finally {
      db.close();
    }
  });
});
