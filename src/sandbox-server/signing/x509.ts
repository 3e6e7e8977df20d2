import {
  createHash,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  Extension,
  RelativeDistinguishedNames,
  PublicKeyInfo,
  Time,
} from 'pkijs';

/** A certificate with its private key, as the sandbox keeps them. */
export interface SigningCredential {
  certificate: Certificate;
  certificateDer: Uint8Array;
  privateKey: KeyObject;
}

export const OID = {
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationIdentifier: '2.5.4.97',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
} as const;

export const KEY_USAGE = {
  digitalSignature: 0x80,
  nonRepudiation: 0x40,
  keyCertSign: 0x04,
  cRLSign: 0x02,
} as const;

type StringKind = 'printable' | 'utf8';

/** A distinguished name from [OID, value, ASN.1 string type] triples, in encoding order, one per RDN. */
export function distinguishedName(attributes: [string, string, StringKind][]): RelativeDistinguishedNames {
  const rdnSequence = new asn1js.Sequence({
    value: attributes.map(([type, value, kind]) => {
      const text =
        kind === 'printable' ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value });
      return new asn1js.Set({ value: [new AttributeTypeAndValue({ type, value: text }).toSchema()] });
    }),
  });
  // Built from its encoding because pkijs, given just typesAndValues, puts them all in one multi-valued RDN.
  return RelativeDistinguishedNames.fromBER(rdnSequence.toBER());
}

/** The value of the first attribute of a given type in a name, or null. */
export function nameAttribute(name: RelativeDistinguishedNames, type: string): string | null {
  const found = name.typesAndValues.find((candidate) => candidate.type === type);
  const text = (found?.value as { valueBlock?: { value?: unknown } } | undefined)?.valueBlock?.value;
  return typeof text === 'string' ? text : null;
}

export interface SigningKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

// RSA PKCS#1 v1.5 with SHA-256 is what the signed invoices seen in the wild use, so every verifier knows it.
const SIGNING_KEY = { modulusLength: 2048, publicExponent: 0x10001 };
const generateKeyPairInPool = promisify(generateKeyPair);

/** A new signing key pair, made on this thread: 80-300 ms of CPU during which nothing else runs here. */
export function generateSigningKeyPair(): SigningKeyPair {
  return generateKeyPairSync('rsa', SIGNING_KEY);
}

/** A new signing key pair, made on libuv's thread pool: for a server, whose thread must keep answering. */
export function generateSigningKeyPairInBackground(): Promise<SigningKeyPair> {
  return generateKeyPairInPool('rsa', SIGNING_KEY);
}

/** sha256WithRSAEncryption, whose parameters must be NULL (RFC 4055). */
export function sha256WithRsa(): AlgorithmIdentifier {
  return new AlgorithmIdentifier({
    algorithmId: OID.sha256WithRsaEncryption,
    algorithmParams: new asn1js.Null(),
  });
}

/** SHA-256, whose parameters are generated absent (RFC 5754). */
export function sha256Algorithm(): AlgorithmIdentifier {
  return new AlgorithmIdentifier({ algorithmId: OID.sha256 });
}

export function sha256(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

export function spkiDer(publicKey: KeyObject): Uint8Array<ArrayBuffer> {
  return new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
}

/** RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits. */
export function keyIdentifier(spki: PublicKeyInfo): Uint8Array {
  return new Uint8Array(createHash('sha1').update(spki.subjectPublicKey.valueBlock.valueHexView).digest());
}

export function basicConstraintsExtension(isCa: boolean): Extension {
  const value = isCa ? new BasicConstraints({ cA: true, pathLenConstraint: 0 }) : new BasicConstraints();
  return new Extension({
    extnID: OID.basicConstraints,
    critical: true,
    extnValue: value.toSchema().toBER(),
    parsedValue: value,
  });
}

export function keyUsageExtension(bits: number): Extension {
  // DER drops trailing zero bits of a named-bit list, and counts them as unused.
  let unusedBits = 0;
  while (unusedBits < 7 && (bits & (1 << unusedBits)) === 0) unusedBits++;
  const value = new asn1js.BitString({ valueHex: new Uint8Array([bits]), unusedBits });
  return new Extension({
    extnID: OID.keyUsage,
    critical: true,
    extnValue: value.toBER(),
    parsedValue: value,
  });
}

export function subjectKeyIdentifierExtension(identifier: Uint8Array): Extension {
  const value = new asn1js.OctetString({ valueHex: identifier });
  return new Extension({ extnID: OID.subjectKeyIdentifier, extnValue: value.toBER(), parsedValue: value });
}

export function authorityKeyIdentifierExtension(identifier: Uint8Array): Extension {
  const value = new AuthorityKeyIdentifier({
    keyIdentifier: new asn1js.OctetString({ valueHex: identifier }),
  });
  return new Extension({
    extnID: OID.authorityKeyIdentifier,
    extnValue: value.toSchema().toBER(),
    parsedValue: value,
  });
}

export interface CertificateTemplate {
  subject: RelativeDistinguishedNames;
  publicKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  extensions: (spki: PublicKeyInfo) => Extension[];
}

/** Builds and signs an X.509 v3 certificate; self-signed when `issuer` is the subject's own name and key. */
export function issueCertificate(
  template: CertificateTemplate,
  issuer: { name: RelativeDistinguishedNames; privateKey: KeyObject },
): Certificate {
  const spki = PublicKeyInfo.fromBER(spkiDer(template.publicKey));
  const certificate = new Certificate({
    version: 2,
    serialNumber: new asn1js.Integer({ valueHex: randomSerial() }),
    signature: sha256WithRsa(),
    issuer: issuer.name,
    subject: template.subject,
    notBefore: x509Time(template.notBefore),
    notAfter: x509Time(template.notAfter),
    subjectPublicKeyInfo: spki,
    extensions: template.extensions(spki),
  });
  certificate.signatureAlgorithm = sha256WithRsa();
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER());
  const signature = sign('sha256', certificate.tbsView, issuer.privateKey);
  certificate.signatureValue = new asn1js.BitString({ valueHex: new Uint8Array(signature) });
  return certificate;
}

/** Whether `certificate` carries a valid signature by the key of `issuer`. */
export function isSignedBy(certificate: Certificate, issuer: Certificate): boolean {
  const issuerKey = createPublicKey({
    key: Buffer.from(issuer.subjectPublicKeyInfo.toSchema().toBER()),
    format: 'der',
    type: 'spki',
  });
  return verify('sha256', certificate.tbsView, issuerKey, certificate.signatureValue.valueBlock.valueHexView);
}

export function certificateDer(certificate: Certificate): Uint8Array {
  return new Uint8Array(certificate.toSchema().toBER());
}

export function parseCertificate(der: Uint8Array): Certificate {
  return Certificate.fromBER(new Uint8Array(der));
}

export function toPem(der: Uint8Array, label = 'CERTIFICATE'): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Validity dates are encoded to the second; fractions would break DER comparisons and some parsers. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

export function addYears(date: Date, years: number): Date {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

function x509Time(date: Date): Time {
  // RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050.
  return new Time({ type: date.getUTCFullYear() < 2050 ? 0 : 1, value: wholeSeconds(date) });
}

function randomSerial(): Uint8Array {
  // 64+ bits of entropy (CA/B forum habit); the top bit clear keeps the INTEGER positive without padding.
  const serial = new Uint8Array(randomBytes(16));
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  return serial;
}
