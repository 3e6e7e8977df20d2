import * as asn1js from 'asn1js';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  RelativeDistinguishedNames,
  SignedData,
  SignerInfo,
} from 'pkijs';
import { describe, expect, it } from 'vitest';
import { InvoiceDocumentError, unwrapP7m, verifyP7m } from '../../../src/shared/fatturapa/index.ts';
import type { P7mVerification } from '../../../src/shared/fatturapa/index.ts';
import { signWith, testCa, testSigner } from '../../support/certificates.ts';
import { listSamples, readSample, referenceAvailable, warnIfReferenceMissing } from './reference-samples.ts';

warnIfReferenceMissing('p7m-verify');

const ascii = (text: string) => new TextEncoder().encode(text);
const ID_DATA = '1.2.840.113549.1.7.1';
const NOW = new Date();

async function errorCode(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof InvoiceDocumentError) return error.code;
    throw error;
  }
  throw new Error('expected an InvoiceDocumentError');
}

function codes(verification: P7mVerification): string[] {
  return verification.problems.map((problem) => problem.code);
}

function contentInfoBytes(signedData: SignedData): Uint8Array {
  const contentInfo = new ContentInfo({
    contentType: ContentInfo.SIGNED_DATA,
    content: signedData.toSchema(),
  });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

function attachedContent(text: string): EncapsulatedContentInfo {
  return new EncapsulatedContentInfo({
    eContentType: ID_DATA,
    eContent: new asn1js.OctetString({ valueHex: ascii(text) }),
  });
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function withFlippedByte(bytes: Uint8Array, offset: number): Uint8Array {
  const copy = bytes.slice();
  copy[offset] = (copy[offset] ?? 0) ^ 0x01;
  return copy;
}

describe('verifyP7m on synthetic structures', () => {
  it('throws not-cms for bytes that are not CMS at all', async () => {
    expect(await errorCode(() => verifyP7m(ascii('<FatturaElettronica/>'), { at: NOW }))).toBe('not-cms');
    expect(await errorCode(() => verifyP7m(ascii(' \n'), { at: NOW }))).toBe('not-cms');
    expect(await errorCode(() => verifyP7m(ascii('aGVsbG8gd29ybGQ='), { at: NOW }))).toBe('not-cms');
    const sequence = new asn1js.Sequence({ value: [new asn1js.Integer({ value: 1 })] });
    expect(await errorCode(() => verifyP7m(new Uint8Array(sequence.toBER()), { at: NOW }))).toBe('not-cms');
  });

  it('throws not-cms for a ContentInfo that holds something other than SignedData', async () => {
    const contentInfo = new ContentInfo({
      contentType: ID_DATA,
      content: new asn1js.OctetString({ valueHex: ascii('x') }),
    });
    const bytes = new Uint8Array(contentInfo.toSchema().toBER());
    expect(await errorCode(() => verifyP7m(bytes, { at: NOW }))).toBe('not-cms');
  });

  it('throws cms-without-content for a detached signature, like unwrapP7m', async () => {
    const signedData = new SignedData({
      version: 1,
      encapContentInfo: new EncapsulatedContentInfo({ eContentType: ID_DATA }),
      signerInfos: [],
    });
    expect(await errorCode(() => verifyP7m(contentInfoBytes(signedData), { at: NOW }))).toBe(
      'cms-without-content',
    );
  });

  it('reports a truncated SignedData as 00102 (unreadable), with empty content', async () => {
    const signedData = new SignedData({
      version: 1,
      encapContentInfo: attachedContent('<a/>'),
      signerInfos: [],
    });
    const bytes = contentInfoBytes(signedData);
    const verification = await verifyP7m(bytes.subarray(0, bytes.length - 5), { at: NOW });
    expect(verification.problems).toEqual([
      { code: '00102', params: { reason: 'unreadable-cms', detail: expect.any(String) } },
    ]);
    expect(verification.content).toHaveLength(0);
    expect(verification.signers).toEqual([]);
  });

  it('reports a SignedData without any SignerInfo as 00102 and still returns its content', async () => {
    const signedData = new SignedData({
      version: 1,
      encapContentInfo: attachedContent('<a/>'),
      signerInfos: [],
    });
    const verification = await verifyP7m(contentInfoBytes(signedData), { at: NOW });
    expect(verification.problems).toEqual([{ code: '00102', params: { reason: 'no-signer' } }]);
    expect(new TextDecoder().decode(verification.content)).toBe('<a/>');
  });

  it('reports a signer whose certificate is not embedded as 00107, and the missing signing time as 00103', async () => {
    const issuer = new RelativeDistinguishedNames({
      typesAndValues: [
        new AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'Nobody CA' }) }),
      ],
    });
    const signerInfo = new SignerInfo({
      version: 1,
      sid: new IssuerAndSerialNumber({ issuer, serialNumber: new asn1js.Integer({ value: 42 }) }),
      digestAlgorithm: new AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
      signatureAlgorithm: new AlgorithmIdentifier({
        algorithmId: '1.2.840.113549.1.1.11',
        algorithmParams: new asn1js.Null(),
      }),
      signature: new asn1js.OctetString({ valueHex: new Uint8Array(256).fill(7) }),
    });
    const signedData = new SignedData({
      version: 1,
      encapContentInfo: attachedContent('<a/>'),
      signerInfos: [signerInfo],
    });
    const verification = await verifyP7m(contentInfoBytes(signedData), { at: NOW });
    expect(verification.problems).toEqual([
      { code: '00107', params: { signer: 0, reason: 'certificate-missing' } },
      { code: '00103', params: { signer: 0 } },
    ]);
    expect(verification.signers).toEqual([]);
  });
});

