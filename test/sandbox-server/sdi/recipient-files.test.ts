import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EsitoOutcome,
  ProblemDetails,
  Receive,
  ReceiveNotification,
  Send,
} from '../../../src/shared/api/types.ts';
import { parseNotification } from '../../../src/sandbox-server/sdi/notifications/index.ts';
import { sandboxCaPaths } from '../../../src/sandbox-server/signing/index.ts';
import { italianVat } from '../../support/invoices.ts';
import { XMLSEC, xmlsecVerify } from '../../support/system-tools.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import {
  disposeValidators,
  referenceAvailable,
  schemaErrors,
  warnIfReferenceMissing,
} from './notifications/reference-schemas.ts';
import {
  advance,
  invoiceWith,
  registerCompany,
  sendOf,
  startSdiSandbox,
  statesOf,
  submit,
  updatesOf,
  type SubmitOptions,
} from './sdi-sandbox.ts';

/**
 * The files SDI sends the recipient of an invoice besides the invoice (sdi-rules.md §a, §c): the metadata file
 * (MT) that comes with every invoice, and the ScartoEsitoCommittente (SE) with which SDI refuses an outcome.
 */

warnIfReferenceMissing('SDI files to the recipient');

let sandbox: TestSandbox;
let sender: ApiCaller;
let recipient: ApiCaller;
let work: string;
let seed = 52_000;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  sender = sandbox.caller('mt-sender');
  recipient = sandbox.caller('mt-recipient');
  // The administration's office is in the sandbox's IPA directory, or SDI would discard its invoices (00311).
  const office = await sender.post('/_sandbox/pa-offices', {
    json: { code: 'UFY9MH', name: 'Comune di Esempio' },
    unchecked: true,
  });
  expect(office.status).toBe(201);
  work = mkdtempSync(join(tmpdir(), 'scambio-recipient-files-'));
});
afterAll(async () => {
  disposeValidators();
  rmSync(work, { recursive: true, force: true });
  await sandbox.close();
});

function parties(): { supplierVat: string; customerVat: string } {
  seed += 2;
  return { supplierVat: italianVat(seed), customerVat: italianVat(seed + 1) };
}

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const attachmentName = (headers: Headers) =>
  /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1];

/** Sends an invoice from `sender` to a company `recipient` registers; the Receive it became. */
async function deliveredLocally(options: SubmitOptions): Promise<{ send: Send; receive: Receive }> {
  const { supplierVat, customerVat } = parties();
  await registerCompany(recipient, customerVat, 'Destinatario Srl');
  const submitted = await submit(sender, { supplierVat, customerVat, ...options });
  await advance(sender);
  const send = await sendOf(sender, submitted.id);
  expect(send.latest_state).toBe('Consegnato');
  const [receive] = (
    await recipient.get<Receive[]>('/v1/receive', { query: { identifier: send.identifier! } })
  ).body;
  expect(receive).toBeDefined();
  return { send, receive: receive! };
}

async function filesOf(receive: Receive): Promise<ReceiveNotification[]> {
  const res = await recipient.get<ReceiveNotification[]>(`/v1/receive/${receive.id}/notifications`);
  expect(res.status).toBe(200);
  return res.body;
}

async function metadataOf(receive: Receive): Promise<{ name: string | undefined; xml: string }> {
  const res = await recipient.get(`/v1/receive/${receive.id}/metadata`);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  return { name: attachmentName(res.headers), xml: res.text };
}

/** xmlsec1's verdict on a file SDI signed, trusting only the data folder's sandbox CA. */
function verifiesWithSandboxCa(fileName: string, xml: string): boolean {
  const path = join(work, fileName);
  writeFileSync(path, xml);
  const result = xmlsecVerify(path, sandboxCaPaths(sandbox.dataDir).certificatePem);
  expect(result.output).toMatch(/SignedInfo References \(ok\/all\): 3\/3/);
  return result.ok;
}

function checkSignature(fileName: string, xml: string): void {
  if (!XMLSEC.present) {
    if (process.env.SCAMBIO_REQUIRE_XMLSEC === '1') throw new Error('xmlsec1 required');
    console.warn('[SDI files to the recipient] xmlsec1 missing: signature not verified');
    return;
  }
  expect(verifiesWithSandboxCa(fileName, xml), fileName).toBe(true);
}

