import * as asn1js from 'asn1js';
import { ContentInfo, EncapsulatedContentInfo, SignedData } from 'pkijs';
import { describe, expect, it } from 'vitest';
import type { ArchiveCompany } from '../../../src/shared/archive/index.ts';
import { readChosenFiles, type ChosenFile } from '../../../src/renderer/archive-import/read-chosen.ts';
import {
  importBatches,
  importedKeys,
  importedRecords,
  keepImport,
  removeImport,
} from '../../../src/renderer/books/imported.ts';
import { fromBase64 } from '../../../src/renderer/data/payload.ts';
import { InvoiceIndex } from '../../../src/renderer/invoice-index/invoice-index.ts';
import { importIndexKey } from '../../../src/renderer/invoice-index/sealed.ts';
import { memoryStorage } from '../../../src/renderer/invoice-index/storage.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';

const OWN = italianVat(8200);
const OTHER = italianVat(8201);
const COMPANIES: ArchiveCompany[] = [{ vat: OWN, fiscalCode: OWN.slice(2) }];
const encode = (text: string) => new TextEncoder().encode(text);

function p7m(xml: Uint8Array): Uint8Array {
  const encapContentInfo = new EncapsulatedContentInfo({
    eContentType: '1.2.840.113549.1.7.1',
    eContent: new asn1js.OctetString({ valueHex: xml }),
  });
  const signedData = new SignedData({ version: 1, encapContentInfo, signerInfos: [] });
  const info = new ContentInfo({ contentType: ContentInfo.SIGNED_DATA, content: signedData.toSchema() });
  return new Uint8Array(info.toSchema().toBER());
}

const file = (path: string, bytes: Uint8Array): ChosenFile => ({
  path,
  size: bytes.length,
  read: async () => bytes,
});

async function sealedIndex() {
  const storage = memoryStorage();
  const key = await importIndexKey(crypto.getRandomValues(new Uint8Array(32)));
  return { storage, key, index: await InvoiceIndex.open('p1', key, storage) };
}

describe('keeping an import in the profile’s sealed index', () => {
  it('keeps a batch sealed, with negative ids, book records marked imported and the signed file as found', async () => {
    const { storage, key, index } = await sealedIndex();
    const signed = p7m(
      encode(invoiceXml({ supplierVat: OTHER, customerVat: OWN, number: 'A-1', date: '2025-02-03' })),
    );
    const read = await readChosenFiles(
      [
        file(
          '2025/V-1.xml',
          encode(
            invoiceXml({
              supplierVat: OWN,
              customerVat: OTHER,
              number: 'V-1',
              customerName: 'Bar Centrale Srl',
            }),
          ),
        ),
        file('2025/A-1.xml.p7m', signed),
      ],
      COMPANIES,
      { pause: async () => {} },
    );
    const batch = await keepImport(index, '2025', read.imported, new Date('2026-01-10T09:00:00Z'));
    expect(batch.invoices.map((i) => [i.id, i.kind, i.number, i.party])).toEqual([
      [-1, 'sent', 'V-1', 'Bar Centrale Srl'],
      [-2, 'received', 'A-1', 'Prestatore Srl'],
    ]);
    expect(batch.invoices[1]!.date).toBe('2025-02-03');
    expect(fromBase64(batch.invoices[1]!.originalBase64!)).toEqual(signed);
    expect(batch.invoices[0]!.originalBase64).toBeNull();

    const records = await importedRecords(index);
    expect(records.map((r) => [r.kind, r.invoiceId, r.imported, r.documentTotal])).toEqual([
      ['sent', -1, true, '12200'],
      ['received', -2, true, '12200'],
    ]);
    // Nothing of it in clear at rest, and it opens again in a new window.
    const atRest = [...storage.records.values()]
      .map((r) => new TextDecoder('latin1').decode(r.data))
      .join('');
    expect(atRest).not.toContain('Bar Centrale');
    const again = await InvoiceIndex.open('p1', key, storage);
    expect((await importBatches(again)).map((b) => [b.source, b.at, b.invoices.length])).toEqual([
      ['2025', '2026-01-10T09:00:00.000Z', 2],
    ]);
  });

  it('reports an invoice imported before as a duplicate, numbers the next batch on, and removes one batch alone', async () => {
    const { index } = await sealedIndex();
    const sale = (number: string) => encode(invoiceXml({ supplierVat: OWN, customerVat: OTHER, number }));
    const first = await readChosenFiles([file('a/V-1.xml', sale('V-1'))], COMPANIES, {
      pause: async () => {},
    });
    const one = await keepImport(index, 'a', first.imported);

    const second = await readChosenFiles(
      [file('b/V-1 copia.xml', sale('V-1')), file('b/V-2.xml', sale('V-2'))],
      COMPANIES,
      { knownKeys: await importedKeys(index), pause: async () => {} },
    );
    expect(second.duplicates.map((d) => [d.path, d.duplicateOf])).toEqual([['b/V-1 copia.xml', null]]);
    const two = await keepImport(index, 'b', second.imported);
    expect(two.invoices.map((i) => i.id)).toEqual([-2]);

    await removeImport(index, one.id);
    expect((await importBatches(index)).map((b) => b.source)).toEqual(['b']);
    expect((await importedRecords(index)).map((r) => r.number)).toEqual(['V-2']);
    // Its invoice can be imported again.
    expect([...(await importedKeys(index))].some((k) => k.includes('|V-1|'))).toBe(false);
  });
});
