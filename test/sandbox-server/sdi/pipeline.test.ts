import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsitoOutcome, Receive, Send } from '../../../src/shared/api/types.ts';
import { createAesGcmSecretBox } from '../../../src/sandbox-server/crypto/secret-box.ts';
import { SandboxSigner } from '../../../src/sandbox-server/signing/index.ts';
import type { AccountStatus } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators } from './notifications/reference-schemas.ts';
import {
  advance,
  checkNotifications,
  registerCompany,
  sendOf,
  START,
  startSdiSandbox,
  statesOf,
  submit,
  updatesOf,
} from './sdi-sandbox.ts';

let sandbox: TestSandbox;
let alpha: ApiCaller;
let beta: ApiCaller;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  alpha = sandbox.caller('alpha');
  beta = sandbox.caller('beta');
});
afterAll(async () => {
  disposeValidators();
  await sandbox.close();
});

async function settled(caller: ApiCaller, send: Send): Promise<Send> {
  await advance(caller);
  return sendOf(caller, send.id);
}

describe('the SDI checks', () => {
  it('discards a second invoice with the same supplier, number, date and type as an accepted one (00404)', async () => {
    const options = { supplierVat: italianVat(501), customerVat: italianVat(502), number: 'DUP-1' };
    const first = await settled(alpha, await submit(alpha, options));
    expect(first.latest_state).toBe('ImpossibilitaDiRecapito');
    const second = await settled(alpha, await submit(alpha, options));
    const updates = await updatesOf(alpha, second.id);
    expect(updates.map((u) => u.state)).toEqual(['Inviato', 'Scartato']);
    expect(updates[1]!.errors).toEqual([
      { code: '00404', description: expect.stringContaining('DUP-1'), hint: expect.any(String) },
    ]);
    expect(updates[1]!.description).toContain('00404');
    await checkNotifications(alpha, second);
  });

  it('lets a discarded invoice be corrected and sent again: a new Send, the old one keeps its history', async () => {
    const options = { supplierVat: italianVat(511), customerVat: italianVat(512), number: 'FIX-1' };
    const wrong = invoiceXml(options).replace(
      '<PrezzoTotale>100.00</PrezzoTotale>',
      '<PrezzoTotale>90.00</PrezzoTotale>',
    );
    const discarded = await settled(alpha, await submit(alpha, { xml: wrong }));
    expect(discarded.latest_state).toBe('Scartato');
    const codes = (await updatesOf(alpha, discarded.id))[1]!.errors!.map((e) => e.code);
    expect(codes).toContain('00423');

    // Same number and date: not a duplicate, since the first one was never accepted.
    const corrected = await settled(alpha, await submit(alpha, options));
    expect(corrected.id).not.toBe(discarded.id);
    expect(corrected.latest_state).toBe('ImpossibilitaDiRecapito');
    expect(await statesOf(alpha, discarded.id)).toEqual(['Inviato', 'Scartato']);
  });

  it('lists every error in the NotificaScarto', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(521), number: 'TWO-1' })
      .replace('<PrezzoTotale>100.00</PrezzoTotale>', '<PrezzoTotale>90.00</PrezzoTotale>')
      .replace('<Imposta>22.00</Imposta>', '<Imposta>25.00</Imposta>');
    const send = await settled(alpha, await submit(alpha, { xml }));
    const [, scarto] = await updatesOf(alpha, send.id);
    const codes = scarto!.errors!.map((e) => e.code);
    expect(codes).toEqual(expect.arrayContaining(['00421', '00423']));
    const file = await alpha.get(`/v1/update/${scarto!.id}/notification`);
    expect(file.text.match(/<Codice>/g)).toHaveLength(codes.length);
    expect(file.text).toContain('<ns3:RicevutaScarto');
    await checkNotifications(alpha, send);
  });

  it('discards a file that holds the same invoice twice (00409)', async () => {
    const send = await settled(
      alpha,
      await submit(alpha, {
        supplierVat: italianVat(531),
        number: 'TWICE-1',
        date: '2025-02-01',
        moreDocuments: [{ number: 'TWICE-1', date: '2025-02-01' }],
      }),
    );
    const [, scarto] = await updatesOf(alpha, send.id);
    expect(scarto!.errors!.map((e) => e.code)).toEqual(['00409']);
  });

  it('discards a file whose name was used before, even by a discarded file (00002)', async () => {
    const supplierVat = italianVat(541);
    const fileName = `IT${supplierVat.slice(2)}_DUPNM.xml`;
    const post = (number: string) =>
      alpha.post<Send>('/v1/send', {
        json: { payload: invoiceXml({ supplierVat, number }), file_name: fileName },
      });
    const first = (await post('N-1')).body;
    const second = (await post('N-2')).body;
    await advance(alpha);
    expect((await sendOf(alpha, first.id)).latest_state).toBe('ImpossibilitaDiRecapito');
    const [, scarto] = await updatesOf(alpha, second.id);
    expect(scarto!.errors!.map((e) => e.code)).toEqual(['00002']);
  });

  it('discards a signed file whose signature does not verify (00102)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-sdi-sign-'));
    try {
      const supplierVat = italianVat(551);
      const signer = SandboxSigner.open(dir, createAesGcmSecretBox(randomBytes(32)), { now: START });
      const xml = new TextEncoder().encode(invoiceXml({ supplierVat, number: 'SIG-1' }));
      const p7m = Buffer.from(signer.signInvoice(xml, { vat: supplierVat, name: 'Firmatario Srl' }, START));
      const last = p7m.length - 1; // the last byte belongs to the signature value
      p7m.writeUInt8(p7m.readUInt8(last) ^ 0xff, last);
      const res = await alpha.post<Send>('/v1/send', {
        json: { payload: p7m.toString('base64') },
        query: { signature: 'None' },
      });
      expect(res.status).toBe(201);
      const send = await settled(alpha, res.body);
      const [, scarto] = await updatesOf(alpha, send.id);
      expect(scarto!.state).toBe('Scartato');
      expect(scarto!.errors!.map((e) => e.code)).toEqual(['00102']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('judges identifiers by their check digits, unless the server runs with lenientIds', async () => {
    const badVat = 'IT01234567890'; // the official samples' VAT number: wrong check digit
    const strict = await settled(
      alpha,
      await submit(alpha, { supplierVat: italianVat(561), customerVat: badVat }),
    );
    const [, scarto] = await updatesOf(alpha, strict.id);
    expect(scarto!.errors!.map((e) => e.code)).toEqual(['00305']);

    const { sandbox: lenient } = await startSdiSandbox({ lenientIds: true });
    try {
      const caller = lenient.caller();
      const send = await settled(
        caller,
        await submit(caller, { supplierVat: italianVat(561), customerVat: badVat }),
      );
      expect(send.latest_state).toBe('ImpossibilitaDiRecapito');
    } finally {
      await lenient.close();
    }
  });
});

