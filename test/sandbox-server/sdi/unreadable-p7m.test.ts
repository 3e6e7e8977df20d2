import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { parseNotification } from '../../../src/sandbox-server/sdi/notifications/index.ts';
import { italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators, referenceAvailable, schemaErrors } from './notifications/reference-schemas.ts';
import {
  advance,
  checkNotifications,
  registerCompany,
  sendOf,
  startSdiSandbox,
  updatesOf,
} from './sdi-sandbox.ts';

/**
 * A `.p7m` whose CMS envelope cannot be read: SDI gives it an identifier and then discards it with NS 00102
 * (sdi-rules.md §b, §g). The sandbox does the same when the file name names one of the caller's companies.
 */
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

/** Starts like a DER SEQUENCE, then nothing a CMS reader can make sense of. */
const BROKEN_DER = new Uint8Array([
  0x30, 0x82, 0x01, 0x00, 0x06, 0x09, 0x2a, 0x86, 0x48, 0xde, 0xad, 0xbe, 0xef,
]);
/** Neither XML, nor DER, nor Base64. */
const JUNK = new Uint8Array([0x01, 0x02, 0x03, 0xff, 0xfe, 0x00, 0x7f, 0x80]);

function form(bytes: Uint8Array<ArrayBuffer>, name: string): FormData {
  const body = new FormData();
  body.set('file', new Blob([bytes]), name);
  return body;
}

async function discarded(caller: ApiCaller, sent: Send): Promise<Send> {
  await advance(caller);
  const send = await sendOf(caller, sent.id);
  expect(send.latest_state).toBe('Scartato');
  expect(send.identifier).toMatch(/^\d+$/);
  const updates = await updatesOf(caller, send.id);
  expect(updates.map((u) => u.state)).toEqual(['Inviato', 'Scartato']);
  expect(updates[1]!.errors).toEqual([
    { code: '00102', description: expect.stringContaining('CAdES'), hint: expect.any(String) },
  ]);
  const ns = await caller.get(`/v1/update/${updates[1]!.id}/notification`);
  expect(ns.status).toBe(200);
  const parsed = parseNotification(ns.text);
  expect(parsed).toMatchObject({ type: 'NS', nomeFile: send.file_name, signed: true });
  expect(parsed.errors?.map((e) => e.codice)).toEqual(['00102']);
  if (referenceAvailable) expect(schemaErrors('b2bStrict', ns.text)).toEqual([]);
  await checkNotifications(caller, send);
  return send;
}

describe('a .p7m whose envelope cannot be read', () => {
  it('POST /send/file accepts it for the company the file name names (201), then SDI discards it with 00102', async () => {
    const company = await registerCompany(alpha, italianVat(801));
    const name = `${company.vat}_U0001.xml.p7m`;
    const res = await alpha.post<Send>('/v1/send/file', { body: form(BROKEN_DER, name) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      company_id: company.id,
      file_name: name,
      format: null,
      encoding: 'Base64',
      identifier: null,
      latest_state: null,
    });
    const send = await discarded(alpha, res.body);
    const payload = await alpha.get<Send>(`/v1/send/${send.id}`, { query: { include_payload: true } });
    expect(payload.body.payload).toBe(Buffer.from(BROKEN_DER).toString('base64'));
  });

  it('POST /send accepts one that is not even recognisable as an envelope, matched by fiscal code too', async () => {
    // A sole trader transmitting under the personal fiscal code, not the VAT number.
    const created = await alpha.post<Company>('/v1/company', {
      json: { vat: italianVat(802), fiscal_code: 'RSSMRA80A01H501U', name: 'Mario Rossi' },
    });
    expect(created.status, created.text).toBe(201);
    const res = await alpha.post<Send>('/v1/send', {
      json: { payload: Buffer.from(JUNK).toString('base64'), file_name: 'ITRSSMRA80A01H501U_U0002.xml.p7m' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.company_id).toBe(created.body.id);
    await discarded(alpha, res.body);
  });

  it('keeps the 422 when no company of the caller matches the file name', async () => {
    const own = await registerCompany(beta, italianVat(803));
    for (const [caller, name] of [
      [alpha, `${italianVat(804)}_U0003.xml.p7m`], // nobody's
      [alpha, `${own.vat}_U0004.xml.p7m`], // another account's
    ] as const) {
      const res = await caller.post<ProblemDetails>('/v1/send/file', { body: form(BROKEN_DER, name) });
      expect(res.status, name).toBe(422);
      expect(res.body.errors![0]!.code).toBe('00102');
    }
    // No name at all (raw upload): nobody to send it for either.
    const raw = await alpha.post<ProblemDetails>('/v1/send/xml', {
      body: Buffer.from(JUNK),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(raw.status).toBe(422);
  });

  it('keeps the 422 for validation: /send/validate/file, validate=true, signature=Force, a non-.p7m name', async () => {
    const company = await registerCompany(alpha, italianVat(805));
    const name = `${company.vat}_U0005.xml.p7m`;
    const validateOnly = await alpha.post<ProblemDetails>('/v1/send/validate/file', {
      body: form(BROKEN_DER, name),
    });
    expect(validateOnly.status).toBe(422);
    expect(validateOnly.body.errors![0]!.code).toBe('00102');
    for (const query of [{ validate: 'true' }, { signature: 'Force' }] as Record<string, string>[]) {
      const res = await alpha.post<ProblemDetails>('/v1/send/file', { body: form(BROKEN_DER, name), query });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
    const xmlName = await alpha.post<ProblemDetails>('/v1/send/file', {
      body: form(BROKEN_DER, `${company.vat}_U0006.xml`),
    });
    expect(xmlName.status).toBe(422);
  });
});
