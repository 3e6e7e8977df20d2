import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsitoOutcome, Receive, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators, warnIfReferenceMissing } from './notifications/reference-schemas.ts';
import {
  advance,
  checkNotifications,
  registerCompany,
  sendOf,
  startSdiSandbox,
  statesOf,
  submit,
  updatesOf,
  type SubmitOptions,
} from './sdi-sandbox.ts';

warnIfReferenceMissing('SDI routing');

let sandbox: TestSandbox;
let sender: ApiCaller;
let recipient: ApiCaller;
let seed = 10_000;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  sender = sandbox.caller('sender');
  recipient = sandbox.caller('recipient');
});
afterAll(async () => {
  disposeValidators();
  await sandbox.close();
});

/** A fresh supplier/customer pair per invoice, so no two invoices are duplicates of each other. */
function parties(): { supplierVat: string; customerVat: string } {
  seed += 2;
  return { supplierVat: italianVat(seed), customerVat: italianVat(seed + 1) };
}

async function sendAndSettle(options: SubmitOptions, by: ApiCaller = sender): Promise<Send> {
  const send = await submit(by, { ...parties(), ...options });
  await advance(by);
  return sendOf(by, send.id);
}

describe('where an invoice goes (B2B, FPR12)', () => {
  it('to a company registered in another account: a Receive there with the same identifier, then Consegnato', async () => {
    const { supplierVat, customerVat } = parties();
    const company = await registerCompany(recipient, customerVat, 'Destinatario Locale Srl');
    const send = await sendAndSettle({
      supplierVat,
      customerVat,
      codiceDestinatario: 'ABC1234',
      number: 'L-1',
    });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato']);
    expect(send.latest_state).toBe('Consegnato');
    expect(send.identifier).toMatch(/^[1-9]\d{11}$/);
    const inbox = await recipient.get<Receive[]>('/v1/receive', { query: { identifier: send.identifier! } });
    expect(inbox.body).toHaveLength(1);
    expect(inbox.body[0]).toMatchObject({ company_id: company.id, document_number: 'L-1', is_read: false });
    expect(inbox.body[0]!.message_id).toMatch(/^\d{12}$/);
    expect(await checkNotifications(sender, send)).toEqual([send.file_name!.replace('.xml', '_RC_001.xml')]);
  });

  it('to the SCAMBIO channel for an unregistered recipient: Consegnato, held until the company registers', async () => {
    const { supplierVat, customerVat } = parties();
    const send = await sendAndSettle({
      supplierVat,
      customerVat,
      codiceDestinatario: 'SCAMBIO',
      number: 'S-1',
    });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato']);
    const held = await sender.get<{ recipient: string; identifier: string }[]>('/_sandbox/held', {
      unchecked: true,
    });
    expect(held.body).toContainEqual(
      expect.objectContaining({ recipient: customerVat, identifier: send.identifier }),
    );
    const late = sandbox.caller('late-registrant');
    await registerCompany(late, customerVat);
    const inbox = await late.get<Receive[]>('/v1/receive');
    expect(inbox.body.map((r) => [r.identifier, r.document_number])).toEqual([[send.identifier, 'S-1']]);
    await checkNotifications(sender, send);
  });

  it('with 0000000 and no PEC to a recipient nobody registered: ImpossibilitaDiRecapito', async () => {
    const send = await sendAndSettle({ codiceDestinatario: '0000000' });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'ImpossibilitaDiRecapito']);
    const [name] = await checkNotifications(sender, send);
    expect(name).toMatch(/_MC_001\.xml$/);
  });

  it('with XXXXXXX to a foreign buyer: ImpossibilitaDiRecapito', async () => {
    const send = await sendAndSettle({ codiceDestinatario: 'XXXXXXX', customerVat: 'DE123456789' });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'ImpossibilitaDiRecapito']);
    await checkNotifications(sender, send);
  });

  it('with 0000000 and a PEC address: the outside recipient gets it, Consegnato', async () => {
    const send = await sendAndSettle({ codiceDestinatario: '0000000', pec: 'fatture@pec.example.it' });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato']);
    await checkNotifications(sender, send);
  });

  it('with any other channel code: Consegnato, with the SHA-256 of the file in the receipt', async () => {
    const send = await sendAndSettle({ codiceDestinatario: 'M5UXCR1' });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato']);
    const [update] = (await updatesOf(sender, send.id)).slice(-1);
    const receipt = await sender.get(`/v1/update/${update!.id}/notification`);
    const payload = await sender.get(`/v1/send/${send.id}/payload`);
    const sha = createHash('sha256').update(payload.text, 'utf8').digest('hex');
    expect(receipt.text).toContain(`<Hash>${sha}</Hash>`);
  });
});

