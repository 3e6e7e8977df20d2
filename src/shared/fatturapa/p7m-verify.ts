import * as asn1js from 'asn1js';
import { Certificate, ContentInfo, CryptoEngine, SignedData, SignedDataVerifyError } from 'pkijs';
import type { RelativeDistinguishedNames, SignerInfo } from 'pkijs';
import { InvoiceDocumentError } from './errors.ts';
import { detectPayloadKind, unwrapP7m } from './p7m.ts';

/**
 * SdI file-level codes a CAdES check can raise (sdi-rules.md §b); 00104 only when told which CAs to trust,
 * 00101 never (revocation needs the CAs' lists, which an offline check does not have).
 */
export type P7mProblemCode = '00100' | '00102' | '00103' | '00104' | '00105' | '00107';

export interface P7mProblem {
  code: P7mProblemCode;
  /** Always `signer` (index in SignerInfos) when about one signer, plus `reason` and ISO dates as relevant. */
  params: Record<string, string | number>;
}

export interface P7mSigner {
  /** Attributes in certificate order, e.g. `C=IT, O=ACME SRL, CN=ACME SRL`. */
  subject: string;
  /** Upper-case hexadecimal. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  signingTime: Date | null;
}

export interface P7mVerification {
  /** The signed content; empty when the CMS could not be read (then the only problem is 00102). */
  content: Uint8Array;
  /** One entry per SignerInfo whose certificate is embedded. */
  signers: P7mSigner[];
  problems: P7mProblem[];
}

export interface VerifyP7mOptions {
  /** The moment of the check (SdI: reception), for certificate expiry. */
  at: Date;
  /**
   * The CA certificates (DER) the check trusts, as SdI trusts the qualified CAs. Given, a signer whose
   * certificate is not one of them nor issued by one (directly or through CA certificates the envelope carries)
   * is 00104. Absent, trust is not judged: which CAs are qualified is not something a file can tell.
   */
  trustAnchors?: readonly Uint8Array[];
}

const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';
const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const OID_SIGNING_CERTIFICATE = '1.2.840.113549.1.9.16.2.12';
const OID_KEY_USAGE = '2.5.29.15';
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const KEY_USAGE_DIGITAL_SIGNATURE = 0x80;
const KEY_USAGE_NON_REPUDIATION = 0x40;

/**
 * Checks a CAdES `.p7m` the way SdI does at file level, minus revocation (00101), which needs the outside world:
 * the signature over the signed attributes and the content digest, certificate validity at `at` and at the
 * signing time, the signing-time reference, and (given `trustAnchors`) that a trusted CA issued the certificate
 * (00104). A bad signature is reported, not thrown.
 *
 * Throws InvoiceDocumentError `not-cms` when the bytes do not even announce a CMS SignedData, and
 * `cms-without-content` (like unwrapP7m) for a detached signature, which carries no invoice to verify.
 */
export async function verifyP7m(bytes: Uint8Array, options: VerifyP7mOptions): Promise<P7mVerification> {
  let content: Uint8Array;
  try {
    content = unwrapP7m(bytes);
  } catch (error) {
    // A file that starts as a SignedData but breaks further on was signed and then damaged: SdI's "file not
    // intact" (00102), not a file of the wrong kind.
    if (error instanceof InvoiceDocumentError && error.code === 'not-cms' && announcesSignedData(bytes)) {
      const problem = {
        code: '00102' as const,
        params: { reason: 'unreadable-cms', detail: error.detail ?? '' },
      };
      return { content: new Uint8Array(), signers: [], problems: [problem] };
    }
    throw error;
  }

  // unwrapP7m accepted these bytes, so decoding and parsing again cannot fail.
  const der = binaryOf(bytes) ?? new Uint8Array();
  const asn1 = asn1js.fromBER(der, { parseEmbedded: false, maxNodes: 200_000 });
  const contentInfo = new ContentInfo({ schema: asn1.result });
  const certificateEncodings = embeddedCertificateEncodings(contentInfo.content);
  const signedData = new SignedData({ schema: contentInfo.content });

  const result: P7mVerification = { content, signers: [], problems: [] };
  if (signedData.signerInfos.length === 0) {
    result.problems.push({ code: '00102', params: { reason: 'no-signer' } });
    return result;
  }
  const engine = new CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });
  const anchors = options.trustAnchors?.map((der) => Certificate.fromBER(new Uint8Array(der)));
  for (let index = 0; index < signedData.signerInfos.length; index++) {
    await checkSigner(signedData, index, certificateEncodings, options.at, engine, result, anchors);
  }
  return result;
}

