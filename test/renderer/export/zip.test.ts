import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipArchive } from '../../../src/renderer/export/zip.ts';
import { readZip } from '../../support/zip.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';

describe('a ZIP made in the page', () => {
  it('is read back by another library, names in UTF-8, each file byte for byte', async () => {
    const xml = new TextEncoder().encode(
      invoiceXml({ supplierVat: italianVat(3), supplierName: 'Caffè Società' }),
    );
    const p7m = new Uint8Array([0x30, 0x82, 0x01, 0x00, 0xff, 0x00, 0x7f]);
    const archive = await zipArchive([
      { name: 'IT01234567890/receive/IT02345678901_0001.xml', bytes: xml },
      { name: 'IT01234567890/receive/IT02345678901_0002.xml.p7m', bytes: p7m },
      { name: 'IT01234567890/receive/Società è.xml', bytes: new Uint8Array() },
    ]);
    const files = await readZip(Buffer.from(archive));
    expect([...files.keys()]).toEqual([
      'IT01234567890/receive/IT02345678901_0001.xml',
      'IT01234567890/receive/IT02345678901_0002.xml.p7m',
      'IT01234567890/receive/Società è.xml',
    ]);
    expect(files.get('IT01234567890/receive/IT02345678901_0001.xml')!.equals(Buffer.from(xml))).toBe(true);
    expect(files.get('IT01234567890/receive/IT02345678901_0002.xml.p7m')!.equals(Buffer.from(p7m))).toBe(
      true,
    );
    // XML compresses: the archive is smaller than the invoice it holds.
    expect(archive.length).toBeLessThan(xml.length + 400);
    expect(deflateRawSync(Buffer.from(xml)).length).toBeLessThan(xml.length);
  });
});
