import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { invoiceToXml } from '../../../src/shared/fatturapa/index.ts';
import { invoiceJson, invoiceXml, italianVat, type InvoiceOptions } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators } from './notifications/reference-schemas.ts';
import { advance, checkNotifications, sendOf, startSdiSandbox, submit, updatesOf } from './sdi-sandbox.ts';

let sandbox: TestSandbox;
let caller: ApiCaller;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  caller = sandbox.caller('fidelity');
});
afterAll(async () => {
  disposeValidators();
  await sandbox.close();
});

const xmlHeaders = { 'content-type': 'application/xml' };

async function settled(send: Send): Promise<Send> {
  await advance(caller);
  return sendOf(caller, send.id);
}

/** A valid invoice broken at three stages: schema (00200), content (00421) and the buyer's VAT (00305). */
function brokenAtEveryStage(seed: number, format: 'FPR12' | 'FPA12' = 'FPR12'): string {
  return invoiceXml({ supplierVat: italianVat(seed), format })
    .replace(
      '<ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>',
      '<ImportoTotaleDocumento>1,22</ImportoTotaleDocumento>',
    )
    .replace('<Imposta>22.00</Imposta>', '<Imposta>30.00</Imposta>');
}

describe('PA invoices must be signed', () => {
  it('discards an unsigned FPA12 sent with signature=None (NS 00102) and refuses it on /send/validate with None', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(7001), format: 'FPA12' });
    const send = await settled(await submit(caller, { xml, query: { signature: 'None' } }));
    expect(send.latest_state).toBe('Scartato');
    const updates = await updatesOf(caller, send.id);
    expect(updates[1]!.errors).toEqual([
      { code: '00102', description: expect.stringContaining('FPA12'), hint: expect.any(String) },
    ]);
    await checkNotifications(caller, send);

    const validated = await caller.post<ProblemDetails>('/v1/send/validate/xml', {
      body: xml,
      headers: xmlHeaders,
      query: { signature: 'None' },
    });
    expect(validated.status).toBe(422);
    expect(validated.body.errors!.map((e) => e.code)).toEqual(['00102']);
    const refused = await caller.post('/v1/send/xml', {
      body: xml,
      headers: xmlHeaders,
      query: { signature: 'None', validate: true },
    });
    expect(refused.status).toBe(422);
    // Checked as it would be sent with a mode under which the service signs it, the same file passes.
    for (const signature of ['Auto', 'Apply', 'Force']) {
      const asSent = await caller.post('/v1/send/validate/xml', {
        body: xml,
        headers: xmlHeaders,
        query: { signature },
      });
      expect(asSent.status).toBe(204);
    }
  });

  it.each(['Apply', 'Force', 'Auto'])('delivers an FPA12 signed with signature=%s', async (signature) => {
    const seed = 7010 + ['Apply', 'Force', 'Auto'].indexOf(signature);
    const xml = invoiceXml({ supplierVat: italianVat(seed), format: 'FPA12' });
    const send = await settled(await submit(caller, { xml, query: { signature } }));
    expect(send.latest_state).not.toBe('Scartato');
    expect(send.file_name).toMatch(/\.xml\.p7m$/);
  });

  it('does not ask FPR12 invoices for a signature', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(7020) });
    const send = await settled(await submit(caller, { xml, query: { signature: 'None' } }));
    expect(send.latest_state).toBe('ImpossibilitaDiRecapito');
  });
});

describe('a discard stops at the first failing stage', () => {
  it('lists only the schema errors of a file that also breaks content rules; validate lists everything', async () => {
    const xml = brokenAtEveryStage(7101);
    const send = await settled(await submit(caller, { xml, query: { signature: 'None' } }));
    const errors = (await updatesOf(caller, send.id))[1]!.errors!;
    expect(errors.map((e) => e.code)).toEqual(['00200']);
    await checkNotifications(caller, send);

    const validated = await caller.post<ProblemDetails>('/v1/send/validate/xml', {
      body: xml,
      headers: xmlHeaders,
    });
    expect(validated.status).toBe(422);
    expect(validated.body.errors!.map((e) => e.code)).toEqual(expect.arrayContaining(['00200', '00421']));
  });

  it('validates an unsigned FPA12 as a send with the same defaults treats it: 204, then 201 and signed', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(7004), format: 'FPA12', number: 'AGREE-1' });
    for (const path of ['/v1/send/validate/xml', '/v1/send/validate']) {
      const validated = await caller.post(path, {
        ...(path.endsWith('/xml') ? { body: xml, headers: xmlHeaders } : { json: { payload: xml } }),
      });
      expect(validated.status, path).toBe(204);
    }
    const sent = await caller.post<Send>('/v1/send/xml', { body: xml, headers: xmlHeaders });
    expect(sent.status).toBe(201);
    expect(sent.body.file_name).toMatch(/\.xml\.p7m$/);
  });

  it('lists only the signature error of an unsigned FPA12 with schema and content errors', async () => {
    const xml = brokenAtEveryStage(7102, 'FPA12');
    const send = await settled(await submit(caller, { xml, query: { signature: 'None' } }));
    const errors = (await updatesOf(caller, send.id))[1]!.errors!;
    expect(errors.map((e) => e.code)).toEqual(['00102']);
    const validated = await caller.post<ProblemDetails>('/v1/send/validate/xml', {
      body: xml,
      headers: xmlHeaders,
      query: { signature: 'None' },
    });
    expect(validated.body.errors!.map((e) => e.code)).toEqual(
      expect.arrayContaining(['00102', '00200', '00421']),
    );
  });

  it('catches the same invoice twice in one file on /send/validate too (00409)', async () => {
    const xml = invoiceXml({
      supplierVat: italianVat(7103),
      number: 'TWICE-1',
      date: '2025-01-15',
      moreDocuments: [{ number: 'TWICE-1', date: '2025-01-15' }],
    });
    const validated = await caller.post<ProblemDetails>('/v1/send/validate/xml', {
      body: xml,
      headers: xmlHeaders,
    });
    expect(validated.status).toBe(422);
    expect(validated.body.errors).toEqual([
      expect.objectContaining({ code: '00409', path: expect.stringContaining('FatturaElettronicaBody[2]') }),
    ]);
    expect(validated.body.errors![0]!.description).toContain('TWICE-1');
    const send = await settled(await submit(caller, { xml }));
    expect((await updatesOf(caller, send.id))[1]!.errors!.map((e) => e.code)).toEqual(['00409']);
  });
});

