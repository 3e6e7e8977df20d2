import * as asn1js from 'asn1js';
import { ContentInfo, EncapsulatedContentInfo, SignedData } from 'pkijs';
import { describe, expect, it } from 'vitest';
import {
  detectPayloadKind,
  InvoiceDocumentError,
  parseInvoiceXml,
  summarizeInvoice,
  unwrapP7m,
} from '../../../src/shared/fatturapa/index.ts';
import type { InvoiceDocumentErrorCode } from '../../../src/shared/fatturapa/index.ts';
import { listSamples, readSample, referenceAvailable, warnIfReferenceMissing } from './reference-samples.ts';

warnIfReferenceMissing('p7m');

const ascii = (text: string) => new TextEncoder().encode(text);
const ID_DATA = '1.2.840.113549.1.7.1';

function codeOf(run: () => unknown): InvoiceDocumentErrorCode {
  try {
    run();
  } catch (error) {
    if (error instanceof InvoiceDocumentError) return error.code;
    throw error;
  }
  throw new Error('expected an InvoiceDocumentError');
}

function signedDataBytes(encapContentInfo: EncapsulatedContentInfo): Uint8Array {
  const signedData = new SignedData({ version: 1, encapContentInfo, signerInfos: [] });
  const contentInfo = new ContentInfo({
    contentType: ContentInfo.SIGNED_DATA,
    content: signedData.toSchema(),
  });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

function toBase64(bytes: Uint8Array, lineLength = 64): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return (btoa(binary).match(new RegExp(`.{1,${lineLength}}`, 'g')) ?? []).join('\n');
}

describe('detectPayloadKind', () => {
  it('recognizes XML after an optional byte order mark and whitespace', () => {
    expect(detectPayloadKind(ascii('<?xml version="1.0"?><a/>'))).toBe('xml');
    expect(detectPayloadKind(ascii('\r\n  <a/>'))).toBe('xml');
    expect(detectPayloadKind(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c, 0x61, 0x2f, 0x3e]))).toBe('xml');
  });

  it('takes a UTF-16 byte order mark, in either order, for XML', () => {
    expect(detectPayloadKind(new Uint8Array([0xff, 0xfe, 0x3c, 0x00, 0x61, 0x00]))).toBe('xml');
    expect(detectPayloadKind(new Uint8Array([0xfe, 0xff, 0x00, 0x3c, 0x00, 0x61]))).toBe('xml');
  });

  it('recognizes DER or BER by the leading SEQUENCE tag', () => {
    expect(detectPayloadKind(new Uint8Array([0x30, 0x80, 0x06, 0x09]))).toBe('p7m-der');
    expect(detectPayloadKind(new Uint8Array([0x30, 0x82, 0x24, 0x06]))).toBe('p7m-der');
  });

  it('recognizes Base64 text, with line breaks or PEM armour', () => {
    expect(detectPayloadKind(ascii('MIAGCSqGSIb3DQEHAqCAMIACAQEx'))).toBe('p7m-base64');
    expect(detectPayloadKind(ascii('MIAGCSqG\r\nSIb3DQEH\r\nAqCAMIAC\r\n'))).toBe('p7m-base64');
    expect(detectPayloadKind(ascii('-----BEGIN PKCS7-----\nMIAGCSqGSIb3DQEH\n-----END PKCS7-----\n'))).toBe(
      'p7m-base64',
    );
  });

  it('calls anything else unknown', () => {
    expect(detectPayloadKind(new Uint8Array())).toBe('unknown');
    expect(detectPayloadKind(ascii(' \n'))).toBe('unknown');
    expect(detectPayloadKind(ascii('hello, world'))).toBe('unknown');
    expect(detectPayloadKind(new Uint8Array([0x00, 0xff, 0x10]))).toBe('unknown');
    expect(detectPayloadKind(ascii('%PDF-1.7'))).toBe('unknown');
  });
});

