import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, LogEvent, ProblemDetails, Receive, Send } from '../../../src/shared/api/types.ts';
import { SMALL_BODY_BYTES } from '../../../src/sandbox-server/http/body-limits.ts';
import { translator } from '../../../src/sandbox-server/i18n/translator.ts';
import { invoiceJson, invoiceXml, italianVat, type LineInput } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

/**
 * Bodies that are large for what they carry: JSON is bounded per endpoint and large JSON is read on the worker
 * pool; list pages with many large payloads are streamed. Timings are the bench's (bench/large-bodies.ts).
 */

/** Pages with payloads go out whole up to this many bytes here (1 MiB by default), so a few files stream. */
const PAGE_BYTES = 64 * 1024;

let sandbox: TestSandbox;

beforeAll(async () => {
  // Stored submissions only: the simulated SDI waits an hour, so nothing else runs on the pool meanwhile.
  sandbox = await startTestSandbox({ sdiDelayMs: 3_600_000, pageBytes: PAGE_BYTES });
});
afterAll(() => sandbox.close());

const it_ = translator('it');
const xmlHeaders = { 'content-type': 'application/xml' };

/** `count` detail lines: about 230 bytes each in XML, 150 in JSON. */
function lines(count: number): LineInput[] {
  return Array.from({ length: count }, (_, i) => ({
    Descrizione: `Riga ${i} di una fattura lunga`,
    Quantita: '1.00',
    PrezzoUnitario: '10.00',
  }));
}

function workers() {
  return sandbox.server.services.workers;
}

describe('a JSON body that carries no invoice', () => {
  it('gets 413 in Italian past 64 KiB, by its Content-Length, and the company is not made', async () => {
    const caller = sandbox.caller('big-company').withLanguage('it');
    const vat = italianVat(900);
    const body = JSON.stringify({ vat, fiscal_code: vat.slice(2), name: 'x'.repeat(10 * 1024 * 1024) });
    const res = await caller.post<ProblemDetails>('/v1/company', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({
      type: '/problems/too-large',
      status: 413,
      title: it_('title.too-large'),
      detail: it_('body.tooLarge', { limit: SMALL_BODY_BYTES }),
    });
    expect((await caller.get<Company[]>('/v1/company')).body).toEqual([]);
  });

  it('gets the same 413 when it comes without a Content-Length, once 64 KiB have been read', async () => {
    const caller = sandbox.caller('chunked-company');
    // A body of unknown length (chunked): only reading it can tell its size. 1 MB is offered, 16 KiB at a time.
    const chunk = Buffer.alloc(16 * 1024, ' ');
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = http.request({
        host: '127.0.0.1',
        port: sandbox.server.port,
        method: 'POST',
        path: '/v1/company',
        headers: {
          authorization: `Basic ${Buffer.from(`${caller.key}:`).toString('base64')}`,
          'content-type': 'application/json',
          'accept-language': 'it',
        },
        agent: false,
      });
      req.on('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() });
          req.destroy();
        });
      });
      // Once answered, the server may cut the rest of the upload: expected.
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        while (!answered && written < 64) {
          written++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    const problem = JSON.parse(answer.text) as ProblemDetails;
    expect(problem.detail).toBe(it_('body.tooLarge', { limit: SMALL_BODY_BYTES }));
  });

  it('is read as before below the bound: a 60 KB company body gets its field checks', async () => {
    const caller = sandbox.caller('long-name');
    const vat = italianVat(901);
    const res = await caller.post<ProblemDetails>('/v1/company', {
      json: { vat, fiscal_code: vat.slice(2), name: 'x'.repeat(60 * 1024) },
    });
    expect(res.status).toBe(422);
  });
});

