import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import { Certificate, ContentInfo, SignedData } from 'pkijs';
import { describe, expect, it } from 'vitest';
import {
  issueSignerCertificate,
  loadOrCreateSandboxCa,
  SandboxSigner,
  signCadesBes,
} from '../../../src/sandbox-server/signing/index.ts';
import type { SandboxCa, SignerCredential } from '../../../src/sandbox-server/signing/index.ts';
import {
  basicConstraintsExtension,
  certificateDer,
  distinguishedName,
  generateSigningKeyPair,
  issueCertificate,
  KEY_USAGE,
  keyUsageExtension,
  OID,
} from '../../../src/sandbox-server/signing/x509.ts';
import { verifyP7m } from '../../../src/shared/fatturapa/index.ts';
import {
  ACME,
  INVOICE_XML,
  newSecretBox,
  openssl,
  opensslVersion,
  tempDir,
  requireOrWarnOpenssl,
} from './signing-fixtures.ts';

requireOrWarnOpenssl('cades');

const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

interface Setup {
  dir: string;
  ca: SandboxCa;
  signer: SignerCredential;
}

function setup(now = new Date()): Setup {
  const dir = tempDir();
  const ca = loadOrCreateSandboxCa(dir, newSecretBox(), { now });
  return { dir, ca, signer: issueSignerCertificate(ca, ACME, { now }) };
}

function parseSignedData(p7m: Uint8Array): SignedData {
  return new SignedData({ schema: new ContentInfo({ schema: asn1js.fromBER(p7m).result }).content });
}

function embeddedCertificates(signedData: SignedData): Certificate[] {
  return (signedData.certificates ?? []).filter((certificate) => certificate instanceof Certificate);
}

function isSignerCertificate(certificate: Certificate, signer: SignerCredential): boolean {
  return Buffer.from(certificateDer(certificate)).equals(Buffer.from(signer.certificateDer));
}

