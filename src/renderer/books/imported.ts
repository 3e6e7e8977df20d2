/**
 * Last year's archive, imported into a profile (issue 28 §4): the invoices of a ZIP or a folder that another
 * program or the tax portal exported, read by src/shared/archive and kept here, sealed in the profile's invoice
 * index like its entries (one kept value per import, and the list of imports). They are never sent to SDI and the
 * service does not hold them: they count in the books (deadlines, VAT, dashboard), open in the document view, and
 * go as a batch.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArchiveInvoice } from '../../shared/archive/index.ts';
import { bookRecordsOf, type BookRecord } from '../../shared/books/index.ts';
import { InvoiceDocumentError } from '../../shared/fatturapa/errors.ts';
import { readInvoice } from '../../shared/fatturapa/reading/read-document.ts';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import type { InvoiceIndex } from '../invoice-index/invoice-index.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';

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
  /** The signed file as found (Base64), when it was a .p7m: the document with its signature, to save again. */
  originalBase64?: string | null;
  /** One per document; none when the file has no readable document (it then counts nowhere). */
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
/** Invoices read between two pauses while an import is kept. */
const READ_STEP = 50;
const batchName = (id: string) => `imported:${id}`;

async function listOf(index: InvoiceIndex): Promise<ImportList> {
  return (await index.bookValue<ImportList>(LIST)) ?? { batches: [], nextId: -1 };
}

/**
 * The batches unsealed already, per open index. A batch never changes once kept (it is kept or removed whole), so
 * the books, read again on every live change, unseal only the list and what is new, not a thousand invoices each
 * time.
 */
const unsealed = new WeakMap<InvoiceIndex, Map<string, ImportBatch>>();

function unsealedOf(index: InvoiceIndex): Map<string, ImportBatch> {
  let batches = unsealed.get(index);
  if (!batches) unsealed.set(index, (batches = new Map()));
  return batches;
}

/** Every import of the profile, oldest first. */
export async function importBatches(index: InvoiceIndex): Promise<ImportBatch[]> {
  const list = await listOf(index);
  const known = unsealedOf(index);
  const batches = await Promise.all(
    list.batches.map(async ({ id }) => {
      const kept = known.get(id) ?? (await index.bookValue<ImportBatch>(batchName(id)));
      if (kept) known.set(id, kept);
      return kept;
    }),
  );
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

/**
 * One invoice as kept. The archive reading summarised it already (parties, numbers, dates); the books read it in
 * full. A file the summary took and the full reading refuses keeps its summary, with no book records.
 */
function importedInvoiceOf(invoice: ArchiveInvoice, id: number): ImportedInvoice {
  const { summary } = invoice;
  const summaryParty = invoice.direction === 'sent' ? summary.committente : summary.prestatore;
  let reading: ReturnType<typeof readInvoice> | null = null;
  try {
    reading = readInvoice(invoice.xml);
  } catch (error) {
    if (!(error instanceof InvoiceDocumentError)) throw error;
  }
  const party = reading ? (invoice.direction === 'sent' ? reading.customer : reading.supplier).name : null;
  const first = reading?.documents[0];
  return {
    id,
    kind: invoice.direction,
    fileName: invoice.fileName,
    path: invoice.path,
    sha256: invoice.sha256,
    keys: invoice.keys,
    number: first?.number ?? summary.documents[0]?.number ?? null,
    date: (first?.date ?? summary.documents[0]?.date ?? null)?.slice(0, 10) ?? null,
    party: party || summaryParty.name || null,
    xmlBase64: toBase64(invoice.xml),
    originalBase64: invoice.envelope === 'xml' ? null : toBase64(invoice.original),
    books: reading ? bookRecordsOf(reading, { kind: invoice.direction, invoiceId: id, imported: true }) : [],
  };
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
  const kept: ImportedInvoice[] = [];
  for (const invoice of invoices) {
    kept.push(importedInvoiceOf(invoice, nextId--));
    // Reading a thousand invoices takes a second: the page draws and answers in between.
    if (kept.length % READ_STEP === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const batch: ImportBatch = { id: crypto.randomUUID(), source, at: now.toISOString(), invoices: kept };
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
  unsealedOf(index).delete(batchId);
}

/**
 * The active profile's imports, and the way to keep or remove one: either changes the books (the deadlines, the
 * VAT summary and the dashboard read them again).
 */
export function useImports() {
  const gateway = useGateway();
  const profileId = useActiveProfileId();
  const client = useQueryClient();
  const key = queryKeys.imported(profileId);
  const batches = useQuery({
    queryKey: key,
    queryFn: async () => importBatches(await openInvoiceIndex(gateway, profileId!)),
    enabled: profileId !== null,
    staleTime: Infinity,
  });
  const changed = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: key }),
      client.invalidateQueries({ queryKey: queryKeys.books(profileId) }),
    ]);
  const keep = useMutation({
    mutationFn: async (batch: { source: string; invoices: ArchiveInvoice[] }) =>
      keepImport(await openInvoiceIndex(gateway, profileId!), batch.source, batch.invoices),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: async (batchId: string) => removeImport(await openInvoiceIndex(gateway, profileId!), batchId),
    onSuccess: changed,
  });
  return {
    profileId,
    batches,
    keep: keep.mutateAsync,
    keeping: keep.isPending,
    remove: remove.mutateAsync,
    removing: remove.isPending,
  };
}
