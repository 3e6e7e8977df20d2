import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Receive, ReceiveNotification, Send } from '../../../src/shared/api/types.ts';
import { parseNotification } from '../../../src/sandbox-server/sdi/notifications/index.ts';
import { italianVat } from '../../support/invoices.ts';
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
  submit,
  updatesOf,
  type SubmitOptions,
} from './sdi-sandbox.ts';

/**
 * The files SDI sends the recipient of an invoice besides the invoice (sdi-rules.md §a, §c): the metadata file
 * (MT) that comes with every invoice.
 */

warnIfReferenceMissing('SDI files to the recipient');

let sandbox: TestSandbox;
let sender: ApiCaller;
let recipient: ApiCaller;
let seed = 52_000;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  sender = sandbox.caller('mt-sender');
  recipient = sandbox.caller('mt-recipient');
});
afterAll(async () => {
  disposeValidators();
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