describe('between two local accounts', () => {
  it('delivers A’s invoice to B’s inbox; B reading the payload marks it read and counts one operation', async () => {
    const company = await registerCompany(beta, italianVat(602), 'Beta Srl');
    const send = await settled(
      alpha,
      await submit(alpha, { supplierVat: italianVat(601), customerVat: company.vat, number: 'AB-1' }),
    );
    expect(send.latest_state).toBe('Consegnato');

    const unread = await beta.get<Receive[]>('/v1/receive', { query: { unread: true } });
    const receive = unread.body.find((r) => r.identifier === send.identifier)!;
    expect(receive).toMatchObject({ company_id: company.id, file_name: send.file_name, is_read: false });

    const before = (await beta.get<AccountStatus>('/v1/status')).body.operation_left;
    const payload = await beta.get(`/v1/receive/${receive.id}/payload`);
    expect(payload.text).toContain('<Numero>AB-1</Numero>');
    expect((await beta.get<AccountStatus>('/v1/status')).body.operation_left).toBe(before - 1);
    await beta.get(`/v1/receive/${receive.id}/payload`);
    expect((await beta.get<AccountStatus>('/v1/status')).body.operation_left).toBe(before - 1);
    const after = await beta.get<Receive[]>('/v1/receive', { query: { unread: true } });
    expect(after.body.map((r) => r.id)).not.toContain(receive.id);
    expect((await sendOf(alpha, send.id)).latest_state).toBe('Consegnato');
  });

  it('holds an inbound invoice for an unregistered VAT until POST /company, with no other call', async () => {
    const vat = italianVat(611);
    const held = await alpha.post<{ held: { identifier: string } }>('/_sandbox/inbound', {
      json: { generate: { to_vat: vat } },
      unchecked: true,
    });
    expect(held.status).toBe(202);
    const owner = sandbox.caller('gamma');
    await registerCompany(owner, vat);
    const inbox = await owner.get<Receive[]>('/v1/receive');
    expect(inbox.body.map((r) => [r.identifier, r.nome_prestatore])).toEqual([
      [held.body.held.identifier, 'Fornitore Sandbox Srl'],
    ]);
  });

  it('dates the identifier and date_sent from when SDI takes the invoice', async () => {
    const send = await submit(alpha, {
      supplierVat: italianVat(621),
      headers: { 'Sandbox-Scenario': 'delay=10s' },
    });
    expect(send).toMatchObject({ identifier: null, latest_state: null });
    await advance(alpha, '10s');
    const taken = await sendOf(alpha, send.id);
    expect(taken.date_sent).toBe(new Date(Date.parse(send.created) + 10_000).toISOString());
    expect(taken.last_update).toBe(taken.date_sent);
  });
});

