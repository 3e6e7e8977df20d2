import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { XmlC14NMode, XmlDocument, XmlElement } from 'libxml2-wasm';
import type { XmlNode } from 'libxml2-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildNotification,
  DS_NAMESPACE,
  parseNotification,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';
import type {
  NotificationFamily,
  NotificationInput,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';
import { B2B_TYPES, fullInput, minimalInput, SIGNABLE_PA_TYPES } from './fixtures.ts';
import {
  disposeValidators,
  referenceAvailable,
  schemaErrors,
  warnIfReferenceMissing,
} from './reference-schemas.ts';

warnIfReferenceMissing('notification signatures');
afterAll(() => disposeValidators());

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
// The schema does not look inside X509Certificate; any DER shows where the bytes land.
const certificateDer = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
const signer = { privateKey, certificateDer };

interface Verification {
  digestMatches: boolean;
  signatureMatches: boolean;
}

/**
 * Checks the signature with libxml2's own exclusive canonicalizer, independently of how the builder
 * produced its octets: the document minus ds:Signature must hash to DigestValue, and the canonical
 * SignedInfo must verify against the key.
 */
function verifyEnveloped(xml: string, key: KeyObject): Verification {
  const doc = XmlDocument.fromString(xml);
  try {
    const ns = { ds: DS_NAMESPACE };
    const insideSignature = (node: XmlNode | null): boolean => {
      for (let el: XmlNode | null = node; el !== null; el = el.parent) {
        if (el instanceof XmlElement && el.name === 'Signature' && el.namespaceUri === DS_NAMESPACE)
          return true;
      }
      return false;
    };
    const canonicalDoc = doc.canonicalizeToString({
      mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0,
      isVisible: (node, parent) => !insideSignature(node instanceof XmlElement ? node : parent),
    });
    const digest = createHash('sha256').update(canonicalDoc, 'utf8').digest('base64');
    const signedInfo = doc.get('//ds:Signature/ds:SignedInfo', ns);
    const signatureValue = doc.get('//ds:Signature/ds:SignatureValue', ns)?.content ?? '';
    const digestValue = doc.get('//ds:Signature/ds:SignedInfo/ds:Reference/ds:DigestValue', ns)?.content;
    if (!(signedInfo instanceof XmlElement)) throw new Error('no SignedInfo');
    const canonicalSignedInfo = signedInfo.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 });
    return {
      digestMatches: digest === digestValue,
      signatureMatches: verify(
        'sha256',
        Buffer.from(canonicalSignedInfo, 'utf8'),
        key,
        Buffer.from(signatureValue, 'base64'),
      ),
    };
  } finally {
    doc.dispose();
  }
}

const cases: [NotificationFamily, NotificationInput][] = [
  ...SIGNABLE_PA_TYPES.flatMap((type) => [
    ['pa', fullInput('pa', type)] as [NotificationFamily, NotificationInput],
    ['pa', minimalInput('pa', type)] as [NotificationFamily, NotificationInput],
  ]),
  ...B2B_TYPES.filter((type) => type !== 'MT').map(
    (type) => ['b2b', fullInput('b2b', type)] as [NotificationFamily, NotificationInput],
  ),
];

describe('enveloped XML-DSig signature (option)', () => {
  for (const [family, input] of cases) {
    it(`${family} ${input.type}: verifies with an independent canonicalizer`, () => {
      const xml = buildNotification(family, input, { signer });
      expect(verifyEnveloped(xml, publicKey)).toEqual({ digestMatches: true, signatureMatches: true });
      expect(parseNotification(xml).signed).toBe(true);
    });
  }

  it.skipIf(!referenceAvailable)(
    'signed PA messages are valid against the unmodified MessaggiTypes_v1.1',
    () => {
      for (const [family, input] of cases) {
        const xml = buildNotification(family, input, { signer });
        expect(schemaErrors(family === 'pa' ? 'paStrict' : 'b2b', xml), `${family} ${input.type}`).toEqual(
          [],
        );
      }
    },
  );

  it('detects tampering and a wrong key', () => {
    const xml = buildNotification('pa', fullInput('pa', 'NS'), { signer });
    const tampered = xml.replace('<Codice>00404</Codice>', '<Codice>00405</Codice>');
    expect(verifyEnveloped(tampered, publicKey).digestMatches).toBe(false);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(verifyEnveloped(xml, other).signatureMatches).toBe(false);
  });

  it('survives text that needs escaping, carriage returns included', () => {
    const input = { ...fullInput('pa', 'RC'), note: 'A & B <c> "d"\r\n\tè 😀' } as NotificationInput;
    const xml = buildNotification('pa', input, { signer });
    expect(verifyEnveloped(xml, publicKey)).toEqual({ digestMatches: true, signatureMatches: true });
  });

  it('writes the certificate in KeyInfo, and is deterministic', () => {
    const xml = buildNotification('pa', fullInput('pa', 'RC'), { signer });
    expect(xml).toContain(
      `<ds:X509Certificate>${Buffer.from(certificateDer).toString('base64')}</ds:X509Certificate>`,
    );
    expect(buildNotification('pa', fullInput('pa', 'RC'), { signer })).toBe(xml);
    expect(buildNotification('pa', fullInput('pa', 'RC'), { signer: { privateKey } })).not.toContain(
      'KeyInfo',
    );
  });

  it('removing the Signature element gives back the unsigned file but for the whitespace around it', () => {
    const unsigned = buildNotification('pa', fullInput('pa', 'DT'));
    const signed = buildNotification('pa', fullInput('pa', 'DT'), { signer });
    expect(signed.replace(/ {2}<ds:Signature [^]*<\/ds:Signature>\n/, '')).toBe(unsigned);
  });

  it('refuses MT (no signature in its schema) and non-RSA keys', () => {
    expect(() => buildNotification('pa', fullInput('pa', 'MT'), { signer })).toThrow(
      /MT has no ds:Signature/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(() => buildNotification('pa', fullInput('pa', 'RC'), { signer: { privateKey: ec } })).toThrow(
      /RSA/,
    );
    expect(() =>
      buildNotification('pa', fullInput('pa', 'RC'), { signer: { privateKey: createPublicKey(privateKey) } }),
    ).toThrow(/RSA private key/);
  });
});
