import { createHash, sign } from 'node:crypto';
import type { NotificationSigner } from './types.ts';
import { NotificationInputError } from './types.ts';
import { element, serializeElement } from './xml-writer.ts';
import type { XmlElement } from './xml-writer.ts';

export const DS_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
export const XADES_NAMESPACE = 'http://uri.etsi.org/01903/v1.3.2#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const XPATH_FILTER2 = 'http://www.w3.org/2002/06/xmldsig-filter2';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';

/** The Id values of SdI's own signatures (official notifiche-signed samples). */
const IDS = {
  signature: 'Signature1',
  signatureValue: 'SignatureValue1',
  document: 'reference-document',
  signedProperties: 'SignedProperties_1',
  signedPropertiesReference: 'reference-signedpropeties',
  keyInfo: 'KeyInfoId',
  keyInfoReference: 'reference-keyinfo',
} as const;

/**
 * Serializes `root` with an enveloped XAdES-BES signature as its last child (where every message schema puts
 * `ds:Signature`), in the profile of SdI's own notifications (sdi-rules.md §g, official notifiche-signed
 * samples): exclusive-c14n SignedInfo, RSA-SHA256 / SHA-256, and three references:
 * - the document, URI="" with the XPath-Filter-2 transform subtracting `/descendant::ds:Signature` (then the
 *   default inclusive c14n, which for our documents is the same octets as the exclusive one);
 * - the `xades:SignedProperties` (Type …#SignedProperties) with the `SigningTime`, exclusive c14n;
 * - the `ds:KeyInfo` holding the certificate, exclusive c14n (XAdES-BES: the signing certificate is
 *   protected by the signature, here by signing KeyInfo as SdI does, instead of a SigningCertificate).
 * Without a certificate there is no KeyInfo nor its reference.
 *
 * No canonicalizer is needed: the writer already emits canonical form, so the digested octets are the
 * serialized document with the Signature element cut out (its surrounding whitespace stays, as the
 * transform prescribes), and each signed subtree serialized on its own with the namespace declaration that
 * exclusive c14n puts on its apex.
 */
export function serializeSigned(root: XmlElement, signer: NotificationSigner): string {
  if (signer.privateKey.type !== 'private' || signer.privateKey.asymmetricKeyType !== 'rsa') {
    throw new NotificationInputError('signer.privateKey', 'must be an RSA private key');
  }
  const unsigned = serializeElement(root);
  const closeAt = unsigned.lastIndexOf('</');
  const before = unsigned.slice(0, closeAt);
  const after = unsigned.slice(closeAt);
  const indent = '  ';
  const documentDigest = sha256(`${before}${indent}\n${after}`);

  const signingTime = signer.signingTime;
  const signedProperties = element(
    'xades:SignedProperties',
    [
      element('xades:SignedSignatureProperties', [
        signingTime && element('xades:SigningTime', xsdDateTime(signingTime)),
      ]),
    ],
    { Id: IDS.signedProperties },
  );
  const certificate = signer.certificateDer;
  const keyInfo =
    certificate &&
    element(
      'ds:KeyInfo',
      [element('ds:X509Data', [element('ds:X509Certificate', Buffer.from(certificate).toString('base64'))])],
      { Id: IDS.keyInfo },
    );

  const excC14n = element('ds:Transforms', [element('ds:Transform', undefined, { Algorithm: EXC_C14N })]);
  const reference = (
    attributes: Record<string, string>,
    digest: string,
    transforms: XmlElement,
  ): XmlElement =>
    element(
      'ds:Reference',
      [
        transforms,
        element('ds:DigestMethod', undefined, { Algorithm: SHA256 }),
        element('ds:DigestValue', digest),
      ],
      attributes,
    );
  const signedInfo = element('ds:SignedInfo', [
    element('ds:CanonicalizationMethod', undefined, { Algorithm: EXC_C14N }),
    element('ds:SignatureMethod', undefined, { Algorithm: RSA_SHA256 }),
    reference(
      { Id: IDS.document, URI: '' },
      documentDigest,
      element('ds:Transforms', [
        element(
          'ds:Transform',
          [element('XPath', '/descendant::ds:Signature', { xmlns: XPATH_FILTER2, Filter: 'subtract' })],
          {
            Algorithm: XPATH_FILTER2,
          },
        ),
      ]),
    ),
    reference(
      { Id: IDS.signedPropertiesReference, Type: SIGNED_PROPERTIES_TYPE, URI: `#${IDS.signedProperties}` },
      sha256(canonicalSubtree(signedProperties, 'xades', XADES_NAMESPACE)),
      excC14n,
    ),
    keyInfo &&
      reference(
        { Id: IDS.keyInfoReference, URI: `#${IDS.keyInfo}` },
        sha256(canonicalSubtree(keyInfo, 'ds', DS_NAMESPACE)),
        excC14n,
      ),
  ]);
  const signatureValue = sign(
    'sha256',
    Buffer.from(canonicalSubtree(signedInfo, 'ds', DS_NAMESPACE), 'utf8'),
    signer.privateKey,
  ).toString('base64');
  const signature = element(
    'ds:Signature',
    [
      signedInfo,
      element('ds:SignatureValue', signatureValue, { Id: IDS.signatureValue }),
      keyInfo,
      element('ds:Object', [
        element('xades:QualifyingProperties', [signedProperties], {
          'xmlns:xades': XADES_NAMESPACE,
          Target: `#${IDS.signature}`,
        }),
      ]),
    ],
    { 'xmlns:ds': DS_NAMESPACE, Id: IDS.signature },
  );
  return `${before}${indent}${serializeElement(signature, '')}\n${after}`;
}

/**
 * Exclusive c14n of a subtree whose elements all use one prefix: the apex declares it (it is the apex of
 * the node-set and uses the prefix), nothing below does. Unprefixed descendants declare their default
 * namespace themselves, as the writer already does.
 */
function canonicalSubtree(subtree: XmlElement, prefix: string, namespace: string): string {
  return serializeElement(
    { ...subtree, attributes: { [`xmlns:${prefix}`]: namespace, ...subtree.attributes } },
    '',
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** xsd:dateTime in UTC, to the second, as SdI writes SigningTime. */
function xsdDateTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