describe('answers of a PA recipient through the control API', () => {
  it('refuses an outcome for a B2B invoice, an unknown one, or a malformed body', async () => {
    const send = await settled(
      alpha,
      await submit(alpha, { supplierVat: italianVat(631), codiceDestinatario: 'ABC1234' }),
    );
    const b2b = await alpha.post(`/_sandbox/send/${send.id}/esito`, {
      json: { esito: 'EC01' },
      unchecked: true,
    });
    expect(b2b.status).toBe(409);
    const unknown = await alpha.post('/_sandbox/send/999999/esito', {
      json: { esito: 'EC01' },
      unchecked: true,
    });
    expect(unknown.status).toBe(404);
    const malformed = await alpha.post(`/_sandbox/send/${send.id}/esito`, {
      json: { esito: 'OK' },
      unchecked: true,
    });
    expect(malformed.status).toBe(422);
  });

  it('finds the invoice by its SDI identifier too, and answers a second outcome with an SE', async () => {
    const send = await settled(
      alpha,
      await submit(alpha, { supplierVat: italianVat(641), format: 'FPA12', codiceDestinatario: 'AAAAAA' }),
    );
    const first = await alpha.post(`/_sandbox/send/${send.identifier}/esito`, {
      json: { esito: 'EC01' },
      unchecked: true,
    });
    expect(first.body).toMatchObject({
      state: 'AccettatoDalDestinatario',
      description: 'Accettata dal destinatario',
    });
    const second = await alpha.post<EsitoOutcome>(`/_sandbox/send/${send.id}/esito`, {
      json: { esito: 'EC02' },
      unchecked: true,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ state: 'AccettatoDalDestinatario', scarto: { code: 'EN01' } });
  });
});

describe('retention (sandbox clock)', () => {
  it('purges sandbox Receives after 24 hours, and finished sandbox Sends 15 days after their last update', async () => {
    const { sandbox: local } = await startSdiSandbox();
    try {
      const a = local.caller('a');
      const b = local.caller('b');
      const company = await registerCompany(b, italianVat(702));
      const b2b = await settled(
        a,
        await submit(a, { supplierVat: italianVat(701), customerVat: company.vat }),
      );
      const pa = await settled(a, await submit(a, { supplierVat: italianVat(703), format: 'FPA12' }));
      expect((await b.get<Receive[]>('/v1/receive')).body).toHaveLength(1);
      // The received invoice ages on its recipient's clock: the sender's moves leave it where it is.
      await advance(a, '24h');
      expect((await b.get<Receive[]>('/v1/receive')).body).toHaveLength(1);
      await advance(b, '23h');
      expect((await b.get<Receive[]>('/v1/receive')).body).toHaveLength(1);
      await advance(b, '1h');
      expect((await b.get<Receive[]>('/v1/receive')).body).toHaveLength(0);

      await advance(a, '14d');
      expect((await a.get(`/v1/send/${b2b.id}`)).status).toBe(404);
      // The PA invoice was waiting for its recipient: it reached DecorrenzaTermini instead of vanishing.
      expect((await sendOf(a, pa.id)).latest_state).toBe('DecorrenzaTermini');
      await advance(a, '15d');
      expect((await a.get(`/v1/send/${pa.id}`)).status).toBe(404);
      expect((await a.get<unknown[]>('/v1/update', { query: { send_id: pa.id } })).body).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it('keeps live data for two years', async () => {
    const { sandbox: local } = await startSdiSandbox();
    try {
      const seller = local.caller('seller', 'live');
      const buyer = local.caller('buyer', 'live');
      const company = await registerCompany(buyer, italianVat(712));
      const send = await submit(seller, { supplierVat: italianVat(711), customerVat: company.vat });
      await local.server.services.jobs.runDue();
      await advance(local.caller('clock-mover'), '30d');
      expect((await buyer.get<Receive[]>('/v1/receive')).body).toHaveLength(1);
      expect((await sendOf(seller, send.id)).latest_state).toBe('Consegnato');
    } finally {
      await local.close();
    }
  });
});
