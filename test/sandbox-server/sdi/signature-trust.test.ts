import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { issueSignerCertificate, loadOrCreateSandboxCa } from '../../../src/sandbox-server/signing/index.ts';
import type { SignerCredential } from '../../../src/sandbox-server/signing/index.ts';
import { signWith, testCa, testSigner, type TestCa } from '../../support/certificates.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators } from './notifications/reference-schemas.ts';
import { advance, checkNotifications, START, sendOf, startSdiSandbox, updatesOf } from './sdi-sandbox.ts';

/*
 * SDI checks who signed a `.p7m` (sdi-rules.md §g): a certificate no trusted CA issued is 00104, an expired one
 * 00100. The sandbox trusts its data folder's CA (what it signs itself), the CAs given with `serve --trust-ca`
 * (trustedCas), or every certificate with `--trust-any-certificate`. Certificates are made in-process.
 */

const YEAR = 365 * 86_400_000;

let sandbox: TestSandbox;
let caller: ApiCaller;
let provider: TestCa;
let selfSigned: SignerCredential;
let providers: SignerCredential;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  caller = sandbox.caller('trust');
  provider = testCa('CA di un fornitore di firma');
  selfSigned = testSigner('Autofirmato Srl', { now: START });
  providers = testSigner('Cliente del fornitore Srl', { issuer: provider, now: START });
});
afterAll(async () => {
  disposeValidators();
  await sandbox.close();
});

function p7mOf(signer: SignerCredential, seed: number, number: string, at = START): string {
  const xml = invoiceXml({ supplierVat: italianVat(seed), number, date: '2026-02-27' });
  return Buffer.from(signWith(signer, xml, at)).toString('base64');
}

async function sendAndSettle(on: ApiCaller, payload: string): Promise<Send> {
  const res = await on.post<Send>('/v1/send', { json: { payload }, query: { signature: 'None' } });
  expect(res.status, res.text).toBe(201);
  await advance(on);
  return sendOf(on, res.body.id);
}

async function discardCodes(on: ApiCaller, send: Send): Promise<string[]> {
  const updates = await updatesOf(on, send.id);
  expect(updates.map((u) => u.state)).toEqual(['Inviato', 'Scartato']);
  return updates[1]!.errors!.map((e) => e.code);
}

/** A certificate of the sandbox's own CA (the one `signature=Auto` signs with), valid or not at START. */
function sandboxCaSigner(seed: number, validity?: { notBefore: Date; notAfter: Date }): SignerCredential {
  const ca = loadOrCreateSandboxCa(sandbox.dataDir, sandbox.server.store.box, { now: START });
  const company = { vat: italianVat(seed), name: 'Firmatario Sandbox Srl' };
  return issueSignerCertificate(ca, company, { now: START, ...(validity ? { validity } : {}) });
}

describe('who signed a .p7m', () => {
  it('discards one signed with a self-signed certificate (NS 00104), as /send/validate says in each language', async () => {
    const payload = p7mOf(selfSigned, 8101, 'TRUST-1');
    const words = {
      en: 'not issued by a certification authority',
      it: 'non è stato emesso',
      de: 'nicht von',
    };
    for (const [language, phrase] of Object.entries(words)) {
      const validated = await caller.withLanguage(language).post<ProblemDetails>('/v1/send/validate', {
        json: { payload },
      });
      expect(validated.status).toBe(422);
      expect(validated.body.errors!.map((e) => e.code)).toEqual(['00104']);
      expect(validated.body.errors![0]!.description).toContain(phrase);
      expect(validated.body.errors![0]!.description).toContain('Autofirmato Srl');
    }
    const refused = await caller.post('/v1/send', {
      json: { payload },
      query: { signature: 'None', validate: true },
    });
    expect(refused.status).toBe(422);

    const send = await sendAndSettle(caller, payload);
    expect(send.latest_state).toBe('Scartato');
    const [, scarto] = await updatesOf(caller, send.id);
    expect(scarto!.errors).toEqual([
      {
        code: '00104',
        description: expect.stringContaining('autorità di certificazione riconosciuta da SDI'),
        hint: expect.stringContaining('--trust-ca'),
      },
    ]);
    await checkNotifications(caller, send);
  });

  it('delivers one signed with a certificate of the data folder’s sandbox CA', async () => {
    const send = await sendAndSettle(caller, p7mOf(sandboxCaSigner(8102), 8102, 'TRUST-2'));
    expect(send.latest_state).toBe('ImpossibilitaDiRecapito');
  });

  it('gives an expired certificate of the sandbox CA the expiry code 00100, not 00104', async () => {
    const expired = sandboxCaSigner(8103, {
      notBefore: new Date(START.getTime() - 2 * YEAR),
      notAfter: new Date(START.getTime() - YEAR),
    });
    const payload = p7mOf(expired, 8103, 'TRUST-3', new Date(START.getTime() - 1.5 * YEAR));
    expect(await discardCodes(caller, await sendAndSettle(caller, payload))).toEqual(['00100']);
  });

  it('discards one whose CA the sandbox was not told to trust (00104)', async () => {
    const send = await sendAndSettle(caller, p7mOf(providers, 8104, 'TRUST-4'));
    expect(await discardCodes(caller, send)).toEqual(['00104']);
  });
});

describe('serve --trust-ca and --trust-any-certificate', () => {
  it('trust the signers of the CAs given (trustedCas), and nobody else', async () => {
    const { sandbox: trusting } = await startSdiSandbox({ trustedCas: [provider.certificateDer] });
    try {
      const on = trusting.caller();
      const validated = await on.post('/v1/send/validate', {
        json: { payload: p7mOf(providers, 8111, 'T-1') },
      });
      expect(validated.status).toBe(204);
      expect((await sendAndSettle(on, p7mOf(providers, 8111, 'T-1'))).latest_state).toBe(
        'ImpossibilitaDiRecapito',
      );
      expect(await discardCodes(on, await sendAndSettle(on, p7mOf(selfSigned, 8112, 'T-2')))).toEqual([
        '00104',
      ]);
    } finally {
      await trusting.close();
    }
  });

  it('trust every certificate (trustAnyCertificate), while an expired one is still 00100', async () => {
    const { sandbox: relaxed } = await startSdiSandbox({ trustAnyCertificate: true });
    try {
      const on = relaxed.caller();
      expect((await sendAndSettle(on, p7mOf(selfSigned, 8121, 'A-1'))).latest_state).toBe(
        'ImpossibilitaDiRecapito',
      );
      const expired = testSigner('Scaduto Srl', {
        validity: {
          notBefore: new Date(START.getTime() - 2 * YEAR),
          notAfter: new Date(START.getTime() - YEAR),
        },
      });
      const payload = p7mOf(expired, 8122, 'A-2', new Date(START.getTime() - 1.5 * YEAR));
      expect(await discardCodes(on, await sendAndSettle(on, payload))).toEqual(['00100']);
    } finally {
      await relaxed.close();
    }
  });
});
