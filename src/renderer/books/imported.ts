/**
 * Last year's archive, imported into a profile (issue 28 §4): the invoices of a ZIP or a folder that another
 * program or the tax portal exported, read by src/shared/archive and kept here, sealed in the profile's invoice
 * index like its entries (one kept value per import, and the list of imports). They are never sent to SDI and the
 * service does not hold them: they count in the books (deadlines, VAT, dashboard), open in the document view, and
 * go as a batch.
 */
import type { ArchiveInvoice } from '../../shared/archive/index.ts';
import { bookRecordsOf, type BookRecord } from '../../shared/books/index.ts';
import { readInvoice } from '../../shared/fatturapa/reading/read-document.ts';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import type { InvoiceIndex } from '../invoice-index/invoice-index.ts';

/** One invoice of an import, as kept. */
export interface ImportedInvoice {
  /**
   * Its id in the books: negative, so it never meets a service id (`sent:-3/1` is an imported document's key).
   */
  id: number;
  kind: 'sent' | 'received';
  fileName: string;
  /** Where it was in the archive or folder. */
  path: string;
  sha256: string;
  /** Duplicate keys (src/shared/archive/keys.ts): a later import of the same invoice is reported as a duplicate. */
  keys: string[];
  number: string | null;
  date: string | null;
  /** The other party: the customer of a sent invoice, the supplier of a received one. */
  party: string | null;
  /** The invoice XML, Base64. */
  xmlBase64: string;
  books: BookRecord[];
}

/** One import: what the user chose, when, and what it brought. */
export interface ImportBatch {
  id: string;
  /** The file or folder name chosen. */
  source: string;
  at: string;
  invoices: ImportedInvoice[];
}

/** The list of imports, kept beside them (what `keptValue` cannot enumerate). */
interface ImportList {
  batches: { id: string; source: string; at: string; count: number }[];
  /** The next imported id (counting down from -1). */
  nextId: number;
}

const LIST = 'imported';
const batchName = (id: string) => `imported:${id}`;

async function listOf(index: InvoiceIndex): Promise<ImportList> {
  return (await index.bookValue<ImportList>(LIST)) ?? { batches: [], nextId: -1 };
}

/** Every import of the profile, oldest first. */
export async function importBatches(index: InvoiceIndex): Promise<ImportBatch[]> {
  const list = await listOf(index);
  const batches = await Promise.all(list.batches.map((b) => index.bookValue<ImportBatch>(batchName(b.id))));
  return batches.filter((b): b is ImportBatch => b !== null);
}

/** The book records of every imported invoice. */
export async function importedRecords(index: InvoiceIndex): Promise<BookRecord[]> {
  return (await importBatches(index)).flatMap((batch) => batch.invoices.flatMap((invoice) => invoice.books));
}

/** The duplicate keys of everything imported so far: the next import reports a file matching one. */
export async function importedKeys(index: InvoiceIndex): Promise<Set<string>> {
  return new Set((await importBatches(index)).flatMap((b) => b.invoices.flatMap((invoice) => invoice.keys)));
}

/** Keeps the invoices of one import (a report's `imported`) as a new batch; returns it. */
export async function keepImport(
  index: InvoiceIndex,
  source: string,
  invoices: ArchiveInvoice[],
  now = new Date(),
): Promise<ImportBatch> {
  const list = await listOf(index);
  let nextId = list.nextId;
  const batch: ImportBatch = {
    id: crypto.randomUUID(),
    source,
    at: now.toISOString(),
    invoices: invoices.map((invoice) => {
      const id = nextId--;
      const reading = readInvoice(invoice.xml);
      const books = bookRecordsOf(reading, { kind: invoice.direction, invoiceId: id, imported: true });
      const party = invoice.direction === 'sent' ? reading.customer : reading.supplier;
      const first = reading.documents[0];
      return {
        id,
        kind: invoice.direction,
        fileName: invoice.fileName,
        path: invoice.path,
        sha256: invoice.sha256,
        keys: invoice.keys,
        number: first?.number ?? null,
        date: first?.date.slice(0, 10) ?? null,
        party: party.name || null,
        xmlBase64: toBase64(invoice.xml),
        books,
      };
    }),
  };
  await index.keepBook(batchName(batch.id), batch);
  await index.keepBook(LIST, {
    batches: [
      ...list.batches,
      { id: batch.id, source: batch.source, at: batch.at, count: batch.invoices.length },
    ],
    nextId,
  } satisfies ImportList);
  return batch;
}

/** Removes one import and everything it brought. */
export async function removeImport(index: InvoiceIndex, batchId: string): Promise<void> {
  const list = await listOf(index);
  await index.keepBook(LIST, {
    ...list,
    batches: list.batches.filter((b) => b.id !== batchId),
  } satisfies ImportList);
  await index.forgetBook(batchName(batchId));
}