async function checkSigner(
  signedData: SignedData,
  index: number,
  certificateEncodings: Uint8Array[],
  at: Date,
  engine: CryptoEngine,
  result: P7mVerification,
  anchors: readonly Certificate[] | undefined,
): Promise<void> {
  const signerInfo = signedData.signerInfos[index] as SignerInfo;
  const problems = result.problems;
  const before = problems.length;
  let certificate: Certificate | null = null;
  try {
    const outcome = await signedData.verify(
      // checkDate only matters to pkijs's chain building, which would mix expiry (00100) into trust (00104):
      // the chain is followed apart, without dates (chainsToTrusted).
      { signer: index, checkChain: false, extendedMode: true, checkDate: at },
      engine,
    );
    certificate = outcome.signerCertificate ?? null;
    if (outcome.signatureVerified !== true) {
      problems.push({ code: '00102', params: { signer: index, reason: 'signature-mismatch' } });
    }
  } catch (error) {
    if (!(error instanceof SignedDataVerifyError)) throw error;
    certificate = error.signerCertificate;
    if (error.code === 2 || error.code === 3) {
      problems.push({ code: '00107', params: { signer: index, reason: 'certificate-missing' } });
    } else {
      problems.push({ code: '00102', params: { signer: index, reason: verifyFailureReason(error) } });
    }
  }

  const signingTime = readSigningTime(signerInfo);
  if (signingTime === null) {
    // sdi-rules.md §g lists "a signing-time reference exists (00103)" among the checks on every signed file.
    problems.push({ code: '00103', params: { signer: index } });
  }
  if (certificate === null) return;

  const notBefore = certificate.notBefore.value;
  const notAfter = certificate.notAfter.value;
  result.signers.push({
    subject: formatName(certificate.subject),
    serialNumber: hexOf(certificate.serialNumber.valueBlock.valueHexView),
    notBefore,
    notAfter,
    signingTime,
  });

  const validity = { notBefore: notBefore.toISOString(), notAfter: notAfter.toISOString() };
  if (at > notAfter || (signingTime !== null && signingTime > notAfter)) {
    const params: Record<string, string | number> = { signer: index, at: at.toISOString(), ...validity };
    if (signingTime !== null && signingTime > notAfter) params['signingTime'] = signingTime.toISOString();
    problems.push({ code: '00100', params });
  }
  if (signingTime !== null && (signingTime < notBefore || signingTime > notAfter)) {
    problems.push({
      code: '00105',
      params: { signer: index, signingTime: signingTime.toISOString(), ...validity },
    });
  }
  const encoding = certificateEncodings[signedData.certificates?.indexOf(certificate) ?? -1];
  const unusable = await unusableReason(certificate, encoding, signerInfo, at);
  if (unusable !== null)
    problems.push({ code: '00107', params: { signer: index, reason: unusable, ...validity } });
  // Who issued the certificate matters only for a signature that holds: one that does not verify is 00102
  // whoever signed it, and a certificate it does not bind vouches for nothing.
  const verified = !problems.slice(before).some((problem) => problem.code === '00102');
  if (anchors !== undefined && verified) {
    const carried = (signedData.certificates ?? []).filter((c): c is Certificate => c instanceof Certificate);
    if (!(await chainsToTrusted(certificate, carried, anchors, engine))) {
      problems.push({ code: '00104', params: { signer: index, issuer: formatName(certificate.issuer) } });
    }
  }
}

/** Longer chains than any qualified CA uses (root, one or two intermediates): a loop or a hostile file stops here. */
const MAX_CHAIN_LENGTH = 6;

/**
 * Whether `certificate` is one of `anchors`, or was signed by one, directly or through the CA certificates the
 * envelope carries. Each link is judged by the issuer's name and a signature that verifies with its key; validity
 * dates are 00100/00105/00107's business, so an expired intermediate does not make a signer untrusted here.
 */
