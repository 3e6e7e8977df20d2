import type { PayloadEncoding, Receive, Send } from '../../shared/api/types.ts';
import { amountOfReading, type KnownAmount } from '../amounts.ts';
import { payloadBytes, readInvoice } from '../invoice-view/read-invoice.ts';

export type InvoiceKind = 'sent' | 'received';

/**
 * What the index keeps of an invoice the app has read: what the lists show and the header search looks in, but
 * the API does not carry (the amount, the document type, the reasons and line descriptions).
 */
export interface IndexEntry {
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
  /** Causale and line descriptions, for the search (bounded: see TEXT_MAX). */
  text: string;
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
    kind,
    id: record.id,
    fingerprint: fingerprintOf(record),
    amount: null,
    number: record.document_number,
    date: record.document_date,
    party: listed,
    text: '',
  };
  if (!payload) return entry;
  try {
    const reading = readInvoice(payloadBytes(payload, encoding));
    entry.amount = amountOfReading(reading);
    entry.party ||= (kind === 'sent' ? reading.customer.name : reading.supplier.name) || null;
    entry.text = reading.documents
      .flatMap((doc) => [...doc.reasons, ...doc.lines.map((line) => line.description)])
      .join(' · ')
      .slice(0, TEXT_MAX);
  } catch {
    // Not an invoice the reading understands: remembered as read, with no amount.
  }
  return entry;
}
