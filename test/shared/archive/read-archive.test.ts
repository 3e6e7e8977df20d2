import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  declaredEntryCount,
  documentKey,
  hashKey,
  invoiceKeys,
  readArchiveEntries,
  sha256Hex,
} from '../../../src/shared/archive/index.ts';
import type { ArchiveCompany, ArchiveEntry, ArchiveReport } from '../../../src/shared/archive/index.ts';
import { unwrapP7m } from '../../../src/shared/fatturapa/index.ts';
import { readSample, referenceAvailable } from '../fatturapa/reference-samples.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';

/** The official samples' supplier (its invoices are sent), and the customer of the signed real-world sample P01. */
const OWN: ArchiveCompany[] = [
  { vat: 'IT01234567890', fiscalCode: '' },
  { vat: 'IT01180680397', fiscalCode: '' },
];

const SAMPLES = {
  fpa01: 'official/fatturapa-v1.2.2/IT01234567890_FPA01.xml',
  fpr01: 'official/fatturapa-v1.2.2/IT01234567890_FPR01.xml',
  /** Same supplier, number and date as FPR01 (TD01 123 of 2014-12-18), other bytes. */
  fpr02: 'official/fatturapa-v1.2.2/IT01234567890_FPR02.xml',
  /** A lotto of two documents. */
  fpr03: 'official/fatturapa-v1.2.2/IT01234567890_FPR03.xml',
  metadata: 'official/notifiche-unsigned/IT01234567890_11111_MT_001.xml',
  receipt: 'official/notifiche-unsigned/IT01234567890_11111_RC_001.xml',
  discard: 'official/notifiche-unsigned/IT01234567890_11111_NS_001.xml',
  b2bMetadata: 'real-world/notifications/N04_B2B_MT_FileMetadati__ITHVQWPH73P42H501Y_00022_MT_001.xml',
  /** IT02182030391 → IT01180680397, TD01 2 of 2018-06-08: DER, the same as Base64 text. */
  p7mDer: 'real-world/p7m/P01_CAdES-BES_DER_FPR12-split-payment__IT02182030391_31.xml.p7m',
  p7mBase64: 'real-world/p7m/P02_CAdES-BES_base64-text__IT02182030391_31.Base64.xml.p7m',
  p7mFake: 'real-world/p7m/P07_INVALID-not-CMS__IT05979361218_fake.xml.p7m',
  /** Neither party is an own company. */
  simplified: 'official/semplificata-FSM10/ESEMPIO_FT_SEMPL.xml',
};

type Files = Record<string, Uint8Array | string>;

