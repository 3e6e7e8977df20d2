/**
 * Certificates made in the test process with the sandbox's own X.509 code (no openssl): a CA of a test's own,
 * unknown to any sandbox, and signer certificates it (or the signer itself) issues, to sign `.p7m` files that a
 * sandbox must judge by who signed them.
 */
import type { Certificate } from 'pkijs';
import { signCadesBes } from '../../src/sandbox-server/signing/index.ts';
import type { SignerCredential } from '../../src/sandbox-server/signing/index.ts';
import {
  authorityKeyIdentifierExtension,
  basicConstraintsExtension,
  certificateDer,
  distinguishedName,
  generateSigningKeyPair,
  issueCertificate,
  KEY_USAGE,
  keyIdentifier,
  keyUsageExtension,
  OID,
  subjectKeyIdentifierExtension,
  toPem,
} from '../../src/sandbox-server/signing/x509.ts';
import type { SigningCredential } from '../../src/sandbox-server/signing/x509.ts';

const DAY_MS = 86_400_000;

export interface TestCa extends SigningCredential {
  pem: string;
}

/**
 * A CA valid from a year before `now` to ten years after, as a signing provider's would be: self-signed (a root),
 * or issued by `issuer` (an intermediate CA).
 */
export function testCa(commonName: string, options: { now?: Date; issuer?: SigningCredential } = {}): TestCa {
  const now = options.now ?? new Date();
  const { privateKey, publicKey } = generateSigningKeyPair();
  const name = distinguishedName([[OID.commonName, commonName, 'utf8']]);
  const issuer = options.issuer;
  const certificate = issueCertificate(
    {
      subject: name,
      publicKey,
      notBefore: new Date(now.getTime() - 365 * DAY_MS),
      notAfter: new Date(now.getTime() + 3650 * DAY_MS),
      extensions: (spki) => [
        basicConstraintsExtension(true),
        keyUsageExtension(KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign),
        subjectKeyIdentifierExtension(keyIdentifier(spki)),
      ],
    },
    issuer ? { name: issuer.certificate.subject, privateKey: issuer.privateKey } : { name, privateKey },
  );
  const der = certificateDer(certificate);
  return { certificate, certificateDer: der, privateKey, pem: toPem(der) };
}

export interface SignerOptions {
  /** Default: a day before `now` to a year after. */
  validity?: { notBefore: Date; notAfter: Date };
  /** Default: the real time (a frozen sandbox clock elsewhere wants its own). */
  now?: Date;
  /** The CA that issues it; absent, the certificate is self-signed (its own issuer). */
  issuer?: SigningCredential;
}

/** A signer certificate for `name` (digitalSignature + nonRepudiation), with its key and its issuer's certificate. */
export function testSigner(name: string, options: SignerOptions = {}): SignerCredential {
  const now = (options.now ?? new Date()).getTime();
  const { privateKey, publicKey } = generateSigningKeyPair();
  const subject = distinguishedName([
    [OID.country, 'IT', 'printable'],
    [OID.organization, name, 'utf8'],
    [OID.commonName, name, 'utf8'],
  ]);
  const issuer = options.issuer;
  const validity = options.validity ?? {
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 365 * DAY_MS),
  };
  const certificate: Certificate = issueCertificate(
    {
      subject,
      publicKey,
      ...validity,
      extensions: (spki) => [
        basicConstraintsExtension(false),
        keyUsageExtension(KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation),
        subjectKeyIdentifierExtension(keyIdentifier(spki)),
        ...(issuer
          ? [authorityKeyIdentifierExtension(keyIdentifier(issuer.certificate.subjectPublicKeyInfo))]
          : []),
      ],
    },
    issuer
      ? { name: issuer.certificate.subject, privateKey: issuer.privateKey }
      : { name: subject, privateKey },
  );
  const der = certificateDer(certificate);
  return {
    certificate,
    certificateDer: der,
    privateKey,
    caCertificate: issuer?.certificate ?? certificate,
    caCertificateDer: issuer?.certificateDer ?? der,
  };
}

/** `xml` as a CAdES-BES `.p7m` (DER) signed by `signer` at `signingTime`. */
export function signWith(signer: SignerCredential, xml: string, signingTime: Date): Uint8Array {
  return signCadesBes(new TextEncoder().encode(xml), signer, { signingTime });
}
