import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Receive, Send } from '../../../src/shared/api/types.ts';
import { unwrapP7m } from '../../../src/shared/fatturapa/index.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { referenceDir } from '../../support/reference.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators } from './notifications/reference-schemas.ts';
import { advance, registerCompany, sendOf, startSdiSandbox, updatesOf } from './sdi-sandbox.ts';

let sandbox: TestSandbox;

beforeAll(async () => {
  // The samples' test makes some 300 calls in a few seconds: past the default 100 per second.
  ({ sandbox } = await startSdiSandbox({ rateLimits: 'unlimited' }));
});
afterAll(async () => {
  disposeValidators();
  await sandbox.close();
});

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** `GET …/payload` as bytes, with its Content-Type: ApiCaller reads bodies as UTF-8 text, which is the point here. */
async function payloadOf(caller: ApiCaller, path: string): Promise<{ bytes: Buffer; type: string }> {
  const res = await fetch(new URL(path, caller.origin), {
    headers: { authorization: `Basic ${Buffer.from(`${caller.key}:`).toString('base64')}` },
  });
  expect(res.status, path).toBe(200);
  return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? '' };
}

/** The file a payload stands for: the bytes themselves for XML, the decoded Base64 otherwise (spec "payload"). */
function fileOf(payload: { bytes: Buffer }, encoding: Send['encoding']): Buffer {
  return encoding === 'Xml' ? payload.bytes : Buffer.from(payload.bytes.toString('latin1'), 'base64');
}

/** The SHA-256 each of the send's SDI notifications carries (B2B `Hash`, the AT's `HashFileOriginale`). */
async function receiptHashes(caller: ApiCaller, send: Send): Promise<string[]> {
  const hashes: string[] = [];
  for (const update of await updatesOf(caller, send.id)) {
    if (update.state === 'Inviato') continue;
    const notification = await caller.get(`/v1/update/${update.id}/notification`);
    expect(notification.status).toBe(200);
    const hash = /<(Hash|HashFileOriginale)>([^<]*)<\/\1>/.exec(notification.text)?.[2];
    if (hash !== undefined) hashes.push(hash);
  }
  return hashes;
}

async function postXml(caller: ApiCaller, bytes: Uint8Array, query: Record<string, string> = {}) {
  return caller.post<Send & ProblemDetails>('/v1/send/xml', {
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/xml' },
    query,
  });
}

/** An invoice declared ISO-8859-1, with `è` as the single byte 0xE8. */
function latin1Invoice(options: Parameters<typeof invoiceXml>[0]): { text: string; bytes: Buffer } {
  const text = invoiceXml({ description: 'Caffè e tè', ...options }).replace(
    'encoding="UTF-8"',
    'encoding="ISO-8859-1"',
  );
  const bytes = Buffer.from(text, 'latin1');
  expect(bytes.includes(0xe8)).toBe(true);
  return { text, bytes };
}

/** An invoice declared UTF-16 in the given byte order, with its byte order mark. */
function utf16Invoice(
  seed: number,
  order: 'LE' | 'BE',
  declared = 'UTF-16',
): { text: string; bytes: Buffer } {
  const text = invoiceXml({ supplierVat: italianVat(seed), description: 'Caffè' }).replace(
    'encoding="UTF-8"',
    `encoding="${declared}"`,
  );
  const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
  if (order === 'BE') bytes.swap16();
  return { text, bytes };
}

const SAMPLE_FOLDERS = [
  'official/fatturapa-v1.0-legacy-sdi-example',
  'official/fatturapa-v1.1-legacy',
  'official/fatturapa-v1.2.1-variants',
  'official/fatturapa-v1.2.2',
  'official/semplificata-FSM10',
  'real-world/invoices',
  'real-world/invalid',
  'real-world/p7m',
].map((folder) => join(referenceDir, 'samples', folder));
const samplesThere = SAMPLE_FOLDERS.every((folder) => existsSync(folder));