describe.skipIf(!referenceAvailable)('verifyP7m on the reference samples', () => {
  const P01 = 'real-world/p7m/P01_CAdES-BES_DER_FPR12-split-payment__IT02182030391_31.xml.p7m';
  const P02 = 'real-world/p7m/P02_CAdES-BES_base64-text__IT02182030391_31.Base64.xml.p7m';
  const P03 = 'real-world/p7m/P03_CAdES-BES_base64-CRLF_BER-indefinite__IT02182030391_31.Base64.CRLF.xml.p7m';
  const P04 = 'real-world/p7m/P04_INVALID-CAdES_tampered__IT02182030391_31_tampered.xml.p7m';
  const P05 = 'real-world/p7m/P05_CAdES-BES_DER_lotto-2-bodies__IT01234567890_FPR03.xml.p7m';
  const P06 = 'real-world/p7m/P06_CAdES-BES_DER_with-Allegati__IT00484960588_ERKHK.xml.p7m';
  const P07 = 'real-world/p7m/P07_INVALID-not-CMS__IT05979361218_fake.xml.p7m';
  const LEGACY = 'official/fatturapa-v1.0-legacy-sdi-example/IT01234567890_11111.xml.p7m';

  // Every good sample has a valid signature value; every certificate has expired since (the newest in 2021).
  const good: { path: string; cn: string; serial: string; signingTime: string; notAfter: string }[] = [
    {
      path: P01,
      cn: 'GARDINI STEFANO',
      serial: '8EFD16',
      signingTime: '2018-09-08T13:32:45.000Z',
      notAfter: '2021-09-03T00:00:00.000Z',
    },
    {
      path: P02,
      cn: 'GARDINI STEFANO',
      serial: '8EFD16',
      signingTime: '2018-09-08T13:32:45.000Z',
      notAfter: '2021-09-03T00:00:00.000Z',
    },
    {
      path: P03,
      cn: 'GARDINI STEFANO',
      serial: '8EFD16',
      signingTime: '2018-09-08T13:32:45.000Z',
      notAfter: '2021-09-03T00:00:00.000Z',
    },
    {
      path: P05,
      cn: 'CORATO SERGIO',
      serial: '996938',
      signingTime: '2018-12-21T15:58:13.000Z',
      notAfter: '2021-10-25T00:00:00.000Z',
    },
    {
      path: P06,
      cn: 'MARIO DE NICTOLIS',
      serial: '0EA37E30D56F218E',
      signingTime: '2018-12-14T10:21:38.000Z',
      notAfter: '2020-12-20T08:46:58.000Z',
    },
    {
      path: LEGACY,
      cn: 'Giordano Bigarelli',
      serial: '442BAF3A',
      signingTime: '2014-02-06T09:38:42.000Z',
      notAfter: '2016-03-29T13:33:44.000Z',
    },
  ];

  it('covers every p7m sample', () => {
    const all = [
      ...listSamples('real-world/p7m', '.p7m'),
      ...listSamples('official/fatturapa-v1.0-legacy-sdi-example', '.p7m'),
    ];
    expect(all.sort()).toEqual([...good.map((sample) => sample.path), P04, P07].sort());
  });

  it.each(good)('$path: valid signature, certificate expired today (00100 only)', async (sample) => {
    const bytes = readSample(sample.path);
    const verification = await verifyP7m(bytes, { at: NOW });
    expect(verification.problems).toEqual([
      {
        code: '00100',
        params: {
          signer: 0,
          at: NOW.toISOString(),
          notBefore: expect.any(String),
          notAfter: sample.notAfter,
        },
      },
    ]);
    expect(verification.content).toEqual(unwrapP7m(bytes));
    expect(verification.signers).toHaveLength(1);
    const signer = verification.signers[0]!;
    expect(signer.subject).toContain(`CN=${sample.cn}`);
    expect(signer.serialNumber).toBe(sample.serial);
    expect(signer.signingTime?.toISOString()).toBe(sample.signingTime);
    expect(signer.notAfter.toISOString()).toBe(sample.notAfter);
  });

  it.each(good)('$path: no problem at all when checked at its signing time', async (sample) => {
    const verification = await verifyP7m(readSample(sample.path), { at: new Date(sample.signingTime) });
    expect(verification.problems).toEqual([]);
  });

  it('reads the legacy official sample as signed by the Sogei test certificate, valid 2012–2016', async () => {
    const verification = await verifyP7m(readSample(LEGACY), { at: new Date('2015-01-01T00:00:00Z') });
    expect(verification.problems).toEqual([]);
    expect(verification.signers).toEqual([
      {
        subject:
          'C=IT, O=Sogei SpA, OU=Test, dnQualifier=876543, GN=Giordano, SN=Bigarelli, CN=Giordano Bigarelli, ' +
          'serialNumber=IT:BGRGDN77T10L117F',
        serialNumber: '442BAF3A',
        notBefore: new Date('2012-12-20T10:24:47.000Z'),
        notAfter: new Date('2016-03-29T13:33:44.000Z'),
        signingTime: new Date('2014-02-06T09:38:42.000Z'),
      },
    ]);
  });

  it('reports a certificate that is not yet valid at the check time as 00107', async () => {
    const verification = await verifyP7m(readSample(P01), { at: new Date('2018-01-01T00:00:00Z') });
    expect(codes(verification)).toEqual(['00107']);
    expect(verification.problems[0]?.params['reason']).toBe('not-yet-valid');
  });

  it('reports the tampered sample (broken BER) as 00102 instead of throwing', async () => {
    const verification = await verifyP7m(readSample(P04), { at: NOW });
    expect(verification.problems).toEqual([
      { code: '00102', params: { reason: 'unreadable-cms', detail: expect.stringContaining('BER') } },
    ]);
    expect(verification.content).toHaveLength(0);
  });

  it('throws not-cms for the sample that only has a .p7m name', async () => {
    expect(await errorCode(() => verifyP7m(readSample(P07), { at: NOW }))).toBe('not-cms');
  });

  it('reports one changed content byte as 00102 (content digest mismatch)', async () => {
    const bytes = readSample(P01);
    const offset = indexOfBytes(bytes, ascii('FatturaElettronicaHeader'));
    expect(offset).toBeGreaterThan(0);
    const verification = await verifyP7m(withFlippedByte(bytes, offset + 3), {
      at: new Date(good[0]!.signingTime),
    });
    expect(verification.problems).toEqual([
      { code: '00102', params: { signer: 0, reason: 'content-digest-mismatch' } },
    ]);
  });

  it('reports one changed signature byte as 00102 (signature mismatch)', async () => {
    const bytes = readSample(P05);
    const asn1 = asn1js.fromBER(bytes);
    const signedData = new SignedData({ schema: new ContentInfo({ schema: asn1.result }).content });
    const signature = signedData.signerInfos[0]!.signature.valueBlock.valueHexView;
    const offset = indexOfBytes(bytes, signature);
    expect(offset).toBeGreaterThan(0);
    const verification = await verifyP7m(withFlippedByte(bytes, offset + 100), {
      at: new Date('2019-01-01T00:00:00Z'),
    });
    expect(verification.problems).toEqual([
      { code: '00102', params: { signer: 0, reason: 'signature-mismatch' } },
    ]);
  });

  it('reports a changed signing time as 00102: it is a signed attribute', async () => {
    const bytes = readSample(P06);
    // UTCTime 181214102138Z → 181214102139Z
    const offset = indexOfBytes(bytes, ascii('181214102138Z'));
    expect(offset).toBeGreaterThan(0);
    const verification = await verifyP7m(withFlippedByte(bytes, offset + 11), {
      at: new Date('2019-01-01T00:00:00Z'),
    });
    expect(codes(verification)).toEqual(['00102']);
    expect(verification.signers[0]?.signingTime?.toISOString()).toBe('2018-12-14T10:21:39.000Z');
  });
});