function reencode(signedData: SignedData): Uint8Array {
  const contentInfo = new ContentInfo({
    contentType: ContentInfo.SIGNED_DATA,
    content: signedData.toSchema(),
  });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

function flipContentByte(p7m: Uint8Array, content: Uint8Array): Uint8Array {
  const offset = Buffer.from(p7m).indexOf(Buffer.from(content));
  expect(offset).toBeGreaterThan(0);
  const copy = p7m.slice();
  copy[offset + 60] = (copy[offset + 60] ?? 0) ^ 0x20;
  return copy;
}

/** openssl cms -verify against the sandbox CA; returns the exit status, messages and extracted content. */
function opensslVerify(dir: string, p7m: Uint8Array, ca: SandboxCa) {
  writeFileSync(join(dir, 'out.p7m'), p7m);
  writeFileSync(join(dir, 'ca.pem'), ca.certificatePem);
  const result = openssl(
    [
      'cms',
      '-verify',
      '-inform',
      'DER',
      '-in',
      'out.p7m',
      '-CAfile',
      'ca.pem',
      '-binary',
      '-out',
      'content.xml',
    ],
    dir,
  );
  const content = result.status === 0 ? new Uint8Array(readFileSync(join(dir, 'content.xml'))) : null;
  return { ...result, content };
}

describe('signCadesBes + verifyP7m', () => {
  it('produces a signature verifyP7m accepts, with the same content', async () => {
    const { signer } = setup(new Date('2026-02-01T00:00:00Z'));
    const signingTime = new Date('2026-02-03T04:05:06.789Z');
    const p7m = signCadesBes(INVOICE_XML, signer, { signingTime });
    const verification = await verifyP7m(p7m, { at: new Date('2026-02-03T05:00:00Z') });
    expect(verification.problems).toEqual([]);
    expect(verification.content).toEqual(INVOICE_XML);
    expect(verification.signers).toHaveLength(1);
    expect(verification.signers[0]?.subject).toBe(
      'C=IT, O=ACME Servizi S.r.l., organizationIdentifier=VATIT-12345678903, serialNumber=VATIT-12345678903, ' +
        'CN=ACME Servizi S.r.l.',
    );
    // UTCTime has no fractions of a second.
    expect(verification.signers[0]?.signingTime).toEqual(new Date('2026-02-03T04:05:06.000Z'));
  });

  it('signs with SHA-256 and RSA, and carries the four CAdES-BES signed attributes and both certificates', () => {
    const { signer, ca } = setup();
    const signedData = parseSignedData(signCadesBes(INVOICE_XML, signer, { signingTime: new Date() }));
    const signerInfo = signedData.signerInfos[0]!;
    expect(signerInfo.digestAlgorithm.algorithmId).toBe(OID.sha256);
    expect(signerInfo.signatureAlgorithm.algorithmId).toBe(OID.sha256WithRsaEncryption);
    expect(signerInfo.signedAttrs?.attributes.map((attribute) => attribute.type).sort()).toEqual(
      ['1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4', '1.2.840.113549.1.9.5', SIGNING_CERTIFICATE_V2].sort(),
    );
    expect(signedData.encapContentInfo.eContentType).toBe('1.2.840.113549.1.7.1');
    const embedded = embeddedCertificates(signedData).map((certificate) =>
      Buffer.from(certificateDer(certificate)),
    );
    expect(embedded).toHaveLength(2);
    expect(embedded.some((der) => der.equals(Buffer.from(ca.certificateDer)))).toBe(true);
    expect(embedded.some((der) => der.equals(Buffer.from(signer.certificateDer)))).toBe(true);
  });

  it('keeps content over 64 KiB in one primitive OCTET STRING, as DER requires', async () => {
    const { signer } = setup();
    const big = new Uint8Array(200_000).fill(0x41);
    const p7m = signCadesBes(big, signer, { signingTime: new Date() });
    const eContent = parseSignedData(p7m).encapContentInfo.eContent;
    expect(eContent?.idBlock.isConstructed).toBe(false);
    const verification = await verifyP7m(p7m, { at: new Date() });
    expect(verification.problems).toEqual([]);
    expect(verification.content).toEqual(big);
  });

  it('reports a flipped content byte as 00102', async () => {
    const { signer } = setup();
    const p7m = flipContentByte(signCadesBes(INVOICE_XML, signer, { signingTime: new Date() }), INVOICE_XML);
    const verification = await verifyP7m(p7m, { at: new Date() });
    expect(verification.problems).toEqual([
      { code: '00102', params: { signer: 0, reason: 'content-digest-mismatch' } },
    ]);
  });

  it('reports an expired signer certificate as 00100', async () => {
    const { ca } = setup();
    const validity = {
      notBefore: new Date('2022-01-01T00:00:00Z'),
      notAfter: new Date('2024-01-01T00:00:00Z'),
    };
    const expired = issueSignerCertificate(ca, ACME, { validity });
    const p7m = signCadesBes(INVOICE_XML, expired, { signingTime: new Date('2023-06-01T00:00:00Z') });
    const at = new Date('2026-01-01T00:00:00Z');
    const verification = await verifyP7m(p7m, { at });
    expect(verification.problems).toEqual([
      {
        code: '00100',
        params: {
          signer: 0,
          at: at.toISOString(),
          notBefore: '2022-01-01T00:00:00.000Z',
          notAfter: '2024-01-01T00:00:00.000Z',
        },
      },
    ]);
    expect((await verifyP7m(p7m, { at: new Date('2023-07-01T00:00:00Z') })).problems).toEqual([]);
  });

  it('reports a signing time after expiry as both 00100 and 00105, and one before validity as 00105', async () => {
    const { ca } = setup();
    const validity = {
      notBefore: new Date('2022-01-01T00:00:00Z'),
      notAfter: new Date('2024-01-01T00:00:00Z'),
    };
    const signer = issueSignerCertificate(ca, ACME, { validity });
    const late = signCadesBes(INVOICE_XML, signer, { signingTime: new Date('2025-01-01T00:00:00Z') });
    const lateCheck = await verifyP7m(late, { at: new Date('2023-01-01T00:00:00Z') });
    expect(lateCheck.problems.map((problem) => problem.code)).toEqual(['00100', '00105']);
    expect(lateCheck.problems[0]?.params['signingTime']).toBe('2025-01-01T00:00:00.000Z');

    const early = signCadesBes(INVOICE_XML, signer, { signingTime: new Date('2021-01-01T00:00:00Z') });
    const earlyCheck = await verifyP7m(early, { at: new Date('2023-01-01T00:00:00Z') });
    expect(earlyCheck.problems).toEqual([
      {
        code: '00105',
        params: {
          signer: 0,
          signingTime: '2021-01-01T00:00:00.000Z',
          notBefore: '2022-01-01T00:00:00.000Z',
          notAfter: '2024-01-01T00:00:00.000Z',
        },
      },
    ]);
  });

  it('reports a signature without signing time as 00103', async () => {
    const { signer } = setup();
    const p7m = signCadesBes(INVOICE_XML, signer, { signingTime: null });
    const verification = await verifyP7m(p7m, { at: new Date() });
    expect(verification.problems).toEqual([{ code: '00103', params: { signer: 0 } }]);
    expect(verification.signers[0]?.signingTime).toBeNull();
  });

  it('reports a p7m without the signer certificate as 00107', async () => {
    const { signer } = setup();
    const signedData = parseSignedData(signCadesBes(INVOICE_XML, signer, { signingTime: new Date() }));
    signedData.certificates = embeddedCertificates(signedData).filter(
      (certificate) => !isSignerCertificate(certificate, signer),
    );
    const verification = await verifyP7m(reencode(signedData), { at: new Date() });
    expect(verification.problems).toEqual([
      { code: '00107', params: { signer: 0, reason: 'certificate-missing' } },
    ]);
  });

  it('reports a certificate whose key usage does not allow signing as 00107', async () => {
    const { ca } = setup();
    const { privateKey, publicKey } = generateSigningKeyPair();
    const now = Date.now();
    const certificate = issueCertificate(
      {
        subject: distinguishedName([[OID.commonName, 'Encryption only', 'utf8']]),
        publicKey,
        notBefore: new Date(now - 3_600_000),
        notAfter: new Date(now + 3_600_000),
        extensions: () => [basicConstraintsExtension(false), keyUsageExtension(KEY_USAGE.cRLSign)],
      },
      { name: ca.certificate.subject, privateKey: ca.privateKey },
    );
    const signer: SignerCredential = {
      certificate,
      certificateDer: certificateDer(certificate),
      privateKey,
      caCertificate: ca.certificate,
      caCertificateDer: ca.certificateDer,
    };
    const verification = await verifyP7m(signCadesBes(INVOICE_XML, signer, { signingTime: new Date() }), {
      at: new Date(),
    });
    expect(verification.problems).toEqual([
      { code: '00107', params: expect.objectContaining({ signer: 0, reason: 'key-usage' }) },
    ]);
  });

  it('reports a swapped-in certificate (same key, issuer and serial, longer validity) as 00107', async () => {
    const { signer } = setup();
    const signedData = parseSignedData(signCadesBes(INVOICE_XML, signer, { signingTime: new Date() }));
    const forged = embeddedCertificates(signedData).find((certificate) =>
      isSignerCertificate(certificate, signer),
    );
    if (forged === undefined) throw new Error('signer certificate not embedded');
    forged.notAfter.value = new Date('2099-01-01T00:00:00Z');
    forged.notAfter.type = 1;
    forged.tbsView = new Uint8Array(forged.encodeTBS().toBER());
    const verification = await verifyP7m(reencode(signedData), { at: new Date() });
    expect(verification.problems).toEqual([
      {
        code: '00107',
        params: expect.objectContaining({ signer: 0, reason: 'signing-certificate-mismatch' }),
      },
    ]);
  });
});

describe.skipIf(opensslVersion === null)(`openssl (${opensslVersion}) on signCadesBes output`, () => {
  it('verifies the signature and the chain to the sandbox CA, and extracts the same content', () => {
    const { dir, ca, signer } = setup();
    const result = opensslVerify(dir, signCadesBes(INVOICE_XML, signer, { signingTime: new Date() }), ca);
    console.info(`openssl cms -verify: exit ${result.status}, stderr: ${result.stderr.trim()}`);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('Verification successful');
    expect(result.content).toEqual(INVOICE_XML);
  });

  it('prints the signing-certificate-v2 attribute and the SHA-256 / RSA algorithms', () => {
    const { dir, signer } = setup();
    writeFileSync(join(dir, 'out.p7m'), signCadesBes(INVOICE_XML, signer, { signingTime: new Date() }));
    const printed = openssl(['cms', '-cmsout', '-inform', 'DER', '-in', 'out.p7m', '-print', '-noout'], dir);
    expect(printed.status).toBe(0);
    const attributeLines = printed.stdout
      .split('\n')
      .filter((line) => line.includes('object:') && line.includes('1.2.840.113549.1.9'));
    console.info(`openssl cms -cmsout -print, signed attributes:\n${attributeLines.join('\n')}`);
    expect(printed.stdout).toContain(`id-smime-aa-signingCertificateV2 (${SIGNING_CERTIFICATE_V2})`);
    expect(printed.stdout).toContain('contentType (1.2.840.113549.1.9.3)');
    expect(printed.stdout).toContain('messageDigest (1.2.840.113549.1.9.4)');
    expect(printed.stdout).toContain('signingTime (1.2.840.113549.1.9.5)');
    expect(printed.stdout).toContain('sha256WithRSAEncryption (1.2.840.113549.1.1.11)');
  });

  it('is DER: openssl re-encodes it to the very same bytes', () => {
    const { dir, signer } = setup();
    const p7m = signCadesBes(new Uint8Array(100_000).fill(0x42), signer, { signingTime: new Date() });
    writeFileSync(join(dir, 'out.p7m'), p7m);
    const result = openssl(
      ['cms', '-cmsout', '-inform', 'DER', '-in', 'out.p7m', '-outform', 'DER', '-out', 're.der'],
      dir,
    );
    expect(result.status).toBe(0);
    expect(new Uint8Array(readFileSync(join(dir, 're.der')))).toEqual(p7m);
  });

  it('rejects a flipped content byte, like verifyP7m', async () => {
    const { dir, ca, signer } = setup();
    const tampered = flipContentByte(
      signCadesBes(INVOICE_XML, signer, { signingTime: new Date() }),
      INVOICE_XML,
    );
    const result = opensslVerify(dir, tampered, ca);
    console.info(
      `openssl on a flipped byte: exit ${result.status}, stderr: ${result.stderr.trim().split('\n')[0]}`,
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Verification failure/);
    expect((await verifyP7m(tampered, { at: new Date() })).problems.map((problem) => problem.code)).toEqual([
      '00102',
    ]);
  });

  it('rejects a p7m whose signer certificate comes from another sandbox CA', () => {
    const { dir, ca } = setup();
    const stranger = setup();
    const result = opensslVerify(
      dir,
      signCadesBes(INVOICE_XML, stranger.signer, { signingTime: new Date() }),
      ca,
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/certificate verify error|unable to get local issuer certificate/);
  });

  it('verifies what SandboxSigner.signInvoice produces', () => {
    const dir = tempDir();
    const sandbox = SandboxSigner.open(dir, newSecretBox());
    const p7m = sandbox.signInvoice(INVOICE_XML, ACME, new Date());
    writeFileSync(join(dir, 'ca.pem'), sandbox.caCertificatePem);
    expect(opensslVerify(dir, p7m, sandbox.ca).content).toEqual(INVOICE_XML);
  });
});

describe('SandboxSigner', () => {
  it('signs as each company with its own certificate, reused across invoices and restarts', async () => {
    const dir = tempDir();
    const box = newSecretBox();
    const sandbox = SandboxSigner.open(dir, box);
    const at = new Date();
    const first = await verifyP7m(sandbox.signInvoice(INVOICE_XML, ACME, at), { at });
    const second = await verifyP7m(sandbox.signInvoice(INVOICE_XML, ACME, at), { at });
    const other = await verifyP7m(
      sandbox.signInvoice(INVOICE_XML, { vat: '01234567890', name: 'Beta SpA' }, at),
      { at },
    );
    const restarted = await verifyP7m(SandboxSigner.open(dir, box).signInvoice(INVOICE_XML, ACME, at), {
      at,
    });
    for (const verification of [first, second, other, restarted]) expect(verification.problems).toEqual([]);
    expect(second.signers[0]?.serialNumber).toBe(first.signers[0]?.serialNumber);
    expect(restarted.signers[0]?.serialNumber).toBe(first.signers[0]?.serialNumber);
    expect(other.signers[0]?.serialNumber).not.toBe(first.signers[0]?.serialNumber);
    expect(other.signers[0]?.subject).toContain('organizationIdentifier=VATIT-01234567890');
  });

  it('follows a signing time beyond the certificate validity with a fresh certificate', async () => {
    const sandbox = SandboxSigner.open(tempDir(), newSecretBox());
    const now = new Date();
    const inThreeYears = new Date(now.getTime() + 3 * 365 * 86_400_000);
    const first = await verifyP7m(sandbox.signInvoice(INVOICE_XML, ACME, now), { at: now });
    const later = await verifyP7m(sandbox.signInvoice(INVOICE_XML, ACME, inThreeYears), { at: inThreeYears });
    expect(later.problems).toEqual([]);
    expect(later.signers[0]?.serialNumber).not.toBe(first.signers[0]?.serialNumber);
  });
});