describe('where an invoice goes (PA, FPA12)', () => {
  it('to a local PA recipient: Consegnato, and its outcome becomes the sender’s state', async () => {
    const { supplierVat, customerVat } = parties();
    await registerCompany(recipient, customerVat, 'Comune di Prova');
    const send = await sendAndSettle({
      supplierVat,
      customerVat,
      format: 'FPA12',
      codiceDestinatario: 'AAAAAA',
    });
    expect(send.latest_state).toBe('Consegnato');
    const receive = (
      await recipient.get<Receive[]>('/v1/receive', { query: { identifier: send.identifier! } })
    ).body[0]!;
    const answer = await recipient.post(`/_sandbox/receive/${receive.id}/esito`, {
      json: { esito: 'EC01' },
      unchecked: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      identifier: send.identifier,
      esito: 'EC01',
      state: 'AccettatoDalDestinatario',
    });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato', 'AccettatoDalDestinatario']);
    expect(await checkNotifications(sender, send)).toEqual([
      send.file_name!.replace('.xml.p7m', '_RC_001.xml'),
      send.file_name!.replace('.xml.p7m', '_NE_002.xml'),
    ]);
  });

  it('to any other office: Consegnato, then waits for an outcome or day 15', async () => {
    const send = await sendAndSettle({ format: 'FPA12', codiceDestinatario: 'AAAAAA' });
    expect(send.file_name).toMatch(/\.xml\.p7m$/);
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato']);
    const answer = await sender.post(`/_sandbox/send/${send.id}/esito`, {
      json: { esito: 'EC02', description: 'Importo errato' },
      unchecked: true,
    });
    expect(answer.status).toBe(200);
    const updates = await updatesOf(sender, send.id);
    expect(updates.map((u) => [u.state, u.description])).toEqual([
      ['Inviato', expect.any(String)],
      ['Consegnato', expect.any(String)],
      ['RifiutatoDalDestinatario', 'Importo errato'],
    ]);
    await checkNotifications(sender, send);
  });
});

describe('magic CodiceDestinatario values (test keys)', () => {
  it('SBXMC01 (FPR12): ImpossibilitaDiRecapito even to a reachable, registered recipient', async () => {
    const { supplierVat, customerVat } = parties();
    await registerCompany(recipient, customerVat);
    const send = await sendAndSettle({ supplierVat, customerVat, codiceDestinatario: 'SBXMC01' });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'ImpossibilitaDiRecapito']);
    expect(
      (await recipient.get<Receive[]>('/v1/receive', { query: { identifier: send.identifier! } })).body,
    ).toEqual([]);
    await checkNotifications(sender, send);
  });

  it('SBXACC (FPA12): Consegnato, then at once AccettatoDalDestinatario', async () => {
    const send = await sendAndSettle({ format: 'FPA12', codiceDestinatario: 'SBXACC' });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato', 'AccettatoDalDestinatario']);
    await checkNotifications(sender, send);
  });

  it('SBXRIF (FPA12): Consegnato, then at once RifiutatoDalDestinatario with the sandbox description', async () => {
    const send = await sendAndSettle({ format: 'FPA12', codiceDestinatario: 'SBXRIF' });
    const updates = await updatesOf(sender, send.id);
    expect(updates.map((u) => u.state)).toEqual(['Inviato', 'Consegnato', 'RifiutatoDalDestinatario']);
    expect(updates[2]!.description).toBe('Rifiutata dal destinatario (sandbox)');
    const notification = await sender.get(`/v1/update/${updates[2]!.id}/notification`);
    expect(notification.text).toContain('<Esito>EC02</Esito>');
    expect(notification.text).toContain('<Descrizione>Rifiutata dal destinatario (sandbox)</Descrizione>');
    await checkNotifications(sender, send);
  });

  it('SBXNCO (FPA12): NonConsegnato, then on day 10 AttestazioneTrasmissioneFattura', async () => {
    const send = await sendAndSettle({ format: 'FPA12', codiceDestinatario: 'SBXNCO' });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'NonConsegnato']);
    await advance(sender, '9d');
    expect((await sendOf(sender, send.id)).latest_state).toBe('NonConsegnato');
    await advance(sender, '1d');
    expect(await statesOf(sender, send.id)).toEqual([
      'Inviato',
      'NonConsegnato',
      'AttestazioneTrasmissioneFattura',
    ]);
    const stem = send.file_name!.replace('.xml.p7m', '');
    expect(await checkNotifications(sender, send)).toEqual([`${stem}_MC_001.xml`, `${stem}_AT_002.xml`]);
  });

  it('any other 6-character office (FPA12): Consegnato, then DecorrenzaTermini on day 15', async () => {
    const send = await sendAndSettle({ format: 'FPA12', codiceDestinatario: 'UFPQ1O' });
    await advance(sender, '14d');
    expect((await sendOf(sender, send.id)).latest_state).toBe('Consegnato');
    await advance(sender, '1d');
    const updates = await updatesOf(sender, send.id);
    expect(updates.map((u) => u.state)).toEqual(['Inviato', 'Consegnato', 'DecorrenzaTermini']);
    expect(Date.parse(updates[2]!.last_update) - Date.parse(updates[1]!.last_update)).toBe(15 * 86_400_000);
    // SDI refuses a late outcome with an SE EN01 to the office; the invoice stays DecorrenzaTermini.
    const late = await sender.post<EsitoOutcome>(`/_sandbox/send/${send.id}/esito`, {
      json: { esito: 'EC01' },
    });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ state: 'DecorrenzaTermini', scarto: { code: 'EN01' } });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato', 'DecorrenzaTermini']);
    await checkNotifications(sender, send);
  });
});