describe('verifyP7m with trust anchors (00104)', () => {
  const xml = '<FatturaElettronica/>';
  const DAY = 86_400_000;
  // Key pairs cost a moment each: made once, on first use.
  let made: ReturnType<typeof make> | null = null;
  function make() {
    const root = testCa('Radice di prova');
    const intermediate = testCa('CA intermedia di prova', { issuer: root });
    const stranger = testCa('Altra CA');
    return {
      root,
      issued: testSigner('Firmatario Srl', { issuer: root }),
      viaIntermediate: testSigner('Firmatario Due Srl', { issuer: intermediate }),
      strangers: testSigner('Estraneo Srl', { issuer: stranger }),
      selfSigned: testSigner('Autofirmato Srl'),
      expired: testSigner('Scaduto Srl', {
        issuer: root,
        validity: {
          notBefore: new Date(NOW.getTime() - 400 * DAY),
          notAfter: new Date(NOW.getTime() - 30 * DAY),
        },
      }),
    };
  }
  const certs = () => (made ??= make());
  const check = (p7m: Uint8Array, anchors?: Uint8Array[]) =>
    verifyP7m(p7m, { at: NOW, ...(anchors ? { trustAnchors: anchors } : {}) });

  it('accepts a signer a trusted CA issued, directly or through an intermediate CA the envelope carries', async () => {
    const { root, issued, viaIntermediate } = certs();
    expect((await check(signWith(issued, xml, NOW), [root.certificateDer])).problems).toEqual([]);
    expect((await check(signWith(viaIntermediate, xml, NOW), [root.certificateDer])).problems).toEqual([]);
  });

  it('reports 00104 with the issuer for a self-signed certificate and for another CA’s signer', async () => {
    const { root, selfSigned, strangers } = certs();
    expect((await check(signWith(selfSigned, xml, NOW), [root.certificateDer])).problems).toEqual([
      { code: '00104', params: { signer: 0, issuer: 'C=IT, O=Autofirmato Srl, CN=Autofirmato Srl' } },
    ]);
    expect((await check(signWith(strangers, xml, NOW), [root.certificateDer])).problems).toEqual([
      { code: '00104', params: { signer: 0, issuer: 'CN=Altra CA' } },
    ]);
  });

  it('judges no trust without anchors, as before', async () => {
    expect((await check(signWith(certs().selfSigned, xml, NOW))).problems).toEqual([]);
  });

  it('gives a signature that does not verify 00102 alone, whoever signed it', async () => {
    const { root, selfSigned } = certs();
    const p7m = signWith(selfSigned, xml, NOW);
    const verification = await check(withFlippedByte(p7m, p7m.length - 1), [root.certificateDer]);
    expect(codes(verification)).toEqual(['00102']);
  });

  it('gives an expired certificate of a trusted CA the expiry code 00100, not 00104', async () => {
    const { root, expired } = certs();
    const signedWhileValid = new Date(NOW.getTime() - 60 * DAY);
    expect(codes(await check(signWith(expired, xml, signedWhileValid), [root.certificateDer]))).toEqual([
      '00100',
    ]);
  });
});
