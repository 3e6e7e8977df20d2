import { describe, expect, it } from 'vitest';
import {
  issueSignerCertificate,
  loadOrCreateSandboxCa,
  SandboxSigner,
} from '../../../src/sandbox-server/signing/index.ts';
import { issueSignerCertificateInBackground } from '../../../src/sandbox-server/signing/signer-certificates.ts';
import { serverWorkerPool } from '../../../src/sandbox-server/worker-tasks.ts';
import { verifyP7m } from '../../../src/shared/fatturapa/p7m-verify.ts';
import { ACME, INVOICE_XML, newSecretBox, tempDir } from './signing-fixtures.ts';
import type { SignerCompany } from '../../../src/sandbox-server/signing/index.ts';

const now = new Date('2026-05-04T10:00:00Z');

/** How many turns the event loop made while `work` was pending (0 when it ran on this thread to the end). */
async function turnsWhile(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  await work().finally(() => (done = true));
  return turns;
}

/** The signer of each of the invoices signed at the same time, one per company, in a new data folder. */
async function firstInvoicesAtOnce(companies: SignerCompany[]) {
  const signer = SandboxSigner.open(tempDir(), newSecretBox(), { now });
  const runner = serverWorkerPool({ size: 0 });
  const signed = await Promise.all(companies.map((c) => signer.signInvoiceWith(runner, INVOICE_XML, c, now)));
  return Promise.all(signed.map(async (p7m) => (await verifyP7m(p7m, { at: now })).signers[0]!));
}

describe('issuing a signer certificate in the background', () => {
  it('makes the key pair off this thread, so the server keeps answering meanwhile', async () => {
    const ca = loadOrCreateSandboxCa(tempDir(), newSecretBox(), { now });
    // The same measure sees the synchronous issuing as what it is: no turn at all until it ends.
    const otherCompany = { vat: 'IT01234567897', name: 'Sync Srl' };
    expect(await turnsWhile(async () => issueSignerCertificate(ca, otherCompany, { now }))).toBe(0);
    expect(await turnsWhile(() => issueSignerCertificateInBackground(ca, ACME, { now }))).toBeGreaterThan(0);
  });

  it('issues the certificate the synchronous way would, kept in the same place', async () => {
    const dir = tempDir();
    const box = newSecretBox();
    const ca = loadOrCreateSandboxCa(dir, box, { now });
    const issued = await issueSignerCertificateInBackground(ca, ACME, { now });
    const reused = issueSignerCertificate(loadOrCreateSandboxCa(dir, box), ACME, { now });
    expect(reused.certificateDer).toEqual(issued.certificateDer);
    expect(issued.caCertificateDer).toEqual(ca.certificateDer);
  });

  it('gives concurrent first invoices of one company one certificate', async () => {
    const signers = await firstInvoicesAtOnce([ACME, ACME, ACME]);
    expect(new Set(signers.map((s) => s.serialNumber)).size).toBe(1);
  });

  it('gives a company renamed while its first certificate is issued a certificate in its new name', async () => {
    const renamed = { ...ACME, name: 'ACME Rinominata SRL' };
    const [first, second] = await firstInvoicesAtOnce([ACME, renamed]);
    expect(first!.subject).toContain(`CN=${ACME.name}`);
    expect(second!.subject).toContain(`CN=${renamed.name}`);
  });
});
