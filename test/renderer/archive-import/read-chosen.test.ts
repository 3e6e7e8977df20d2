import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readArchiveEntries } from '../../../src/shared/archive/index.ts';
import type { ArchiveCompany, ArchiveReport } from '../../../src/shared/archive/index.ts';
import {
  readChosenFiles,
  type ChosenFile,
  type ReadProgress,
} from '../../../src/renderer/archive-import/read-chosen.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';

const OWN = italianVat(8100);
const OTHER = italianVat(8101);
const COMPANIES: ArchiveCompany[] = [{ vat: OWN, fiscalCode: OWN.slice(2) }];

const sale = (number: string) =>
  invoiceXml({ supplierVat: OWN, customerVat: OTHER, number, date: '2025-03-01' });
const purchase = (number: string) =>
  invoiceXml({ supplierVat: OTHER, customerVat: OWN, number, date: '2025-04-01' });

async function zip(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const archive = new JSZip();
  for (const [path, content] of Object.entries(files)) archive.file(path, content);
  return archive.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

function chosen(path: string, content: string | Uint8Array): ChosenFile & { reads: number } {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const file = {
    path,
    size: bytes.length,
    reads: 0,
    read: async () => {
      file.reads++;
      return bytes;
    },
  };
  return file;
}

/** path → what became of it. */
function outcome(report: ArchiveReport): Record<string, string> {
  return Object.fromEntries([
    ...report.imported.map((i) => [i.path, i.direction]),
    ...report.skipped.map((s) => [s.path, s.reason]),
    ...report.duplicates.map((d) => [d.path, `duplicate of ${d.duplicateOf ?? 'known'}`]),
  ]);
}

const noPause = () => Promise.resolve();

describe('reading the chosen files a chunk at a time', () => {
  it('sorts a ZIP as readArchiveEntries sorts it whole, nested ZIPs and duplicates across chunks included', async () => {
    const inner = await zip({ 'marzo/V-1.xml': sale('V-1'), 'marzo/V-9.xml': sale('V-9') });
    const archive = await zip({
      '2025/emesse/V-1.xml': sale('V-1'),
      '2025/emesse/V-2.xml': sale('V-2'),
      '2025/emesse/V-1_MT_001.xml': '<FileMetadati/>',
      '2025/emesse/V-1_RC_001.xml': '<RicevutaConsegna/>',
      '2025/ricevute/A-1.xml': purchase('A-1'),
      '2025/ricevute/fattura.pdf': '%PDF-1.4',
      '2025/copia.zip': inner,
      '__MACOSX/._V-1.xml': 'x',
    });
    const whole = await readArchiveEntries([{ path: 'archivio.zip', bytes: archive }], COMPANIES);
    const progress: ReadProgress[] = [];
    const chunked = await readChosenFiles([chosen('archivio.zip', archive)], COMPANIES, {
      chunk: 2,
      pause: noPause,
      onProgress: (p) => progress.push(p),
    });
    expect(outcome(chunked)).toEqual(outcome(whole));
    expect(outcome(chunked)).toMatchObject({
      'archivio.zip/2025/emesse/V-1.xml': 'sent',
      'archivio.zip/2025/ricevute/A-1.xml': 'received',
      'archivio.zip/2025/emesse/V-1_MT_001.xml': 'metadata',
      'archivio.zip/2025/emesse/V-1_RC_001.xml': 'receipt',
      'archivio.zip/2025/ricevute/fattura.pdf': 'not-an-invoice',
      // In a later chunk than the file it repeats: still named.
      'archivio.zip/2025/copia.zip/marzo/V-1.xml': 'duplicate of archivio.zip/2025/emesse/V-1.xml',
      'archivio.zip/2025/copia.zip/marzo/V-9.xml': 'sent',
      'archivio.zip/__MACOSX/._V-1.xml': 'system-file',
    });
    // Progress moves forward and ends with every line of the report.
    const last = progress[progress.length - 1]!;
    const lines = chunked.imported.length + chunked.skipped.length + chunked.duplicates.length;
    expect(last).toEqual({ done: lines, total: lines });
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done);
  });

  it('reads a folder’s files, ZIPs among them, and reports as duplicates what is imported already', async () => {
    const first = await readChosenFiles([chosen('2024/V-1.xml', sale('V-1'))], COMPANIES, { pause: noPause });
    const known = first.imported.flatMap((invoice) => invoice.keys);
    const report = await readChosenFiles(
      [
        chosen('2024/V-1.xml', sale('V-1')),
        chosen('2024/V-3.xml', sale('V-3')),
        chosen('2024/mesi.zip', await zip({ 'A-7.xml.p7m': 'not a signed file' })),
        chosen('2024/Thumbs.db', 'x'),
      ],
      COMPANIES,
      { knownKeys: known, pause: noPause },
    );
    expect(outcome(report)).toEqual({
      '2024/V-1.xml': 'duplicate of known',
      '2024/V-3.xml': 'sent',
      '2024/mesi.zip/A-7.xml.p7m': 'unreadable',
      '2024/Thumbs.db': 'system-file',
    });
  });

  it('stops at the limits, reading nothing past them', async () => {
    const files = [chosen('a/1.xml', sale('1')), chosen('a/2.xml', sale('2')), chosen('a/3.xml', sale('3'))];
    const report = await readChosenFiles(files, COMPANIES, { limits: { maxEntries: 2 }, pause: noPause });
    expect(report.stopped).toEqual({ limit: 'entries', path: 'a/3.xml' });
    expect(report.imported.map((i) => i.path)).toEqual(['a/1.xml', 'a/2.xml']);
    expect(files[2]!.reads).toBe(0);

    const archive = await zip({ '1.xml': sale('1'), '2.xml': sale('2'), '3.xml': sale('3') });
    const declared = await readChosenFiles([chosen('x.zip', archive)], COMPANIES, {
      limits: { maxEntries: 3 },
      pause: noPause,
    });
    expect(declared.stopped).toEqual({ limit: 'entries', path: 'x.zip' });

    const bytes = await readChosenFiles([chosen('x.zip', archive)], COMPANIES, {
      limits: { maxTotalBytes: archive.length + sale('1').length + 10 },
      pause: noPause,
    });
    expect(bytes.stopped?.limit).toBe('bytes');
    expect(bytes.imported.length).toBeLessThan(3);
  });

  it('opens ZIPs inside the chosen ZIP exactly as deep as readArchiveEntries would', async () => {
    let nested = await zip({ 'deep.xml': sale('D-1') });
    for (let level = 0; level < 3; level++) nested = await zip({ [`level${level}.zip`]: nested });
    const whole = await readArchiveEntries([{ path: 'top.zip', bytes: nested }], COMPANIES);
    const chunked = await readChosenFiles([chosen('top.zip', nested)], COMPANIES, { pause: noPause });
    expect(outcome(chunked)).toEqual(outcome(whole));
    expect(Object.values(outcome(chunked))).toEqual(['too-deep']);
  });

  it('stops between chunks when the reading is cancelled', async () => {
    const abort = new AbortController();
    const files = Array.from({ length: 10 }, (_, i) => chosen(`f/${i}.xml`, sale(String(i))));
    const reading = readChosenFiles(files, COMPANIES, {
      chunk: 2,
      signal: abort.signal,
      pause: async () => abort.abort(),
    });
    await expect(reading).rejects.toThrow();
    expect(files.filter((file) => file.reads > 0).length).toBeLessThanOrEqual(3);
  });
});
