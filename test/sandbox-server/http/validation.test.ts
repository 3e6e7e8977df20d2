import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { invoiceToJson, parseInvoiceXml } from '../../../src/shared/fatturapa/index.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { referenceDir } from '../../support/reference.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { opensslVersion, requireOrWarnOpenssl } from '../signing/signing-fixtures.ts';

let sandbox: TestSandbox;
let caller: ApiCaller;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  caller = sandbox.caller('validator');
});
afterAll(() => sandbox.close());

const xmlHeaders = { 'content-type': 'application/xml' };

/** A valid invoice broken in three independent places. */
function brokenInvoice(): string {
  return invoiceXml({ supplierVat: italianVat(1001) })
    .replace(
      '<ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>',
      '<ImportoTotaleDocumento>1,22</ImportoTotaleDocumento>',
    )
    .replace('<Imposta>22.00</Imposta>', '<Imposta>30.00</Imposta>')
    .replace(
      /<IdCodice>(\d{10})\d<\/IdCodice>(\s*<\/IdFiscaleIVA>\s*<Anagrafica>\s*<Denominazione>Committente)/,
      '<IdCodice>$10</IdCodice>$2',
    );
}

describe('POST /send/validate*', () => {
  it('answers 204 for a valid invoice in every form, and stores nothing', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(1000) });
    expect((await caller.post('/v1/send/validate/xml', { body: xml, headers: xmlHeaders })).status).toBe(204);
    expect((await caller.post('/v1/send/validate', { json: { payload: xml } })).status).toBe(204);
    const form = new FormData();
    form.set('file', new Blob([xml]), 'IT12345678903_V0001.xml');
    expect((await caller.post('/v1/send/validate/file', { body: form })).status).toBe(204);
    const json = invoiceToJson(parseInvoiceXml(xml));
    expect((await caller.post('/v1/send/validate/json', { json })).status).toBe(204);
    expect((await caller.get('/v1/send')).headers.get('service-total-count')).toBe('0');
  });

  it('lists every problem with its SDI code, location and a hint, in the caller language', async () => {
    const res = await caller.withLanguage('it').post<ProblemDetails>('/v1/send/validate/xml', {
      body: brokenInvoice(),
      headers: xmlHeaders,
    });
    expect(res.status).toBe(422);
    const byCode = new Map(res.body.errors!.map((e) => [e.code, e]));
    expect(byCode.get('00200')!.path).toBe(
      'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/ImportoTotaleDocumento',
    );
    expect(byCode.get('00305')!.path).toContain('CessionarioCommittente');
    expect(byCode.has('00421') || byCode.has('00422')).toBe(true);
    for (const error of res.body.errors!) {
      expect(error.description.length).toBeGreaterThan(10);
    }
    const english = await caller.post<ProblemDetails>('/v1/send/validate/xml', {
      body: brokenInvoice(),
      headers: xmlHeaders,
    });
    expect(english.body.errors!.map((e) => e.code)).toEqual(res.body.errors!.map((e) => e.code));
    expect(english.body.errors![0]!.description).not.toBe(res.body.errors![0]!.description);
  });

  it('checks a given file name', async () => {
    const res = await caller.post<ProblemDetails>('/v1/send/validate', {
      json: { payload: invoiceXml({ supplierVat: italianVat(1002) }), file_name: 'fattura.xml' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors![0]!.code).toBe('00001');
  });

  it('reports structure problems of a JSON document at their path', async () => {
    const json = invoiceToJson(parseInvoiceXml(invoiceXml())) as unknown as Record<
      string,
      { DatiTrasmissione?: unknown }
    >;
    delete json.FatturaElettronicaHeader!.DatiTrasmissione;
    const res = await caller.post<ProblemDetails>('/v1/send/validate/json', { json });
    expect(res.status).toBe(422);
    expect(res.body.errors![0]).toMatchObject({
      code: '00200',
      path: expect.stringContaining('DatiTrasmissione'),
    });
  });
});

