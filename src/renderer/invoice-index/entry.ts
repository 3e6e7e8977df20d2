import type { PayloadEncoding, Receive, Send } from '../../shared/api/types.ts';
import { bookRecordsOf, type BookRecord } from '../../shared/books/index.ts';
import { sightingOf, type ContactSighting } from '../../shared/registry/index.ts';
import { italianDay } from '../format/italian-day.ts';
import { readingSummary, type InvoiceFigures, type KnownAmount } from '../lists/amounts.ts';
import { payloadBytes, readInvoice } from '../data/read-invoice.ts';

export type InvoiceKind = 'sent' | 'received';

/**
 * The shape of an entry: an entry of another version (written before the book records, or the registry's
 * sighting, existed) is not used, and the invoice is read again (free: only sent files and received invoices already read are indexed).
 */
export const ENTRY_VERSION = 4;

/**
 * What the index keeps of an invoice the app has read: what the lists show, sort by, total and export and the
 * header search looks in, but the API does not carry (the amount, the document type, the figures for filing, the
 * other party's tax ids, the reasons and line descriptions).
 */
export interface IndexEntry {
  version: typeof ENTRY_VERSION;
  kind: InvoiceKind;
  id: number;
  /** Which invoice this is beyond its id (see fingerprintOf). */
  fingerprint: string;
  /** Null: the file was read, but gives no amount the app can tell (unreadable, or mixed currencies). */
  amount: KnownAmount | null;
  number: string | null;
  date: string | null;
  /** The other party's name: the customer of a sent invoice, the supplier of a received one. */
  party: string | null;
  /** The other party's VAT number with its country (`IT01234567890`) and fiscal code, as the file gives them. */
  partyVat: string | null;
  partyFiscalCode: string | null;
  /** Taxable amount, VAT, withholding, net to pay and first due date; null until the file is read. */
  figures: InvoiceFigures | null;
  /** Causale and line descriptions, for the search (bounded: see TEXT_MAX). */
  text: string;
  /**
   * What the books (deadlines, the VAT settlement, the dashboard) need of each document of the file
   * (src/shared/books): computed once here, so the books never open a file again. Empty until the file is read.
   */
  books: BookRecord[];
  /** The other party as the registry learns it (src/shared/registry): null until read, or when it is unnamed. */
  contact: ContactSighting | null;
}

/** The fields of a list row the index needs to tell whether an entry is still about that row. */
export type IndexedRecord = Pick<Send | Receive, 'id' | 'created' | 'file_name'>;

const TEXT_MAX = 400;

/**
 * Ids are reused once a sandbox is reset (or a browser meets another sandbox on the same address): the moment the
 * invoice was stored and its file name tell the invoice behind an id, so a stale entry is never shown as its
 * amount.
 */
export function fingerprintOf(record: IndexedRecord): string {
  return `${record.created}|${record.file_name ?? ''}`;
}

export function recordKey(kind: InvoiceKind, id: number): string {
  return `${kind}:${id}`;
}

/** An entry for a list row and the payload read for it. */
export function entryOf(
  kind: InvoiceKind,
  record: Send | Receive,
  payload: string | null | undefined,
  encoding: PayloadEncoding,
): IndexEntry {
  const listed =
    kind === 'sent'
      ? ((record as Send).nome_committente ?? record.committente)
      : ((record as Receive).nome_prestatore ?? record.prestatore);
  const entry: IndexEntry = {
    version: ENTRY_VERSION,
    kind,
    id: record.id,
    fingerprint: fingerprintOf(record),
    amount: null,
    number: record.document_number ?? null,
    date: record.document_date ?? null,
    party: listed,
    partyVat: null,
    partyFiscalCode: null,
    figures: null,
    text: '',
    books: [],
    contact: null,
  };
  if (!payload) return entry;
  try {
    const reading = readInvoice(payloadBytes(payload, encoding));
    const summary = readingSummary(reading);
    entry.amount = summary.amount;
    entry.figures = summary.figures;
    const party = kind === 'sent' ? reading.customer : reading.supplier;
    entry.party ||= party.name || null;
    entry.partyVat = party.vat;
    entry.partyFiscalCode = party.fiscalCode;
    entry.text = reading.documents
      .flatMap((doc) => [...doc.reasons, ...doc.lines.map((line) => line.description)])
      .join(' · ')
      .slice(0, TEXT_MAX);
    entry.books = bookRecordsOf(reading, {
      kind,
      invoiceId: record.id,
      receivedDate: kind === 'received' ? italianDay(record.date_sent ?? record.created) : null,
    });
    entry.contact = sightingOf(reading, kind);
  } catch {
    // Not an invoice the reading understands: remembered as read, with no amount.
  }
  return entry;
}
