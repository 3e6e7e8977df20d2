import { createHash, sign } from 'node:crypto';
import type { NotificationSigner } from './types.ts';
import { NotificationInputError } from './types.ts';
import { element, serializeElement } from './xml-writer.ts';
import type { XmlElement } from './xml-writer.ts';

export const DS_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/**
 * Serializes `root` with an enveloped XML-DSig signature as its last child (where every message schema puts
 * `ds:Signature`): Reference URI="" with the enveloped-signature and exclusive-c14n transforms, SHA-256,
 * RSA-SHA256. It is plain XML-DSig, not the XAdES-BES profile of the real SdI (no SignedProperties), which
 * is enough for the schema and for checking integrity against the sandbox CA.
 *
 * No canonicalizer is needed: the writer already emits canonical form, so the digested octets are exactly
 * the serialized document with the Signature element cut out (its surrounding whitespace stays, as the
 * transform prescribes).
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
  const digestValue = createHash('sha256').update(`${before}${indent}\n${after}`, 'utf8').digest('base64');

  const signedInfo = element('ds:SignedInfo', [
    element('ds:CanonicalizationMethod', undefined, { Algorithm: EXC_C14N }),
    element('ds:SignatureMethod', undefined, { Algorithm: RSA_SHA256 }),
    element(
      'ds:Reference',
      [
        element('ds:Transforms', [
          element('ds:Transform', undefined, { Algorithm: ENVELOPED }),
          element('ds:Transform', undefined, { Algorithm: EXC_C14N }),
        ]),
        element('ds:DigestMethod', undefined, { Algorithm: SHA256 }),
        element('ds:DigestValue', digestValue),
      ],
      { URI: '' },
    ),
  ]);
  // Exclusive c14n of the SignedInfo subtree declares the ds prefix on SignedInfo itself, because that is
  // the apex of the node-set and it uses the prefix.
  const canonicalSignedInfo = serializeElement(
    { ...signedInfo, attributes: { 'xmlns:ds': DS_NAMESPACE } },
    '',
  );
  const signatureValue = sign('sha256', Buffer.from(canonicalSignedInfo, 'utf8'), signer.privateKey).toString(
    'base64',
  );
  const certificate = signer.certificateDer;
  const signature = element(
    'ds:Signature',
    [
      signedInfo,
      element('ds:SignatureValue', signatureValue),
      certificate &&
        element('ds:KeyInfo', [
          element('ds:X509Data', [
            element('ds:X509Certificate', Buffer.from(certificate).toString('base64')),
          ]),
        ]),
    ],
    { 'xmlns:ds': DS_NAMESPACE },
  );
  return `${before}${indent}${serializeElement(signature, '')}\n${after}`;
}