describe('validate=true on submissions', () => {
  it('rejects an invalid invoice with 422 and stores nothing; without it the invoice is stored', async () => {
    const c = sandbox.caller('validate-true');
    const rejected = await c.post<ProblemDetails>('/v1/send/xml', {
      body: brokenInvoice(),
      headers: xmlHeaders,
      query: { validate: true },
    });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors!.length).toBeGreaterThan(2);
    expect((await c.get('/v1/send')).headers.get('service-total-count')).toBe('0');
    expect((await c.post('/v1/send/xml', { body: brokenInvoice(), headers: xmlHeaders })).status).toBe(201);
    const valid = await c.post('/v1/send/xml', {
      body: invoiceXml({ supplierVat: italianVat(1001), number: '2' }),
      headers: xmlHeaders,
      query: { validate: true },
    });
    expect(valid.status).toBe(201);
  });

  it('reads a file once when it is validated as sent, again only when it is signed here', async () => {
    // A server of its own whose SDI waits an hour: SDI's checks (a read on the pool too) of this or earlier
    // tests' invoices never run among the counted tasks.
    const quiet = await startTestSandbox({ sdiDelayMs: 3_600_000 });
    const c = quiet.caller('validate-once');
    const runs = vi.spyOn(quiet.server.services.workers, 'run');
    const tasks = () => runs.mock.calls.map(([name]) => name);
    const headers = xmlHeaders;
    try {
      const plain = await c.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(1004), number: 'V-1' }),
        headers,
        query: { validate: true, signature: 'None' },
      });
      expect(plain.status).toBe(201);
      expect(tasks()).toEqual(['inspectInvoice']);

      runs.mockClear();
      const signed = await c.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(1004), number: 'V-2' }),
        headers,
        query: { validate: true, signature: 'Apply' },
      });
      expect(signed.status).toBe(201);
      expect(signed.body.file_name).toMatch(/\.xml\.p7m$/);
      // The envelope made here is another file: validated on its own, signature included.
      expect(tasks()).toEqual(['inspectInvoice', 'signCades', 'inspectInvoice']);

      runs.mockClear();
      const unsignedPa = await c.post<ProblemDetails>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(1004), format: 'FPA12', number: 'V-3' }),
        headers,
        query: { validate: true, signature: 'None' },
      });
      expect(unsignedPa.status).toBe(422);
      expect(tasks()).toEqual(['inspectInvoice']);
    } finally {
      runs.mockRestore();
      await quiet.close();
    }
  });
});

describe('POST /send/json', () => {
  it('stores the XML made from the JSON, in schema order', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(1003), number: 'J-1' });
    const json = invoiceToJson(parseInvoiceXml(xml));
    const res = await caller.post<Send>('/v1/send/json', { json });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ document_number: 'J-1', format: 'FPR12', encoding: 'Xml' });
    const payload = (await caller.get(`/v1/send/${res.body.id}/payload`)).text;
    expect(invoiceToJson(parseInvoiceXml(payload))).toEqual(json);
  });

  it('answers 422 for a body that is not a FatturaPA document', async () => {
    expect((await caller.post('/v1/send/json', { json: { hello: 'world' } })).status).toBe(422);
    expect((await caller.post('/v1/send/json', { json: [1] })).status).toBe(422);
  });
});

function openssl(args: string[]): { ok: boolean; out: string } {
  try {
    return {
      ok: true,
      out: execFileSync('openssl', args, { encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] }),
    };
  } catch (error) {
    return { ok: false, out: String((error as { stderr?: string }).stderr) };
  }
}