describe('unwrapP7m', () => {
  it('returns the encapsulated content of a SignedData', () => {
    const content = ascii('<FatturaElettronica versione="FPR12"/>');
    const bytes = signedDataBytes(
      new EncapsulatedContentInfo({
        eContentType: ID_DATA,
        eContent: new asn1js.OctetString({ valueHex: content }),
      }),
    );
    expect(unwrapP7m(bytes)).toEqual(content);
    expect(unwrapP7m(ascii(toBase64(bytes)))).toEqual(content);
  });

  it('joins the chunks of a constructed OCTET STRING', () => {
    const chunks = ['<Fattura', 'Elettronica', ' versione="FPR12"/>'].map(
      (part) => new asn1js.OctetString({ valueHex: ascii(part) }),
    );
    const eContent = new asn1js.OctetString({ isConstructed: true, value: chunks });
    const bytes = signedDataBytes(new EncapsulatedContentInfo({ eContentType: ID_DATA, eContent }));
    expect(new TextDecoder().decode(unwrapP7m(bytes))).toBe('<FatturaElettronica versione="FPR12"/>');
  });

  it('reports a detached signature as cms-without-content', () => {
    const bytes = signedDataBytes(new EncapsulatedContentInfo({ eContentType: ID_DATA }));
    expect(codeOf(() => unwrapP7m(bytes))).toBe('cms-without-content');
  });

  it('reports an empty encapsulated content as cms-without-content', () => {
    const bytes = signedDataBytes(
      new EncapsulatedContentInfo({
        eContentType: ID_DATA,
        eContent: new asn1js.OctetString({ valueHex: new Uint8Array() }),
      }),
    );
    expect(codeOf(() => unwrapP7m(bytes))).toBe('cms-without-content');
  });

  it('reports a ContentInfo that is not SignedData as not-cms', () => {
    const contentInfo = new ContentInfo({
      contentType: ID_DATA,
      content: new asn1js.OctetString({ valueHex: ascii('x') }),
    });
    expect(codeOf(() => unwrapP7m(new Uint8Array(contentInfo.toSchema().toBER())))).toBe('not-cms');
  });

  it('reports a DER structure that is not a ContentInfo as not-cms', () => {
    const sequence = new asn1js.Sequence({ value: [new asn1js.Integer({ value: 1 })] });
    expect(codeOf(() => unwrapP7m(new Uint8Array(sequence.toBER())))).toBe('not-cms');
  });

  it('reports truncated DER as not-cms', () => {
    const bytes = signedDataBytes(
      new EncapsulatedContentInfo({
        eContentType: ID_DATA,
        eContent: new asn1js.OctetString({ valueHex: ascii('<a/>') }),
      }),
    );
    expect(codeOf(() => unwrapP7m(bytes.subarray(0, bytes.length - 5)))).toBe('not-cms');
  });

  it('reports plain XML, Base64 of garbage and empty input as not-cms', () => {
    expect(codeOf(() => unwrapP7m(ascii('<FatturaElettronica/>')))).toBe('not-cms');
    expect(codeOf(() => unwrapP7m(ascii('aGVsbG8gd29ybGQ=')))).toBe('not-cms');
    expect(codeOf(() => unwrapP7m(new Uint8Array()))).toBe('not-cms');
  });
});

describe.skipIf(!referenceAvailable)('unwrapP7m on the reference samples', () => {
  const P01 = 'real-world/p7m/P01_CAdES-BES_DER_FPR12-split-payment__IT02182030391_31.xml.p7m';
  const P02 = 'real-world/p7m/P02_CAdES-BES_base64-text__IT02182030391_31.Base64.xml.p7m';
  const P03 = 'real-world/p7m/P03_CAdES-BES_base64-CRLF_BER-indefinite__IT02182030391_31.Base64.CRLF.xml.p7m';
  const P04 = 'real-world/p7m/P04_INVALID-CAdES_tampered__IT02182030391_31_tampered.xml.p7m';
  const P07 = 'real-world/p7m/P07_INVALID-not-CMS__IT05979361218_fake.xml.p7m';
  const good = [
    ...listSamples('real-world/p7m', '.p7m').filter((path) => !path.includes('INVALID')),
    ...listSamples('official/fatturapa-v1.0-legacy-sdi-example', '.p7m'),
  ];

  it('finds the expected sample files', () => {
    expect(good).toHaveLength(6);
  });

  it.each(good)('unwraps %s to an invoice that parses', (path) => {
    const doc = parseInvoiceXml(unwrapP7m(readSample(path)));
    expect(summarizeInvoice(doc).documents.length).toBeGreaterThan(0);
  });

  it('detects the kind of each good sample', () => {
    expect(detectPayloadKind(readSample(P01))).toBe('p7m-der');
    expect(detectPayloadKind(readSample(P02))).toBe('p7m-base64');
    expect(detectPayloadKind(readSample(P03))).toBe('p7m-base64');
  });

  it('gives the same content for the DER, Base64 and CRLF Base64 (BER) encodings of one signature', () => {
    const der = unwrapP7m(readSample(P01));
    expect(unwrapP7m(readSample(P02))).toEqual(der);
    expect(unwrapP7m(readSample(P03))).toEqual(der);
    expect(der.subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('unwraps the same signature wrapped in PEM armour', () => {
    const base64 = new TextDecoder().decode(readSample(P02)).replace(/\s+/g, '');
    const pem = ascii(`-----BEGIN PKCS7-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END PKCS7-----\n`);
    expect(unwrapP7m(pem)).toEqual(unwrapP7m(readSample(P01)));
  });

  it('unwraps a two-body lotto and keeps both bodies', () => {
    const path = 'real-world/p7m/P05_CAdES-BES_DER_lotto-2-bodies__IT01234567890_FPR03.xml.p7m';
    expect(summarizeInvoice(parseInvoiceXml(unwrapP7m(readSample(path)))).documents).toHaveLength(2);
  });

  it('unwraps a 236 KB signed invoice with a PDF attachment', () => {
    const path = 'real-world/p7m/P06_CAdES-BES_DER_with-Allegati__IT00484960588_ERKHK.xml.p7m';
    const doc = parseInvoiceXml(unwrapP7m(readSample(path)));
    const body = (doc.root['FatturaElettronicaBody'] as Array<Record<string, unknown>>)[0] ?? {};
    expect(body['Allegati']).toHaveLength(1);
  });

  it('reports the tampered sample as not-cms, because the inserted byte breaks the BER structure', () => {
    expect(codeOf(() => unwrapP7m(readSample(P04)))).toBe('not-cms');
  });

  it('reports the sample that only has a .p7m name as not-cms', () => {
    expect(detectPayloadKind(readSample(P07))).toBe('unknown');
    expect(codeOf(() => unwrapP7m(readSample(P07)))).toBe('not-cms');
  });
});