describe('a JSON body that carries an invoice', () => {
  it('is converted on a worker thread when large (/send/json), and stored as its XML', async () => {
    const caller = sandbox.caller('json-invoice');
    const json = invoiceJson({ supplierVat: italianVat(910), number: 'J-LARGE', lines: lines(2000) });
    const body = JSON.stringify(json);
    expect(body.length).toBeGreaterThan(200_000);
    const before = workers().threadRuns('invoiceJson');
    const res = await caller.post<Send>('/v1/send/json', { json });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ document_number: 'J-LARGE', encoding: 'Xml' });
    // Parsing, checking and converting the body was one task on a thread, not work on the event loop.
    expect(workers().threadRuns('invoiceJson')).toBe(before + 1);
    const stored = await caller.get<Send>(`/v1/send/${res.body.id}`, { query: { include_payload: true } });
    expect(stored.body.payload).toContain('<NumeroLinea>2000</NumeroLinea>');
  });

  it('is converted on this thread when small, with the same answer', async () => {
    const caller = sandbox.caller('json-small');
    const before = workers().threadRuns('invoiceJson');
    const res = await caller.post<Send>('/v1/send/json', {
      json: invoiceJson({ supplierVat: italianVat(911), number: 'J-SMALL' }),
    });
    expect(res.status).toBe(201);
    expect(workers().threadRuns('invoiceJson')).toBe(before);
  });

  it('reports structure problems found on a thread in the caller’s language, as inline', async () => {
    const caller = sandbox.caller('json-invalid').withLanguage('it');
    const broken = (count: number) => {
      const json = invoiceJson({ supplierVat: italianVat(912), lines: lines(count) });
      const body = json.FatturaElettronicaBody[0]!;
      (body.DatiGenerali.DatiGeneraliDocumento as { Divisa?: string }).Divisa = undefined;
      return json;
    };
    const before = workers().threadRuns('invoiceJson');
    const large = await caller.post<ProblemDetails>('/v1/send/validate/json', { json: broken(2000) });
    expect(workers().threadRuns('invoiceJson')).toBe(before + 1);
    const small = await caller.post<ProblemDetails>('/v1/send/validate/json', { json: broken(1) });
    expect(workers().threadRuns('invoiceJson')).toBe(before + 1);
    expect(large.status).toBe(422);
    expect(large.body.errors!.length).toBeGreaterThan(0);
    expect(large.body.errors).toEqual(small.body.errors);
    expect(large.body.detail).toBe(small.body.detail);
  });

  it('is decoded on a worker thread when large (/send with a Base64 payload)', async () => {
    const caller = sandbox.caller('send-base64');
    const xml = invoiceXml({ supplierVat: italianVat(913), number: 'B-LARGE', lines: lines(500) });
    const before = workers().threadRuns('sendBody');
    const res = await caller.post<Send>('/v1/send', {
      json: { payload: Buffer.from(xml).toString('base64'), meta_data: { order: 'O-1' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ encoding: 'Base64', meta_data: { order: 'O-1' } });
    expect(workers().threadRuns('sendBody')).toBe(before + 1);
    const payload = await caller.get(`/v1/send/${res.body.id}/payload`);
    expect(Buffer.from(payload.text, 'base64').toString()).toBe(xml);
  });

  it('keeps the rules of a body read on a thread: malformed JSON and bad bytes are 422 in the caller’s language', async () => {
    const caller = sandbox.caller('send-malformed').withLanguage('it');
    const padding = 'x'.repeat(100_000);
    const malformed = await caller.post<ProblemDetails>('/v1/send/json', {
      body: `{"a":"${padding}"`,
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail).toBe(it_('body.malformedJson'));
    const notUtf8 = Buffer.concat([Buffer.from(`{"payload":"${padding}`), Buffer.from([0xff, 0x22, 0x7d])]);
    const invalidBytes = await caller.post<ProblemDetails>('/v1/send', {
      body: notUtf8,
      headers: { 'content-type': 'application/json' },
    });
    expect(invalidBytes.status).toBe(422);
    expect(invalidBytes.body.detail).toBe(it_('body.malformedJson'));
  });
});

describe('a list page of many large payloads', () => {
  it('answers 200 with the whole page as valid JSON, streamed in pieces rather than built at once', async () => {
    const caller = sandbox.caller('big-page');
    const sent: { id: number; xml: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const xml = invoiceXml({ supplierVat: italianVat(920), number: `P-${i}`, lines: lines(400) });
      const res = await caller.post<Send>('/v1/send/xml', { body: xml, headers: xmlHeaders });
      expect(res.status).toBe(201);
      sent.push({ id: res.body.id, xml });
    }
    const bytes = sent.reduce((sum, s) => sum + s.xml.length, 0);
    expect(bytes).toBeGreaterThan(8 * PAGE_BYTES);

    const before = workers().threadRuns('payloadJson');
    const page = await caller.get<Send[]>('/v1/send', { query: { page_size: 8, include_payload: true } });
    expect(page.status).toBe(200);
    // Each file's JSON text was made on a thread, not on the event loop.
    expect(workers().threadRuns('payloadJson')).toBe(before + 8);
    expect(page.headers.get('service-total-count')).toBe('8');
    // Streamed: no Content-Length, chunks as they come.
    expect(page.headers.get('content-length')).toBeNull();
    expect(page.headers.get('transfer-encoding')).toBe('chunked');
    expect(page.body.map((s) => [s.id, s.payload])).toEqual(sent.map((s) => [s.id, s.xml]));
    // Each row is what a read of the invoice with its payload answers, byte for byte.
    for (const row of page.body) {
      const one = await caller.get(`/v1/send/${row.id}`, { query: { include_payload: true } });
      expect(JSON.stringify(row)).toBe(one.text);
    }

    // A page that stays small goes out whole, as before.
    const other = sandbox.caller('small-page');
    const xml = invoiceXml({ supplierVat: italianVat(921), number: 'S-1' });
    expect((await other.post('/v1/send/xml', { body: xml, headers: xmlHeaders })).status).toBe(201);
    const small = await other.get<Send[]>('/v1/send', { query: { include_payload: true } });
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(small.text)));
    expect(small.body.map((s) => s.payload)).toEqual([xml]);

    // The request log keeps the beginning of the streamed page, as of a page sent whole.
    const logged = (await caller.get<LogEvent[]>('/v1/log', { query: { query: 'page_size=8', sort: '-id' } }))
      .body[0]!;
    expect(logged.status_code).toBe(200);
    expect(logged.response_body).toMatch(/…\[truncated\]$/);
    expect(page.text.startsWith(logged.response_body!.replace(/…\[truncated\]$/, ''))).toBe(true);
  });

  it('answers the same for received invoices, and marks the page read', async () => {
    const buyer = sandbox.caller('big-receiver');
    const supplier = sandbox.caller('big-supplier');
    const vat = italianVat(930);
    await buyer.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Ricevente Srl' } });
    const xmls: string[] = [];
    for (let i = 0; i < 5; i++) {
      const xml = invoiceXml({
        supplierVat: italianVat(931),
        customerVat: vat,
        number: `R-${i}`,
        lines: lines(400),
      });
      const res = await supplier.post('/_sandbox/inbound', { json: { payload: xml }, unchecked: true });
      expect(res.status).toBe(201);
      xmls.push(xml);
    }
    const page = await buyer.get<Receive[]>('/v1/receive', { query: { include_payload: true } });
    expect(page.status).toBe(200);
    expect(page.headers.get('transfer-encoding')).toBe('chunked');
    expect(page.body.map((r) => [r.payload, r.is_read])).toEqual(xmls.map((xml) => [xml, true]));
    const unread = await buyer.get<Receive[]>('/v1/receive', { query: { unread: true } });
    expect(unread.body).toEqual([]);
  });
});