// The signatures are checked with openssl, the tool an integrator would use; without it these skip, saying so.
requireOrWarnOpenssl('signature=None|Apply|Force|Auto');
describe.skipIf(!opensslVersion)('signature=None|Apply|Force|Auto', () => {
  async function sendWith(signature: string, body: string): Promise<Send> {
    const res = await caller.post<Send>('/v1/send', { json: { payload: body }, query: { signature } });
    expect(res.status).toBe(201);
    return res.body;
  }

  function verifiesWithSandboxCa(send: Send): boolean {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-p7m-'));
    try {
      writeFileSync(join(dir, 'in.p7m'), Buffer.from(send.payload!, 'base64'));
      const ca = join(sandbox.dataDir, 'signing', 'sandbox-ca.pem');
      return openssl([
        'cms',
        '-verify',
        '-inform',
        'DER',
        '-in',
        join(dir, 'in.p7m'),
        '-CAfile',
        ca,
        '-binary',
        '-out',
        join(dir, 'out.xml'),
      ]).ok;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('signs with Apply: a .xml.p7m that openssl verifies against the sandbox CA', async () => {
    const created = await sendWith('Apply', invoiceXml({ supplierVat: italianVat(1010), number: 'A-1' }));
    expect(created).toMatchObject({ encoding: 'Base64', document_number: 'A-1' });
    expect(created.file_name).toMatch(/\.xml\.p7m$/);
    const read = (await caller.get<Send>(`/v1/send/${created.id}`, { query: { include_payload: true } }))
      .body;
    expect(verifiesWithSandboxCa(read)).toBe(true);
  });

  it('signs FPA12 by default (Auto) and leaves FPR12 unsigned; None never signs', async () => {
    const pa = await sendWith(
      'Auto',
      invoiceXml({ supplierVat: italianVat(1011), format: 'FPA12', number: 'PA-1' }),
    );
    expect(pa.file_name).toMatch(/\.xml\.p7m$/);
    const b2b = await sendWith('Auto', invoiceXml({ supplierVat: italianVat(1011), number: 'B-1' }));
    expect(b2b.encoding).toBe('Xml');
    const none = await sendWith(
      'None',
      invoiceXml({ supplierVat: italianVat(1011), format: 'FPA12', number: 'PA-2' }),
    );
    expect(none.file_name).toMatch(/\.xml$/);
  });

  const legacy = join(
    referenceDir,
    'samples/official/fatturapa-v1.0-legacy-sdi-example/IT01234567890_11111.xml.p7m',
  );
  it.skipIf(!existsSync(legacy))(
    'replaces an envelope signed elsewhere with Force, and keeps it otherwise',
    async () => {
      const original = readFileSync(legacy).toString('base64');
      const kept = (
        await caller.get<Send>(`/v1/send/${(await sendWith('Auto', original)).id}`, {
          query: { include_payload: true },
        })
      ).body;
      expect(kept.payload).toBe(original);
      expect(verifiesWithSandboxCa(kept)).toBe(false);
      const forced = await sendWith('Force', original);
      const resigned = (await caller.get<Send>(`/v1/send/${forced.id}`, { query: { include_payload: true } }))
        .body;
      expect(resigned.payload).not.toBe(original);
      expect(verifiesWithSandboxCa(resigned)).toBe(true);
    },
  );
});

const expiredP7m = join(referenceDir, 'samples/real-world/p7m');
describe.skipIf(!existsSync(expiredP7m))('signed uploads with validate=true', () => {
  it('reports an expired signing certificate with 00100', async () => {
    const legacy = readFileSync(
      join(referenceDir, 'samples/official/fatturapa-v1.0-legacy-sdi-example/IT01234567890_11111.xml.p7m'),
    );
    const res = await sandbox.caller('expired').post<ProblemDetails>('/v1/send', {
      json: { payload: legacy.toString('base64') },
      query: { validate: true, signature: 'None' },
    });
    expect(res.status).toBe(422);
    const expired = res.body.errors!.find((e) => e.code === '00100')!;
    expect(expired.description).toMatch(/^The signing certificate \(.+\) expired on \d{4}-\d{2}-\d{2}\.$/);
  });
});

const officialFpr01 = join(referenceDir, 'samples/official/fatturapa-v1.2.2/IT01234567890_FPR01.xml');
describe.skipIf(!existsSync(officialFpr01))('the official samples and lenient identifiers', () => {
  it('are refused for their invalid check digits, and accepted with lenient ids', async () => {
    const xml = readFileSync(officialFpr01, 'utf8');
    const strict = await caller.post<ProblemDetails>('/v1/send/validate/xml', {
      body: xml,
      headers: xmlHeaders,
    });
    expect(strict.status).toBe(422);
    expect(strict.body.errors!.map((e) => e.code)).toEqual(expect.arrayContaining(['00300', '00301']));
    const lenient = await startTestSandbox({ lenientIds: true });
    try {
      const res = await lenient.caller().post('/v1/send/validate/xml', { body: xml, headers: xmlHeaders });
      expect(res.status).toBe(204);
    } finally {
      await lenient.close();
    }
  });
});