async function chainsToTrusted(
  certificate: Certificate,
  carried: readonly Certificate[],
  anchors: readonly Certificate[],
  engine: CryptoEngine,
  depth = 0,
): Promise<boolean> {
  if (anchors.some((anchor) => sameCertificate(anchor, certificate))) return true;
  if (depth >= MAX_CHAIN_LENGTH) return false;
  for (const anchor of anchors) {
    if (anchor.subject.isEqual(certificate.issuer) && (await signedBy(certificate, anchor, engine)))
      return true;
  }
  for (const issuer of carried) {
    if (sameCertificate(issuer, certificate) || !issuer.subject.isEqual(certificate.issuer)) continue;
    if (!(await signedBy(certificate, issuer, engine))) continue;
    const rest = carried.filter((other) => other !== issuer);
    if (await chainsToTrusted(issuer, rest, anchors, engine, depth + 1)) return true;
  }
  return false;
}

async function signedBy(
  certificate: Certificate,
  issuer: Certificate,
  engine: CryptoEngine,
): Promise<boolean> {
  try {
    return await certificate.verify(issuer, engine);
  } catch {
    // An algorithm WebCrypto does not know, a malformed key: no link either way.
    return false;
  }
}

/** The same certificate: the issuer's signature over it is unique to it. */
function sameCertificate(a: Certificate, b: Certificate): boolean {
  return equalBytes(a.signatureValue.valueBlock.valueHexView, b.signatureValue.valueBlock.valueHexView);
}

/** Why a certificate that is present cannot vouch for this signature, or null. */
async function unusableReason(
  certificate: Certificate,
  encoding: Uint8Array | undefined,
  signerInfo: SignerInfo,
  at: Date,
): Promise<string | null> {
  if (at < certificate.notBefore.value) return 'not-yet-valid';
  const keyUsage = readKeyUsage(certificate);
  if (keyUsage !== null && (keyUsage & (KEY_USAGE_DIGITAL_SIGNATURE | KEY_USAGE_NON_REPUDIATION)) === 0) {
    return 'key-usage';
  }
  const reference = readSigningCertificateReference(signerInfo);
  if (reference !== null) {
    const bytes = new Uint8Array(encoding ?? certificate.toSchema().toBER());
    const digest = new Uint8Array(await globalThis.crypto.subtle.digest(reference.hash, bytes));
    if (!equalBytes(digest, reference.certHash)) return 'signing-certificate-mismatch';
  }
  return null;
}

function verifyFailureReason(error: SignedDataVerifyError): string {
  if (error.code === 9 || error.code === 10) return 'missing-signed-attribute';
  if (error.code === 7) return 'unsupported-algorithm';
  if (/digest/i.test(error.message)) return 'content-digest-mismatch';
  return 'verification-error';
}

// ---------------------------------------------------------------------------------------------
// Attributes and extensions

function signedAttribute(signerInfo: SignerInfo, type: string): asn1js.AsnType | null {
  const attribute = signerInfo.signedAttrs?.attributes.find((candidate) => candidate.type === type);
  return (attribute?.values[0] as asn1js.AsnType | undefined) ?? null;
}

function readSigningTime(signerInfo: SignerInfo): Date | null {
  const value = signedAttribute(signerInfo, OID_SIGNING_TIME);
  // GeneralizedTime extends UTCTime in asn1js.
  if (!(value instanceof asn1js.UTCTime)) return null;
  const date = value.toDate();
  return Number.isNaN(date.getTime()) ? null : date;
}

interface CertificateReference {
  hash: 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';
  certHash: Uint8Array;
}