/**
 * TD29 (technical specifications 1.9, from 1 April 2025): the buyer reports to the Agenzia an invoice its supplier
 * did not issue, or issued wrong. 1.9 extends 00471, 00473 and 00475 to it (docs/sdi-checks.md names the sources).
 * The buyer transmits the file, so the transmitter is the buyer here.
 */
function td29(options: InvoiceOptions): string {
  const json = invoiceJson({ tipoDocumento: 'TD29', date: '2026-02-27', ...options });
  const buyerVat = options.customerVat ?? italianVat(7499);
  json.FatturaElettronicaHeader.DatiTrasmissione.IdTrasmittente = {
    IdPaese: 'IT',
    IdCodice: buyerVat.slice(2),
  };
  return invoiceToXml(json);
}

describe('TD29, the report of an invoice not issued or irregular (specifications 1.9)', () => {
  it.each([
    [
      '00471',
      'the supplier reported is the buyer itself',
      { supplierVat: italianVat(7401), customerVat: italianVat(7401) },
    ],
    ['00473', 'the supplier is not Italian', { supplierVat: 'FR12345678901', customerVat: italianVat(7402) }],
    [
      '00475',
      'the buyer gives no VAT number',
      { supplierVat: italianVat(7403), customerVat: undefined, customerFiscalCode: 'RSSMRA80A01H501U' },
    ],
  ] as const)('%s when %s: refused by /send/validate, discarded by SDI', async (code, _why, parties) => {
    const xml = td29({ ...parties, number: `TD29-${code}` });
    const validated = await caller.post<ProblemDetails>('/v1/send/validate/xml', {
      body: xml,
      headers: xmlHeaders,
    });
    expect(validated.status).toBe(422);
    expect(validated.body.errors!.map((e) => e.code)).toEqual([code]);
    const send = await settled(await submit(caller, { xml }));
    expect(send.latest_state).toBe('Scartato');
    expect((await updatesOf(caller, send.id))[1]!.errors!.map((e) => e.code)).toEqual([code]);
  });

  it('passes a report on an Italian supplier, by a buyer with its VAT number', async () => {
    const xml = td29({ supplierVat: italianVat(7404), customerVat: italianVat(7405), number: 'TD29-OK' });
    const validated = await caller.post('/v1/send/validate/xml', { body: xml, headers: xmlHeaders });
    expect(validated.status).toBe(204);
    // To the Agenzia only: CodiceDestinatario 0000000 without PEC, so the buyer's reserved area.
    expect((await settled(await submit(caller, { xml }))).latest_state).toBe('ImpossibilitaDiRecapito');
  });
});

describe('MC notifications', () => {
  it('carry their Descrizione, repeated by the Update', async () => {
    const send = await settled(await submit(caller, { supplierVat: italianVat(7201) }));
    expect(send.latest_state).toBe('ImpossibilitaDiRecapito');
    const update = (await updatesOf(caller, send.id)).find((u) => u.state === 'ImpossibilitaDiRecapito')!;
    const xml = (await caller.get(`/v1/update/${update.id}/notification`)).text;
    expect(xml).toContain(`<Descrizione>${update.description}</Descrizione>`);
    await checkNotifications(caller, send);
  });
});

describe('ids', () => {
  it('are never given again after retention purged the rows that had them', async () => {
    const first = await settled(await submit(caller, { supplierVat: italianVat(7301), number: 'ID-1' }));
    const firstUpdates = await updatesOf(caller, first.id);
    const log = await caller.get<{ id: number }[]>('/v1/log', { query: { sort: '-id', page_size: 1 } });
    const lastEvent = log.body[0]!.id;
    // Sends go 15 days after their last update once SDI is done; the request log after 15 days.
    await advance(caller, '17d');
    expect((await caller.get(`/v1/send/${first.id}`)).status).toBe(404);
    const again = await settled(await submit(caller, { supplierVat: italianVat(7301), number: 'ID-2' }));
    expect(again.id).toBeGreaterThan(first.id);
    const againUpdates = await updatesOf(caller, again.id);
    expect(againUpdates[0]!.id).toBeGreaterThan(firstUpdates.at(-1)!.id);
    const newLog = await caller.get<{ id: number }[]>('/v1/log', { query: { sort: '-id', page_size: 1 } });
    expect(newLog.body[0]!.id).toBeGreaterThan(lastEvent);
  });
});