async function zip(files: Files): Promise<Uint8Array> {
  const archive = new JSZip();
  for (const [path, content] of Object.entries(files)) archive.file(path, content);
  return archive.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** path → reason (skipped), 'sent'/'received' (imported) or 'duplicate of …'. */
function outcome(report: ArchiveReport): Record<string, string> {
  return Object.fromEntries([
    ...report.imported.map((i) => [i.path, `${i.direction} ${i.company}`]),
    ...report.skipped.map((s) => [s.path, s.reason]),
    ...report.duplicates.map((d) => [d.path, `duplicate (${d.match}) of ${d.duplicateOf ?? 'known'}`]),
  ]);
}

describe.runIf(referenceAvailable)('reading an exported archive', () => {
  it('sorts a ZIP with folders, a nested ZIP, metadata, receipts, signed files and duplicates', async () => {
    const nested = await zip({
      'IT01234567890_FPR01.xml': readSample(SAMPLES.fpr01),
      'copia/IT01234567890_FPA01.xml': readSample(SAMPLES.fpa01),
    });
    const archive = await zip({
      '2025/emesse/IT01234567890_FPA01.xml': readSample(SAMPLES.fpa01),
      '2025/emesse/IT01234567890_11111_MT_001.xml': readSample(SAMPLES.metadata),
      '2025/emesse/IT01234567890_11111_RC_001.xml': readSample(SAMPLES.receipt),
      '2025/emesse/esito-scarto.xml': readSample(SAMPLES.discard),
      '2025/emesse/metadati.xml': readSample(SAMPLES.b2bMetadata),
      '2025/ricevute/IT02182030391_31.xml.p7m': readSample(SAMPLES.p7mBase64),
      '2025/ricevute/IT02182030391_31_der.xml.p7m': readSample(SAMPLES.p7mDer),
      '2025/ricevute/IT02182030391_31.xml.p7m_metaDato.xml': '<?xml version="1.0"?><FileMetadati/>',
      '2025/ricevute/IT05979361218_fake.xml.p7m': readSample(SAMPLES.p7mFake),
      '2025/ricevute/ESEMPIO_FT_SEMPL.xml': readSample(SAMPLES.simplified),
      '2025/ricevute/fattura.pdf': '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << >> endobj\n%%EOF',
      '2025/foglio.xsl':
        '<?xml version="1.0"?><xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>',
      '2025/indice.html': '<html><body>Fatture<br></body></html>',
      '2025/0-leggimi.txt': '0 fatture scaricate dal portale',
      '2025/emesse/IT01234567890_00002.xml': '<FatturaElettronica versione="FPR12"><oops>',
      '__MACOSX/2025/emesse/._IT01234567890_FPA01.xml': '\u0000\u0005\u0016\u0007',
      'vecchio/archivio-2024.zip': nested,
      '2024/IT01234567890_FPR02.xml': readSample(SAMPLES.fpr02),
    });

    const report = await readArchiveEntries([{ path: 'export.zip', bytes: archive }], OWN);

    expect(report.stopped).toBeNull();
    expect(outcome(report)).toEqual({
      'export.zip/2025/emesse/IT01234567890_FPA01.xml': 'sent 0',
      'export.zip/2025/emesse/IT01234567890_11111_MT_001.xml': 'metadata',
      'export.zip/2025/emesse/IT01234567890_11111_RC_001.xml': 'receipt',
      'export.zip/2025/emesse/esito-scarto.xml': 'receipt',
      'export.zip/2025/emesse/metadati.xml': 'metadata',
      'export.zip/2025/ricevute/IT02182030391_31.xml.p7m': 'received 1',
      'export.zip/2025/ricevute/IT02182030391_31_der.xml.p7m':
        'duplicate (hash) of export.zip/2025/ricevute/IT02182030391_31.xml.p7m',
      'export.zip/2025/ricevute/IT02182030391_31.xml.p7m_metaDato.xml': 'metadata',
      'export.zip/2025/ricevute/IT05979361218_fake.xml.p7m': 'unreadable',
      'export.zip/2025/ricevute/ESEMPIO_FT_SEMPL.xml': 'not-own-company',
      'export.zip/2025/ricevute/fattura.pdf': 'not-an-invoice',
      'export.zip/2025/foglio.xsl': 'not-an-invoice',
      'export.zip/2025/indice.html': 'not-an-invoice',
      'export.zip/2025/0-leggimi.txt': 'not-an-invoice',
      'export.zip/2025/emesse/IT01234567890_00002.xml': 'unreadable',
      'export.zip/__MACOSX/2025/emesse/._IT01234567890_FPA01.xml': 'system-file',
      'export.zip/vecchio/archivio-2024.zip/IT01234567890_FPR01.xml': 'sent 0',
      'export.zip/vecchio/archivio-2024.zip/copia/IT01234567890_FPA01.xml':
        'duplicate (hash) of export.zip/2025/emesse/IT01234567890_FPA01.xml',
      'export.zip/2024/IT01234567890_FPR02.xml':
        'duplicate (document) of export.zip/vecchio/archivio-2024.zip/IT01234567890_FPR01.xml',
    });

    const skipped = Object.fromEntries(report.skipped.map((s) => [s.path.replace('export.zip/', ''), s]));
    expect(skipped['2025/emesse/IT01234567890_11111_RC_001.xml']?.message).toBe('RC');
    expect(skipped['2025/emesse/esito-scarto.xml']?.message).toBe('NS');
    expect(skipped['2025/emesse/metadati.xml']?.message).toBe('MT');
    expect(skipped['2025/ricevute/IT05979361218_fake.xml.p7m']?.detail).toBe('not-cms');
    expect(skipped['2025/emesse/IT01234567890_00002.xml']?.detail).toBe('not-well-formed');

    // The Base64 .p7m is imported as its signed XML, with the envelope kept.
    const signed = report.imported.find((i) => i.envelope === 'p7m-base64');
    expect(signed?.fileName).toBe('IT02182030391_31.xml.p7m');
    expect(signed?.xml).toEqual(unwrapP7m(readSample(SAMPLES.p7mDer)));
    expect(signed?.original).toEqual(readSample(SAMPLES.p7mBase64));
    expect(signed?.sha256).toBe(await sha256Hex(signed!.xml));
    expect(signed?.summary.documents).toEqual([{ type: 'TD01', number: '2', date: '2018-06-08' }]);
    expect(signed?.keys).toEqual([hashKey(signed!.sha256), documentKey('IT02182030391', '2', '2018-06-08')]);
  });

  it('imports a lotto unless every one of its documents is known already', async () => {
    const lotto = [{ path: 'IT01234567890_FPR03.xml', bytes: readSample(SAMPLES.fpr03) }];
    // Its first document has the supplier, number and date of FPR01: the second one is new.
    const report = await readArchiveEntries(lotto, OWN, { knownKeys: ['doc:IT01234567890|123|2014-12-18'] });
    expect(report.imported.map((i) => i.keys.slice(1))).toEqual([
      ['doc:IT01234567890|123|2014-12-18', 'doc:IT01234567890|456|2014-12-20'],
    ]);
    const both = await readArchiveEntries(lotto, OWN, { knownKeys: report.imported[0]!.keys.slice(1) });
    expect(both.duplicates).toEqual([expect.objectContaining({ match: 'document', duplicateOf: null })]);
  });

  it('reads a folder given file by file, against the keys of invoices already imported', async () => {
    const known = await invoiceKeys(readSample(SAMPLES.fpa01));
    const entries: ArchiveEntry[] = [
      { path: 'Fatture/2025/01/IT01234567890_FPA01.xml', bytes: readSample(SAMPLES.fpa01) },
      { path: 'Fatture/2025/01/IT01234567890_FPR01.xml', bytes: readSample(SAMPLES.fpr01) },
      { path: 'Fatture/2025/02/IT02182030391_31.xml.p7m', bytes: readSample(SAMPLES.p7mDer) },
      { path: 'Fatture/.DS_Store', bytes: new Uint8Array([0, 0, 0, 1]) },
    ];
    const report = await readArchiveEntries(entries, OWN, { knownKeys: known });
    expect(outcome(report)).toEqual({
      'Fatture/2025/01/IT01234567890_FPA01.xml': 'duplicate (hash) of known',
      'Fatture/2025/01/IT01234567890_FPR01.xml': 'sent 0',
      'Fatture/2025/02/IT02182030391_31.xml.p7m': 'received 1',
      'Fatture/.DS_Store': 'system-file',
    });
    expect(report.imported.map((i) => i.envelope)).toEqual(['xml', 'p7m-der']);

    // A document key alone is enough: the same invoice with other bytes.
    const byDocument = await readArchiveEntries(entries.slice(1, 2), OWN, {
      knownKeys: ['doc:IT01234567890|123|2014-12-18'],
    });
    expect(byDocument.duplicates).toEqual([
      expect.objectContaining({
        match: 'document',
        key: 'doc:IT01234567890|123|2014-12-18',
        duplicateOf: null,
      }),
    ]);
  });

  it('matches the own company by its fiscal code too', async () => {
    const report = await readArchiveEntries(
      [{ path: 'a.xml', bytes: readSample(SAMPLES.fpa01) }],
      [{ vat: 'IT99999999999', fiscalCode: '09876543210' }],
    );
    expect(outcome(report)).toEqual({ 'a.xml': 'received 0' });
  });
});

describe('the archive’s direction rules', () => {
  const ours = italianVat(77);
  const bytes = (options: Parameters<typeof invoiceXml>[0]) => new TextEncoder().encode(invoiceXml(options));

  it('counts an integration the own company filled in (TD17) as sent, an ordinary purchase as received', async () => {
    const report = await readArchiveEntries(
      [
        {
          path: 'TD17.xml',
          bytes: bytes({
            supplierVat: 'GB123456789',
            customerVat: ours,
            tipoDocumento: 'TD17',
            number: 'AF-1',
          }),
        },
        {
          path: 'TD01.xml',
          bytes: bytes({ supplierVat: italianVat(78), customerVat: ours, number: 'FT-9' }),
        },
      ],
      [{ vat: ours, fiscalCode: '' }],
    );
    expect(outcome(report)).toEqual({ 'TD17.xml': 'sent 0', 'TD01.xml': 'received 0' });
  });
});

describe('the limits against zip bombs', () => {
  const invoice = () => new TextEncoder().encode(invoiceXml({ supplierVat: 'IT01234567890' }));

  it('reads the entry count from the archive’s end record, and stops before loading too many entries', async () => {
    const files: Files = {};
    for (let i = 0; i < 30; i++) files[`f${i}.xml`] = invoice();
    const archive = await zip(files);
    expect(declaredEntryCount(archive)).toBe(30);
    expect(declaredEntryCount(new Uint8Array(100))).toBeNull();
    const report = await readArchiveEntries([{ path: 'many.zip', bytes: archive }], OWN, {
      limits: { maxEntries: 10 },
    });
    expect(report.stopped).toEqual({ limit: 'entries', path: 'many.zip' });
    expect(report.imported).toEqual([]);
  });

  it('stops inflating at the byte budget, even when the archive lies about its sizes', async () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const honest = await zip({ 'first.xml': invoice(), 'bomb.xml': zeros });
    expect(honest.length).toBeLessThan(64 * 1024);
    const limits = { maxTotalBytes: 2 * 1024 * 1024 };
    const report = await readArchiveEntries([{ path: 'bomb.zip', bytes: honest }], OWN, { limits });
    expect(report.stopped).toEqual({ limit: 'bytes', path: 'bomb.zip/bomb.xml' });
    expect(report.imported.map((i) => i.path)).toEqual(['bomb.zip/first.xml']);

    // The same archive declaring 100 bytes for the bomb in both of its headers.
    const lying = declareSize(honest, 'bomb.xml', 100);
    expect(lying).not.toEqual(honest);
    const lied = await readArchiveEntries([{ path: 'bomb.zip', bytes: lying }], OWN, { limits });
    expect(lied.stopped).toEqual({ limit: 'bytes', path: 'bomb.zip/bomb.xml' });
  });

  it('skips a file over the file limit and goes on', async () => {
    const archive = await zip({ 'big.xml': new Uint8Array(50_000), 'small.xml': invoice() });
    const report = await readArchiveEntries([{ path: 'a.zip', bytes: archive }], OWN, {
      limits: { maxFileBytes: 20_000 },
    });
    expect(outcome(report)).toEqual({ 'a.zip/big.xml': 'too-large', 'a.zip/small.xml': 'sent 0' });
    expect(report.stopped).toBeNull();
  });

  it('opens nested archives to the depth allowed, and no further', async () => {
    const level3 = await zip({ 'deep.xml': invoice() });
    const level2 = await zip({ 'l3.zip': level3 });
    const level1 = await zip({ 'l2.zip': level2, 'top.xml': invoice() });
    const report = await readArchiveEntries([{ path: 'l1.zip', bytes: level1 }], OWN, {
      limits: { maxDepth: 2 },
    });
    expect(outcome(report)).toEqual({
      'l1.zip/l2.zip/l3.zip': 'too-deep',
      'l1.zip/top.xml': 'sent 0',
    });
    const deeper = await readArchiveEntries([{ path: 'l1.zip', bytes: level1 }], OWN);
    expect(outcome(deeper)['l1.zip/l2.zip/l3.zip/deep.xml']).toBe('sent 0');
  });

  it('reports an archive that cannot be read, and reads on', async () => {
    const report = await readArchiveEntries(
      [
        { path: 'broken.zip', bytes: new TextEncoder().encode('PK\u0003\u0004 not really') },
        { path: 'ok.xml', bytes: invoice() },
      ],
      OWN,
    );
    expect(outcome(report)).toEqual({ 'broken.zip': 'unreadable', 'ok.xml': 'sent 0' });
  });
});

/** Writes `size` as the uncompressed size of `name` in its local header and its central directory entry. */
function declareSize(archive: Uint8Array, name: string, size: number): Uint8Array {
  const out = archive.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const encoded = new TextEncoder().encode(name);
  const nameAt = (at: number, offset: number) => encoded.every((byte, i) => out[at + offset + i] === byte);
  for (let at = 0; at + 46 < out.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50 && nameAt(at, 30)) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50 && nameAt(at, 46)) view.setUint32(at + 24, size, true);
  }
  return out;
}
