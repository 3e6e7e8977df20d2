import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
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