describe('files come back byte for byte, hashed in the receipts', () => {
  it.skipIf(!samplesThere)(
    'every reference invoice the sandbox takes is given back by /payload exactly, with the Hash of its receipts',
    async () => {
      const caller = sandbox.caller('samples');
      const taken: { sample: string; bytes: Buffer; send: Send }[] = [];
      let n = 0;
      for (const folder of SAMPLE_FOLDERS) {
        for (const sample of readdirSync(folder).filter((name) => /\.(xml|p7m)$/.test(name))) {
          const bytes = readFileSync(join(folder, sample));
          // A valid SDI name of the right kind; the samples' own names are descriptions, not SDI names.
          const name = `IT01234567890_S${String(++n).padStart(4, '0')}.xml${sample.endsWith('.p7m') ? '.p7m' : ''}`;
          const form = new FormData();
          form.set('file', new Blob([bytes]), name);
          const res = await caller.post<Send>('/v1/send/file', { body: form, query: { signature: 'None' } });
          expect([201, 422], `${sample}: ${res.text}`).toContain(res.status);
          if (res.status === 201) taken.push({ sample, bytes, send: res.body });
        }
      }
      const takenNames = taken.map((t) => t.sample);
      // Both Base64 forms of a .p7m and a DER one are among them (they are stored as they came, not as DER).
      for (const prefix of ['P01_', 'P02_', 'P03_', 'IT01234567890_11111.xml.p7m']) {
        expect(
          takenNames.some((name) => name.startsWith(prefix)),
          prefix,
        ).toBe(true);
      }
      expect(taken.length).toBeGreaterThan(40);

      await advance(caller);
      for (const { sample, bytes, send } of taken) {
        const payload = await payloadOf(caller, `/v1/send/${send.id}/payload`);
        const file = fileOf(payload, send.encoding);
        expect(sha256(file), sample).toBe(sha256(bytes));
        const settled = await sendOf(caller, send.id);
        const hashes = await receiptHashes(caller, settled);
        // Every B2B notification carries the Hash; of the PA family's (FPA12 and the legacy formats) only the AT.
        if (settled.format !== 'FPA12' && settled.format !== 'SDI10' && settled.format !== 'SDI11') {
          expect(hashes.length, `${sample}: ${settled.latest_state}`).toBeGreaterThan(0);
        }
        for (const hash of hashes) expect(hash, sample).toBe(sha256(bytes));
      }
    },
  );

  it('keeps an ISO-8859-1 invoice in ISO-8859-1: /payload, the receipt’s Hash, the recipient’s copy, and the AT of a PA invoice', async () => {
    const sender = sandbox.caller('latin1-sender');
    const recipient = sandbox.caller('latin1-recipient');
    const customerVat = italianVat(8102);
    await registerCompany(recipient, customerVat, 'Destinatario Srl');
    const { text, bytes } = latin1Invoice({
      supplierVat: italianVat(8101),
      customerVat,
      codiceDestinatario: 'ABC1234',
    });
    const posted = await postXml(sender, bytes);
    expect(posted.status, posted.text).toBe(201);
    await advance(sender);
    const send = await sendOf(sender, posted.body.id);
    expect(send.latest_state).toBe('Consegnato');

    const payload = await payloadOf(sender, `/v1/send/${send.id}/payload`);
    expect(payload.type).toBe('text/plain; charset=iso-8859-1');
    expect(payload.bytes.equals(bytes)).toBe(true);
    expect(await receiptHashes(sender, send)).toEqual([sha256(bytes)]);
    // In JSON the payload is text, so Unicode: the same characters, `è` included.
    const json = await sender.get<Send>(`/v1/send/${send.id}`, { query: { include_payload: true } });
    expect(json.body.payload).toBe(text);

    const [receive] = (
      await recipient.get<Receive[]>('/v1/receive', { query: { identifier: send.identifier! } })
    ).body;
    const received = await payloadOf(recipient, `/v1/receive/${receive!.id}/payload`);
    expect(received.type).toBe('text/plain; charset=iso-8859-1');
    expect(received.bytes.equals(bytes)).toBe(true);

    // A PA invoice is signed here (signature=Auto): what SDI receives is the .p7m, and the AT hashes that.
    const pa = latin1Invoice({
      supplierVat: italianVat(8103),
      format: 'FPA12',
      codiceDestinatario: 'SBXNCO',
    });
    const paPosted = await postXml(sender, pa.bytes);
    expect(paPosted.status, paPosted.text).toBe(201);
    await advance(sender);
    await advance(sender, '10d');
    const paSend = await sendOf(sender, paPosted.body.id);
    expect(paSend.latest_state).toBe('AttestazioneTrasmissioneFattura');
    const p7m = fileOf(await payloadOf(sender, `/v1/send/${paSend.id}/payload`), paSend.encoding);
    expect(await receiptHashes(sender, paSend)).toEqual([sha256(p7m)]);
    expect(Buffer.from(unwrapP7m(p7m)).equals(pa.bytes)).toBe(true);
  });
});

describe('UTF-16 files (XML 1.0 requires every processor to read them; nothing known says SDI does not)', () => {
  it.each([
    ['LE', 8201],
    ['BE', 8202],
  ] as const)(
    'takes a UTF-16 %s file with its byte order mark, checks it, and keeps it byte for byte',
    async (order, seed) => {
      const caller = sandbox.caller(`utf16-${order}`);
      const { text, bytes } = utf16Invoice(seed, order);
      const validated = await caller.post('/v1/send/validate/xml', {
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'application/xml' },
      });
      expect(validated.status, validated.text).toBe(204);
      const posted = await postXml(caller, bytes);
      expect(posted.status, posted.text).toBe(201);
      await advance(caller);
      const send = await sendOf(caller, posted.body.id);
      expect(send.latest_state).toBe('ImpossibilitaDiRecapito');
      expect(send.document_number).toBe('1');

      const payload = await payloadOf(caller, `/v1/send/${send.id}/payload`);
      expect(payload.type).toBe('text/plain; charset=utf-16');
      expect(payload.bytes.equals(bytes)).toBe(true);
      expect(await receiptHashes(caller, send)).toEqual([sha256(bytes)]);
      const json = await caller.get<Send>(`/v1/send/${send.id}`, { query: { include_payload: true } });
      expect(json.body.payload).toBe(text);
    },
  );

  it('stores XML text declared UTF-16 (POST /send) as UTF-16 with its byte order mark', async () => {
    const caller = sandbox.caller('utf16-json');
    const { text, bytes } = utf16Invoice(8203, 'LE');
    const posted = await caller.post<Send>('/v1/send', { json: { payload: text } });
    expect(posted.status, posted.text).toBe(201);
    const payload = await payloadOf(caller, `/v1/send/${posted.body.id}/payload`);
    expect(payload.bytes.equals(bytes)).toBe(true);
  });

  it('refuses with 00200 a UTF-16 file without its byte order mark, or declared as another encoding', async () => {
    const caller = sandbox.caller('utf16-broken');
    const withoutMark = utf16Invoice(8204, 'LE').bytes.subarray(2);
    const mislabelled = utf16Invoice(8205, 'BE', 'UTF-8').bytes;
    for (const bytes of [withoutMark, mislabelled]) {
      const res = await postXml(caller, bytes);
      expect(res.status).toBe(422);
      expect(res.body.errors!.map((e) => e.code)).toEqual(['00200']);
    }
  });
});
