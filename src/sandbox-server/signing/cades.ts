import { sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  Attribute,
  ContentInfo,
  EncapsulatedContentInfo,
  GeneralName,
  GeneralNames,
  IssuerAndSerialNumber,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
} from 'pkijs';
import type { Certificate } from 'pkijs';
import type { SignerCredential } from './signer-certificates.ts';
import { sha256, sha256Algorithm, sha256WithRsa, wholeSeconds } from './x509.ts';

const OID_DATA = '1.2.840.113549.1.7.1';
const OID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';
const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

export interface CadesOptions {
  /** `null` leaves the signing-time attribute out, which SdI rejects (00103): only to reproduce that case. */
  signingTime: Date | null;
}

/**
 * A CAdES-BES `.p7m` in DER: SignedData enveloping `content` (id-data), RSA with SHA-256, signed attributes
 * contentType, messageDigest, signingTime and signing-certificate-v2, with the signer and CA certificates.
 */
export function signCadesBes(
  content: Uint8Array,
  signer: SignerCredential,
  options: CadesOptions,
): Uint8Array {
  const attributes = [
    new Attribute({ type: OID_CONTENT_TYPE, values: [new asn1js.ObjectIdentifier({ value: OID_DATA })] }),
    new Attribute({
      type: OID_MESSAGE_DIGEST,
      values: [new asn1js.OctetString({ valueHex: sha256(content) })],
    }),
    new Attribute({ type: OID_SIGNING_CERTIFICATE_V2, values: [signingCertificateV2(signer)] }),
  ];
  if (options.signingTime !== null) {
    attributes.push(new Attribute({ type: OID_SIGNING_TIME, values: [cmsTime(options.signingTime)] }));
  }
  // The signature covers the DER SET OF, which is sorted; verifiers that re-encode would otherwise disagree.
  const sortedAttributes = sortByEncoding(attributes, (attribute) => attribute.toSchema());
  const toBeSigned = new asn1js.Set({
    value: sortedAttributes.map((attribute) => attribute.toSchema()),
  }).toBER();

  const signerInfo = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({
      issuer: signer.certificate.issuer,
      serialNumber: new asn1js.Integer({ valueHex: signer.certificate.serialNumber.valueBlock.valueHexView }),
    }),
    digestAlgorithm: sha256Algorithm(),
    signedAttrs: new SignedAndUnsignedAttributes({ type: 0, attributes: sortedAttributes }),
    signatureAlgorithm: sha256WithRsa(),
    signature: new asn1js.OctetString({
      valueHex: new Uint8Array(sign('sha256', new Uint8Array(toBeSigned), signer.privateKey)),
    }),
  });

  const encapContentInfo = new EncapsulatedContentInfo({ eContentType: OID_DATA });
  // Assigned after construction: the constructor would split the content into a constructed OCTET STRING,
  // which is BER and not DER.
  encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content });

  const signedData = new SignedData({
    version: 1,
    digestAlgorithms: [sha256Algorithm()],
    encapContentInfo,
    certificates: sortByEncoding([signer.certificate, signer.caCertificate], (certificate: Certificate) =>
      certificate.toSchema(),
    ),
    signerInfos: [signerInfo],
  });
  const contentInfo = new ContentInfo({
    contentType: ContentInfo.SIGNED_DATA,
    content: signedData.toSchema(),
  });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } (RFC 5035), one ESSCertIDv2 for the
 * signer: certHash over the certificate DER, and issuerSerial. hashAlgorithm is left out because SHA-256 is
 * its DEFAULT, which DER omits.
 */
function signingCertificateV2(signer: SignerCredential): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new GeneralNames({
        names: [new GeneralName({ type: 4, value: signer.certificate.issuer })],
      }).toSchema(),
      new asn1js.Integer({ valueHex: signer.certificate.serialNumber.valueBlock.valueHexView }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: sha256(signer.certificateDer) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

function cmsTime(date: Date): asn1js.UTCTime | asn1js.GeneralizedTime {
  // RFC 5652 §11.3: UTCTime for 1950–2049, GeneralizedTime otherwise.
  const year = date.getUTCFullYear();
  const valueDate = wholeSeconds(date);
  return year >= 1950 && year < 2050
    ? new asn1js.UTCTime({ valueDate })
    : new asn1js.GeneralizedTime({ valueDate });
}

function sortByEncoding<T>(items: T[], schema: (item: T) => asn1js.AsnType): T[] {
  const encoded = items.map((item) => ({ item, bytes: new Uint8Array(schema(item).toBER()) }));
  encoded.sort((a, b) => compareBytes(a.bytes, b.bytes));
  return encoded.map(({ item }) => item);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