const HASH_BY_OID: Record<string, CertificateReference['hash']> = {
  '1.3.14.3.2.26': 'SHA-1',
  [OID_SHA256]: 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

/**
 * The first ESSCertID(v2) of a signing-certificate(-v2) attribute: it binds the signature to one certificate,
 * so a different certificate with the same issuer and serial cannot be slipped in.
 */
function readSigningCertificateReference(signerInfo: SignerInfo): CertificateReference | null {
  const v2 = signedAttribute(signerInfo, OID_SIGNING_CERTIFICATE_V2);
  const v1 = v2 === null ? signedAttribute(signerInfo, OID_SIGNING_CERTIFICATE) : null;
  const certs = firstChild(v2 ?? v1);
  const certId = firstChild(certs);
  if (!(certId instanceof asn1js.Sequence)) return null;
  const [first, second] = certId.valueBlock.value;
  if (v1 !== null) {
    return first instanceof asn1js.OctetString
      ? { hash: 'SHA-1', certHash: first.valueBlock.valueHexView }
      : null;
  }
  // hashAlgorithm is DEFAULT sha256, so DER leaves it out.
  if (first instanceof asn1js.OctetString)
    return { hash: 'SHA-256', certHash: first.valueBlock.valueHexView };
  const algorithm = firstChild(first);
  if (!(algorithm instanceof asn1js.ObjectIdentifier) || !(second instanceof asn1js.OctetString)) return null;
  const hash = HASH_BY_OID[algorithm.valueBlock.toString()];
  return hash === undefined ? null : { hash, certHash: second.valueBlock.valueHexView };
}

function readKeyUsage(certificate: Certificate): number | null {
  const extension = certificate.extensions?.find((candidate) => candidate.extnID === OID_KEY_USAGE);
  if (extension === undefined) return null;
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  if (!(parsed.result instanceof asn1js.BitString)) return 0;
  return parsed.result.valueBlock.valueHexView[0] ?? 0;
}

function firstChild(block: asn1js.AsnType | null | undefined): asn1js.AsnType | null {
  if (!(block instanceof asn1js.Sequence)) return null;
  return (block.valueBlock.value[0] as asn1js.AsnType | undefined) ?? null;
}

/**
 * The bytes each embedded certificate was received as, in SignedData.certificates order: a certificate hash
 * must be computed over them, and re-encoding a BER-encoded certificate would change it.
 */
function embeddedCertificateEncodings(signedDataBlock: unknown): Uint8Array[] {
  if (!(signedDataBlock instanceof asn1js.Sequence)) return [];
  const set = signedDataBlock.valueBlock.value.find(
    (block) => block.idBlock.tagClass === 3 && block.idBlock.tagNumber === 0,
  );
  if (!(set instanceof asn1js.Constructed)) return [];
  return set.valueBlock.value.map((block) => block.valueBeforeDecodeView);
}

// ---------------------------------------------------------------------------------------------
// Formatting

const NAME_SHORT_FORMS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'street',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'title',
  '2.5.4.42': 'GN',
  '2.5.4.43': 'initials',
  '2.5.4.46': 'dnQualifier',
  '2.5.4.65': 'pseudonym',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

function formatName(name: RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map(({ type, value }) => {
      const text = (value as { valueBlock?: { value?: unknown } }).valueBlock?.value;
      const shown =
        typeof text === 'string' ? text.replace(/[,+"\\<>;]/g, '\\$&') : `#${hexOf(value.toBER())}`;
      return `${NAME_SHORT_FORMS[type] ?? type}=${shown}`;
    })
    .join(', ');
}

function hexOf(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let start = 0;
  // A leading zero byte only keeps an INTEGER positive; it is not part of the number.
  while (start < view.length - 1 && view[start] === 0) start++;
  return Array.from(view.subarray(start), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

// ---------------------------------------------------------------------------------------------
// Raw bytes

// ContentInfo ::= SEQUENCE { contentType OBJECT IDENTIFIER (1.2.840.113549.1.7.2 = signedData), ... }
const SIGNED_DATA_OID_TLV = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];

/** Whether the bytes begin with the header of a ContentInfo holding a SignedData, whatever follows. */
function announcesSignedData(bytes: Uint8Array): boolean {
  const der = binaryOf(bytes);
  if (der === null || der[0] !== 0x30 || der.length < 2) return false;
  const lengthByte = der[1] ?? 0;
  const oidStart = 2 + (lengthByte > 0x80 ? lengthByte & 0x7f : 0);
  return SIGNED_DATA_OID_TLV.every((byte, i) => der[oidStart + i] === byte);
}

const PEM_ARMOUR = /-----(?:BEGIN|END) [A-Z0-9 ]+-----/g;

// Mirrors the decoding inside p7m.ts, which does not export it.
function binaryOf(bytes: Uint8Array): Uint8Array | null {
  const kind = detectPayloadKind(bytes);
  if (kind === 'p7m-der') return bytes;
  if (kind !== 'p7m-base64') return null;
  const body = new TextDecoder('latin1').decode(bytes).replace(PEM_ARMOUR, '').replace(/\s+/g, '');
  try {
    return Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}
