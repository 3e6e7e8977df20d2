import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  issueSignerCertificate,
  loadOrCreateSandboxCa,
  organizationIdentifier,
  sandboxCaPaths,
  signerCredentialPath,
} from '../../../src/sandbox-server/signing/index.ts';
import { isSignedBy, toPem } from '../../../src/sandbox-server/signing/x509.ts';
import {
  ACME,
  newSecretBox,
  openssl,
  opensslVersion,
  tempDir,
  requireOrWarnOpenssl,
} from './signing-fixtures.ts';

requireOrWarnOpenssl('signer-certificates');

function subjectOf(certificate: { subject: { typesAndValues: { type: string; value: unknown }[] } }) {
  return certificate.subject.typesAndValues.map(({ type, value }) => [
    type,
    (value as { valueBlock: { value: string } }).valueBlock.value,
  ]);
}

describe('issueSignerCertificate', () => {
  const now = new Date('2026-05-04T10:00:00Z');

  it('names the company in CN and O and its VAT number in organizationIdentifier and serialNumber', () => {
    const ca = loadOrCreateSandboxCa(tempDir(), newSecretBox(), { now });
    const signer = issueSignerCertificate(ca, ACME, { now });
    expect(subjectOf(signer.certificate)).toEqual([
      ['2.5.4.6', 'IT'],
      ['2.5.4.10', 'ACME Servizi S.r.l.'],
      ['2.5.4.97', 'VATIT-12345678903'],
      ['2.5.4.5', 'VATIT-12345678903'],
      ['2.5.4.3', 'ACME Servizi S.r.l.'],
    ]);
    expect(signer.certificate.issuer.isEqual(ca.certificate.subject)).toBe(true);
    expect(isSignedBy(signer.certificate, ca.certificate)).toBe(true);
    expect(signer.caCertificateDer).toEqual(ca.certificateDer);
  });

  it('is valid for two years from now, allowing for a signer clock running an hour late', () => {
    const ca = loadOrCreateSandboxCa(tempDir(), newSecretBox(), { now });
    const { certificate } = issueSignerCertificate(ca, ACME, { now });
    expect(certificate.notBefore.value.toISOString()).toBe('2026-05-04T09:00:00.000Z');
    expect(certificate.notAfter.value.toISOString()).toBe('2028-05-04T10:00:00.000Z');
  });

  it('derives the organizationIdentifier from VAT numbers written in several ways', () => {
    expect(organizationIdentifier('IT12345678903')).toBe('VATIT-12345678903');
    expect(organizationIdentifier('12345678903')).toBe('VATIT-12345678903');
    expect(organizationIdentifier(' it 123 456 789 03 ')).toBe('VATIT-12345678903');
    expect(organizationIdentifier('DE123456789')).toBe('VATDE-123456789');
    expect(() => organizationIdentifier('IT')).toThrow(RangeError);
  });

  it('caches the certificate and its sealed key per company in the data directory', () => {
    const dir = tempDir();
    const box = newSecretBox();
    const first = issueSignerCertificate(loadOrCreateSandboxCa(dir, box), ACME, { now });
    const path = signerCredentialPath(dir, 'VATIT-12345678903');
    expect(readFileSync(path, 'utf8')).not.toContain('PRIVATE KEY');

    const again = issueSignerCertificate(loadOrCreateSandboxCa(dir, box), ACME, {
      now: new Date('2027-01-01'),
    });
    expect(again.certificateDer).toEqual(first.certificateDer);
    expect(again.privateKey.equals(first.privateKey)).toBe(true);

    const other = issueSignerCertificate(
      loadOrCreateSandboxCa(dir, box),
      { vat: '01234567890', name: 'Other' },
      { now },
    );
    expect(other.certificateDer).not.toEqual(first.certificateDer);
  });

  it('issues a new certificate when the company name changed, the old one expired or the CA changed', () => {
    const dir = tempDir();
    const box = newSecretBox();
    const ca = loadOrCreateSandboxCa(dir, box, { now });
    const first = issueSignerCertificate(ca, ACME, { now });

    const renamed = issueSignerCertificate(ca, { ...ACME, name: 'ACME Holding S.p.A.' }, { now });
    expect(renamed.certificateDer).not.toEqual(first.certificateDer);
    expect(subjectOf(renamed.certificate).at(-1)).toEqual(['2.5.4.3', 'ACME Holding S.p.A.']);

    const later = issueSignerCertificate(
      ca,
      { ...ACME, name: 'ACME Holding S.p.A.' },
      { now: new Date('2028-06-01') },
    );
    expect(later.certificateDer).not.toEqual(renamed.certificateDer);

    rmSync(sandboxCaPaths(dir).credential);
    const newCa = loadOrCreateSandboxCa(dir, box, { now });
    const reissued = issueSignerCertificate(
      newCa,
      { ...ACME, name: 'ACME Holding S.p.A.' },
      { now: new Date('2028-06-01') },
    );
    expect(isSignedBy(reissued.certificate, newCa.certificate)).toBe(true);
  });

  it('issues a certificate with an explicit validity without touching the cache', () => {
    const dir = tempDir();
    const ca = loadOrCreateSandboxCa(dir, newSecretBox(), { now });
    const cached = issueSignerCertificate(ca, ACME, { now });
    const validity = {
      notBefore: new Date('2020-01-01T00:00:00Z'),
      notAfter: new Date('2021-01-01T00:00:00Z'),
    };
    const expired = issueSignerCertificate(ca, ACME, { validity });
    expect(expired.certificate.notAfter.value).toEqual(validity.notAfter);
    expect(issueSignerCertificate(ca, ACME, { now }).certificateDer).toEqual(cached.certificateDer);
  });

  it('cuts a company name longer than X.520 allows for CN and O', () => {
    const ca = loadOrCreateSandboxCa(tempDir(), newSecretBox(), { now });
    const name = `Società ${'molto '.repeat(20)}lunga S.r.l.`;
    const { certificate } = issueSignerCertificate(ca, { vat: ACME.vat, name }, { now });
    expect(subjectOf(certificate).at(-1)?.[1]).toBe(name.slice(0, 64));
  });

  it.skipIf(opensslVersion === null)(
    'gives openssl a chain it verifies, with the key usage of a signing certificate',
    () => {
      const dir = tempDir();
      const ca = loadOrCreateSandboxCa(dir, newSecretBox());
      const signer = issueSignerCertificate(ca, ACME);
      writeFileSync(join(dir, 'signer.pem'), toPem(signer.certificateDer));
      const verified = openssl(
        ['verify', '-purpose', 'smimesign', '-CAfile', sandboxCaPaths(dir).certificatePem, 'signer.pem'],
        dir,
      );
      expect(verified.stdout.trim()).toBe('signer.pem: OK');
      const text = openssl(['x509', '-in', 'signer.pem', '-noout', '-text'], dir).stdout;
      expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Non Repudiation/);
      expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
      expect(text).toContain('organizationIdentifier = VATIT-12345678903');
      expect(text).toContain(
        'Subject: C = IT, O = ACME Servizi S.r.l., organizationIdentifier = VATIT-12345678903',
      );
    },
  );
});
