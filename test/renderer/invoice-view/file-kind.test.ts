import { describe, expect, it } from 'vitest';
import { invoiceFileKind, invoiceFileName } from '../../../src/renderer/invoice-view/file-kind.ts';
import { invoiceXml } from '../../support/invoices.ts';

const xml = invoiceXml();
const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
/** The first bytes of a DER CMS envelope (SEQUENCE, then the SignedData OID): what a .p7m starts with. */
const der = new Uint8Array([
  0x30, 0x82, 0x05, 0x10, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02,
]);

describe('what an invoice file is, for its label and saved name', () => {
  it('is XML when the bytes are XML, whether the payload travels as text or as Base64', () => {
    expect(invoiceFileKind(xml, 'Xml', 'IT01234567890_00001.xml')).toBe('xml');
    expect(invoiceFileKind(base64(xml), 'Base64', 'IT01234567890_00001.xml')).toBe('xml');
    // With a byte order mark and leading blanks too; a wrong name does not make it signed.
    expect(invoiceFileKind(base64(`\uFEFF\n  ${xml}`), 'Base64', 'IT01234567890_00001.xml.p7m')).toBe('xml');
  });

  it('is P7M when the bytes are a CMS envelope, DER or its Base64 text', () => {
    expect(invoiceFileKind(base64(der), 'Base64', 'IT01234567890_00001.xml.p7m')).toBe('p7m');
    expect(invoiceFileKind(base64(der), 'Base64', 'IT01234567890_00001.xml')).toBe('p7m');
    expect(invoiceFileKind(base64(base64(der)), 'Base64', null)).toBe('p7m');
  });

  it('goes by the name only when there is no payload to read', () => {
    expect(invoiceFileKind(null, 'Base64', 'IT01234567890_00001.xml.p7m')).toBe('p7m');
    expect(invoiceFileKind(undefined, 'Base64', 'IT01234567890_00001.xml')).toBe('xml');
    expect(invoiceFileKind('', 'Xml', null)).toBe('xml');
  });

  it('saves under SDI’s name with the extension of what the file is', () => {
    expect(invoiceFileName('IT01234567890_00001.xml', 1, 'xml')).toBe('IT01234567890_00001.xml');
    expect(invoiceFileName('IT01234567890_00001.xml.p7m', 1, 'p7m')).toBe('IT01234567890_00001.xml.p7m');
    expect(invoiceFileName('IT01234567890_00001.xml.p7m', 1, 'xml')).toBe('IT01234567890_00001.xml');
    expect(invoiceFileName('IT01234567890_00001.XML', 1, 'p7m')).toBe('IT01234567890_00001.xml.p7m');
    expect(invoiceFileName(null, 42, 'xml')).toBe('invoice-42.xml');
    expect(invoiceFileName(null, 42, 'p7m')).toBe('invoice-42.xml.p7m');
  });
});