describe('the metadata file (MT) SDI delivers with every invoice', () => {
  it('comes with a B2B invoice: FileMetadati with the file’s SHA-256, unsigned as SDI’s, valid', async () => {
    const { send, receive } = await deliveredLocally({ codiceDestinatario: 'ABC1234', number: 'MT-1' });
    const stem = receive.file_name!.replace(/\.xml$/, '');
    expect(await filesOf(receive)).toEqual([
      {
        type: 'MT',
        file_name: `${stem}_MT_001.xml`,
        message_id: receive.message_id,
        created: receive.created,
      },
    ]);

    const { name, xml } = await metadataOf(receive);
    expect(name).toBe(`${stem}_MT_001.xml`);
    const payload = (await recipient.get<string>(`/v1/receive/${receive.id}/payload`)).text;
    const parsed = parseNotification(xml);
    expect(parsed).toMatchObject({
      type: 'MT',
      family: 'b2b',
      rootElement: 'FileMetadati',
      identificativoSdI: send.identifier,
      nomeFile: receive.file_name,
      messageId: receive.message_id,
      hash: sha256(payload),
      signed: false,
    });
    expect(xml).toContain('<CodiceDestinatario>ABC1234</CodiceDestinatario>');
    expect(xml).toContain('<Formato>FPR12</Formato>');
    expect(xml).toContain('<TentativiInvio>1</TentativiInvio>');
    // The transmitter's RicevutaConsegna names the very same file.
    const rc = await sender.get(`/v1/update/${(await updatesOf(sender, send.id))[1]!.id}/notification`);
    expect(parseNotification(rc.text).hash).toBe(sha256(payload));
    if (referenceAvailable) expect(schemaErrors('b2b', xml)).toEqual([]);
  });

  it('comes with an invoice from an outside supplier, hashed as posted, and does not mark it read', async () => {
    const { customerVat } = parties();
    await registerCompany(recipient, customerVat, 'Ricevente Srl');
    const xml = invoiceWith({
      supplierVat: italianVat(90_000 + seed),
      customerVat,
      codiceDestinatario: 'KRRH6B9',
    });
    const res = await recipient.post<{ delivered: Receive }>('/_sandbox/inbound', {
      json: { payload: Buffer.from(xml).toString('base64') },
      unchecked: true,
    });
    expect(res.status).toBe(201);
    const receive = res.body.delivered;
    const metadata = await metadataOf(receive);
    expect(parseNotification(metadata.xml)).toMatchObject({
      type: 'MT',
      identificativoSdI: receive.identifier,
      hash: sha256(xml),
    });
    expect(metadata.xml).toContain('<CodiceDestinatario>KRRH6B9</CodiceDestinatario>');
    if (referenceAvailable) expect(schemaErrors('b2b', metadata.xml)).toEqual([]);
    expect((await recipient.get<Receive>(`/v1/receive/${receive.id}`)).body.is_read).toBe(false);
  });

  it('comes with a PA invoice: MetadatiInvioFile, valid against MessaggiTypes_v1.1', async () => {
    const { send, receive } = await deliveredLocally({ format: 'FPA12', codiceDestinatario: 'UFY9MH' });
    expect(receive.file_name).toMatch(/\.xml\.p7m$/);
    const { name, xml } = await metadataOf(receive);
    expect(name).toBe(receive.file_name!.replace(/\.xml\.p7m$/, '_MT_001.xml'));
    expect(parseNotification(xml)).toMatchObject({
      type: 'MT',
      family: 'pa',
      rootElement: 'MetadatiInvioFile',
      identificativoSdI: send.identifier,
      nomeFile: receive.file_name,
      messageId: receive.message_id,
      signed: false,
    });
    // The PA schema has no Hash in MetadatiInvioFile.
    expect(xml).not.toContain('<Hash>');
    expect(xml).toContain('<CodiceDestinatario>UFY9MH</CodiceDestinatario>');
    expect(xml).toContain('<Formato>FPA12</Formato>');
    if (referenceAvailable) expect(schemaErrors('paStrict', xml)).toEqual([]);
  });

  it('is the caller’s own: 404 for another account, and for a file SDI never sent', async () => {
    const { receive } = await deliveredLocally({ codiceDestinatario: 'ABC1234', number: 'MT-4' });
    const stranger = sandbox.caller('mt-stranger');
    for (const path of [
      `/v1/receive/${receive.id}/metadata`,
      `/v1/receive/${receive.id}/notifications`,
      `/v1/receive/${receive.id}/notifications/${(await filesOf(receive))[0]!.file_name}`,
    ]) {
      expect((await stranger.get<ProblemDetails>(path)).status, path).toBe(404);
    }
    const missing = await recipient.get<ProblemDetails>(
      `/v1/receive/${receive.id}/notifications/${receive.file_name!.replace('.xml', '_SE_001.xml')}`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain('_SE_001.xml');
  });
});

describe('the ScartoEsitoCommittente (SE) SDI answers an outcome it cannot admit', () => {
  it('after the 15 days, to a local PA office: 200 with a signed SE EN01 among its files; the sender sees nothing', async () => {
    const { send, receive } = await deliveredLocally({ format: 'FPA12', codiceDestinatario: 'UFY9MH' });
    await advance(sender, '15d');
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato', 'DecorrenzaTermini']);

    const answer = await recipient.post<EsitoOutcome>(`/_sandbox/receive/${receive.id}/esito`, {
      json: { esito: 'EC01' },
    });
    expect(answer.status, answer.text).toBe(200);
    const stem = receive.file_name!.replace(/\.xml\.p7m$/, '');
    expect(answer.body).toMatchObject({
      identifier: send.identifier,
      esito: 'EC01',
      state: 'DecorrenzaTermini',
      scarto: {
        code: 'EN01',
        note: expect.stringContaining('15 giorni'),
        file_name: `${stem}_SE_002.xml`,
        message_id: expect.stringMatching(/^\d{12}$/),
      },
    });
    const scarto = answer.body.scarto!;
    expect((await filesOf(receive)).map((f) => [f.type, f.file_name, f.message_id])).toEqual([
      ['MT', `${stem}_MT_001.xml`, receive.message_id],
      ['SE', scarto.file_name, scarto.message_id],
    ]);

    const file = await recipient.get(`/v1/receive/${receive.id}/notifications/${scarto.file_name}`);
    expect(file.status).toBe(200);
    expect(attachmentName(file.headers)).toBe(scarto.file_name);
    expect(file.text).toBe(scarto.xml);
    expect(parseNotification(file.text)).toMatchObject({
      type: 'SE',
      family: 'pa',
      rootElement: 'ScartoEsitoCommittente',
      identificativoSdI: send.identifier,
      messageId: scarto.message_id,
      scarto: 'EN01',
      note: scarto.note,
      signed: true,
    });
    if (referenceAvailable) expect(schemaErrors('paStrict', file.text)).toEqual([]);
    checkSignature(scarto.file_name, file.text);

    // SDI sends the SE to the office only: the invoice stays DecorrenzaTermini, without a NotificaEsito.
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato', 'DecorrenzaTermini']);
  });

  it('to an outside PA office answering twice: the first outcome goes through, each later one gets its own SE', async () => {
    const submitted = await submit(sender, { ...parties(), format: 'FPA12', codiceDestinatario: 'UFY9MH' });
    await advance(sender);
    const send = await sendOf(sender, submitted.id);
    const esito = (json: object) => sender.post<EsitoOutcome>(`/_sandbox/send/${send.id}/esito`, { json });

    const first = await esito({ esito: 'EC02', description: 'Importo errato' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ state: 'RifiutatoDalDestinatario', scarto: null });

    const stem = send.file_name!.replace(/\.xml\.p7m$/, '');
    for (const progressive of ['001', '002']) {
      const again = await esito({ esito: 'EC01' });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        state: 'RifiutatoDalDestinatario',
        scarto: {
          code: 'EN01',
          file_name: `${stem}_SE_${progressive}.xml`,
          note: expect.stringContaining('già'),
        },
      });
      const xml = again.body.scarto!.xml;
      expect(parseNotification(xml)).toMatchObject({ type: 'SE', identificativoSdI: send.identifier });
      if (referenceAvailable) expect(schemaErrors('paStrict', xml)).toEqual([]);
      checkSignature(`outside-${progressive}.xml`, xml);
    }
    expect(await statesOf(sender, send.id)).toEqual(['Inviato', 'Consegnato', 'RifiutatoDalDestinatario']);
  });

  it('is no answer to an outcome about an invoice SDI has not taken yet, nor about a B2B invoice: 409', async () => {
    const waiting = await submit(sender, {
      ...parties(),
      format: 'FPA12',
      headers: { 'Sandbox-Scenario': 'delay=1h' },
    });
    const early = await sender.post<ProblemDetails>(`/_sandbox/send/${waiting.id}/esito`, {
      json: { esito: 'EC01' },
    });
    expect(early.status).toBe(409);
    expect(early.body.detail).toContain('SDI');

    const { receive } = await deliveredLocally({ codiceDestinatario: 'ABC1234', number: 'SE-B2B' });
    const b2b = await recipient.post<ProblemDetails>(`/_sandbox/receive/${receive.id}/esito`, {
      json: { esito: 'EC01' },
    });
    expect(b2b.status).toBe(409);
    expect((await filesOf(receive)).map((f) => f.type)).toEqual(['MT']);
  });
});