describe('the Sandbox-Scenario header (test keys)', () => {
  it('scarto=00404 discards the invoice with that code', async () => {
    const send = await sendAndSettle({ headers: { 'Sandbox-Scenario': 'scarto=00404' } });
    const updates = await updatesOf(sender, send.id);
    expect(updates.map((u) => u.state)).toEqual(['Inviato', 'Scartato']);
    expect(updates[1]!.errors!.map((e) => e.code)).toEqual(['00404']);
    await checkNotifications(sender, send);
  });

  it('reaches the SDI from every upload endpoint (JSON, multipart)', async () => {
    const headers = { 'Sandbox-Scenario': 'scarto=00403' };
    const json = await sender.post<Send>('/v1/send', {
      json: { payload: invoiceXml(parties()) },
      headers,
    });
    const form = new FormData();
    form.append('file', new Blob([invoiceXml(parties())]), 'IT12345678903_R0001.xml');
    const multipart = await sender.post<Send>('/v1/send/file', { body: form, headers });
    expect([json.status, multipart.status]).toEqual([201, 201]);
    await advance(sender);
    for (const send of [json.body, multipart.body]) {
      const [, scarto] = await updatesOf(sender, send.id);
      expect(scarto!.errors!.map((e) => e.code)).toEqual(['00403']);
    }
  });

  it('deliver=ImpossibilitaDiRecapito overrides a reachable code', async () => {
    const send = await sendAndSettle({
      codiceDestinatario: 'ABC1234',
      headers: { 'Sandbox-Scenario': 'deliver=ImpossibilitaDiRecapito' },
    });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'ImpossibilitaDiRecapito']);
  });

  it('esito=EC02 makes a PA recipient refuse at once', async () => {
    const send = await sendAndSettle({
      format: 'FPA12',
      codiceDestinatario: 'AAAAAA',
      headers: { 'Sandbox-Scenario': 'esito=EC02' },
    });
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato', 'RifiutatoDalDestinatario']);
  });

  it('delay=30s makes SDI wait 30 seconds of sandbox time', async () => {
    const send = await submit(sender, { ...parties(), headers: { 'Sandbox-Scenario': 'delay=30s' } });
    await advance(sender, '29s');
    expect((await sendOf(sender, send.id)).latest_state).toBeNull();
    await advance(sender, '1s');
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'ImpossibilitaDiRecapito']);
  });

  it('answers 400 naming the header when it is malformed', async () => {
    const res = await sender.post('/v1/send/xml', {
      body: 'irrelevant',
      headers: { 'content-type': 'application/xml', 'Sandbox-Scenario': 'esito=EC09' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ parameter: 'Sandbox-Scenario' });
  });
});

describe('a live key', () => {
  it('treats magic values and the Sandbox-Scenario header as ordinary', async () => {
    const live = sandbox.caller('sender', 'live');
    const accepted = await submit(live, { ...parties(), format: 'FPA12', codiceDestinatario: 'SBXACC' });
    const unreachable = await submit(live, {
      ...parties(),
      codiceDestinatario: 'SBXMC01',
      headers: { 'Sandbox-Scenario': 'scarto=00404' },
    });
    await sandbox.server.services.jobs.runDue();
    expect(await statesOf(live, accepted.id)).toEqual(['Inviato', 'Consegnato']);
    expect(await statesOf(live, unreachable.id)).toEqual(['Inviato', 'Consegnato']);
  });

  it('gets 403 from every /_sandbox call', async () => {
    const live = sandbox.caller('sender', 'live');
    for (const [method, path] of [
      ['GET', '/_sandbox/clock'],
      ['POST', '/_sandbox/clock'],
      ['GET', '/_sandbox/queue'],
      ['GET', '/_sandbox/held'],
      ['POST', '/_sandbox/reset'],
    ] as const) {
      const res = await live.call(method, path, {
        ...(method === 'POST' ? { json: {} } : {}),
        unchecked: true,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});
