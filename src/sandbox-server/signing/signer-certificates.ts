import { join } from 'node:path';
import type { Certificate } from 'pkijs';
import { readCredentialFile, replaceCredentialFile } from './credential-file.ts';
import { CLOCK_SKEW_MS, signingDir } from './sandbox-ca.ts';
import type { SandboxCa } from './sandbox-ca.ts';
import {
  addYears,
  authorityKeyIdentifierExtension,
  basicConstraintsExtension,
  certificateDer,
  distinguishedName,
  generateSigningKeyPair,
  generateSigningKeyPairInBackground,
  isSignedBy,
  issueCertificate,
  KEY_USAGE,
  keyIdentifier,
  keyUsageExtension,
  nameAttribute,
  OID,
  subjectKeyIdentifierExtension,
} from './x509.ts';
import type { SigningCredential, SigningKeyPair } from './x509.ts';

export interface SignerCompany {
  /** With or without the country prefix: `IT12345678903` or `12345678903` (then Italian). */
  vat: string;
  name: string;
}

/** A company's signing certificate and key, with the CA certificate that completes the chain. */
export interface SignerCredential extends SigningCredential {
  caCertificate: Certificate;
  caCertificateDer: Uint8Array;
}

export interface IssueSignerOptions {
  /** The moment the certificate must be valid at; defaults to the current time. */
  now?: Date;
  /**
   * An explicit validity, e.g. in the past to produce an expired certificate. Such a certificate is neither
   * cached nor taken from the cache.
   */
  validity?: { notBefore: Date; notAfter: Date };
}

const SIGNER_VALIDITY_YEARS = 2;
// ub-common-name and ub-organization-name (RFC 5280 appendix A).
const MAX_NAME_LENGTH = 64;

/**
 * The signer certificate of `company`: CN and O = its name, organizationIdentifier and serialNumber =
 * `VATIT-…` (ETSI EN 319 412-1 semantics), key usage digitalSignature + nonRepudiation, two years.
 * Cached in the data directory and reused while valid at `now`, issued by this CA and for the same name.
 * A new one costs a key pair made on this thread (see issueSignerCertificateInBackground for a server).
 */
export function issueSignerCertificate(
  ca: SandboxCa,
  company: SignerCompany,
  options: IssueSignerOptions = {},
): SignerCredential {
  const now = options.now ?? new Date();
  return (
    cachedSigner(ca, company, now, options) ??
    certifySigner(ca, company, now, options, generateSigningKeyPair())
  );
}

/**
 * issueSignerCertificate with the key pair of a new certificate made on libuv's thread pool: a server issuing
 * one for each new company would otherwise stop answering everyone for a few hundred milliseconds each time.
 */
export async function issueSignerCertificateInBackground(
  ca: SandboxCa,
  company: SignerCompany,
  options: IssueSignerOptions = {},
): Promise<SignerCredential> {
  const now = options.now ?? new Date();
  return (
    cachedSigner(ca, company, now, options) ??
    certifySigner(ca, company, now, options, await generateSigningKeyPairInBackground())
  );
}

function cachedSigner(
  ca: SandboxCa,
  company: SignerCompany,
  now: Date,
  options: IssueSignerOptions,
): SignerCredential | null {
  if (options.validity !== undefined) return null;
  const path = signerCredentialPath(ca.dataDir, companyIdentity(company).organizationIdentifier);
  const cached = readCredentialFile(path, ca.secretBox);
  return cached !== null && isReusable(cached.certificate, ca, company, now) ? withCa(cached, ca) : null;
}

/** A new certificate for `company` on `keyPair`, kept in the data directory unless its validity is explicit. */
function certifySigner(
  ca: SandboxCa,
  company: SignerCompany,
  now: Date,
  options: IssueSignerOptions,
  { privateKey, publicKey }: SigningKeyPair,
): SignerCredential {
  const identity = companyIdentity(company);
  const validity = options.validity ?? {
    notBefore: new Date(now.getTime() - CLOCK_SKEW_MS),
    notAfter: addYears(now, SIGNER_VALIDITY_YEARS),
  };
  const certificate = issueCertificate(
    {
      subject: distinguishedName([
        [OID.country, identity.country, 'printable'],
        [OID.organization, identity.name, 'utf8'],
        [OID.organizationIdentifier, identity.organizationIdentifier, 'utf8'],
        [OID.serialNumber, identity.organizationIdentifier, 'printable'],
        [OID.commonName, identity.name, 'utf8'],
      ]),
      publicKey,
      ...validity,
      extensions: (spki) => [
        basicConstraintsExtension(false),
        keyUsageExtension(KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation),
        subjectKeyIdentifierExtension(keyIdentifier(spki)),
        authorityKeyIdentifierExtension(ca.keyIdentifier),
      ],
    },
    { name: ca.certificate.subject, privateKey: ca.privateKey },
  );
  const credential: SigningCredential = {
    certificate,
    certificateDer: certificateDer(certificate),
    privateKey,
  };
  if (options.validity === undefined) {
    replaceCredentialFile(
      signerCredentialPath(ca.dataDir, identity.organizationIdentifier),
      credential,
      ca.secretBox,
    );
  }
  return withCa(credential, ca);
}

/** `IT12345678903` → `VATIT-12345678903`. */
export function organizationIdentifier(vat: string): string {
  return companyIdentity({ vat, name: '' }).organizationIdentifier;
}

export function signerCredentialPath(dataDir: string, organizationIdentifier: string): string {
  return join(
    signingDir(dataDir),
    'signers',
    `${organizationIdentifier.replace(/[^A-Za-z0-9-]/g, '_')}.json`,
  );
}

interface CompanyIdentity {
  country: string;
  organizationIdentifier: string;
  name: string;
}

function companyIdentity(company: SignerCompany): CompanyIdentity {
  // PrintableString has no room for anything but letters and digits in an identifier like this.
  const compact = company.vat.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const prefixed = /^[A-Z]{2}/.test(compact) ? compact : `IT${compact}`;
  const country = prefixed.slice(0, 2);
  const number = prefixed.slice(2);
  if (number === '')
    throw new RangeError(`Cannot issue a signer certificate for the VAT number "${company.vat}"`);
  const name = company.name.trim().slice(0, MAX_NAME_LENGTH) || `${country}${number}`;
  return { country, organizationIdentifier: `VAT${country}-${number}`, name };
}

/** Whether a certificate issued earlier still fits `company` (same name) at `now`. */
export function certificateFits(certificate: Certificate, company: SignerCompany, now: Date): boolean {
  return (
    certificate.notBefore.value <= now &&
    now < certificate.notAfter.value &&
    nameAttribute(certificate.subject, OID.commonName) === companyIdentity(company).name
  );
}

function isReusable(certificate: Certificate, ca: SandboxCa, company: SignerCompany, now: Date): boolean {
  return (
    certificateFits(certificate, company, now) &&
    // The CA may have been recreated (e.g. its file deleted) since this certificate was cached.
    certificate.issuer.isEqual(ca.certificate.subject) &&
    isSignedBy(certificate, ca.certificate)
  );
}

function withCa(credential: SigningCredential, ca: SandboxCa): SignerCredential {
  return { ...credential, caCertificate: ca.certificate, caCertificateDer: ca.certificateDer };
}
