/**
 * Deadlines (the scadenzario): what customers owe the company and what it owes its suppliers, one row per
 * instalment of every sale and purchase, with what was paid against it.
 *
 * - A row is a BookInstalment (one DettaglioPagamento, or the net to pay on the document's date when the
 *   document gives no payment data). Sales are receivable, purchases payable (document-roles.ts); self-invoices
 *   and the types the books do not compute have no rows: nothing is paid to anyone on a TD16.
 * - Payments are recorded by the user (PaymentRecord), several per row for partial payments. Their amounts are
 *   magnitudes: on a credit note's row they are what was refunded or offset.
 * - A credit note's rows are negative. When it names the invoice it corrects (DatiFattureCollegate) and that
 *   invoice is in the books (same company, same counterparty, same number; the date decides between years),
 *   its credit is netted against the invoice's rows still open, earliest due first: the customer pays the next
 *   instalment less the credit. What the open rows cannot take (the invoice is paid already, or the credit is
 *   larger) stays on the credit note's own rows, a negative amount: a credit to refund or to offset. Each side
 *   keeps the list of what was netted, with the credit note's date, so deferred VAT can follow it (vat-period.ts).
 * - Status: paid once the payments cover the amount (a fully credited invoice is paid), partial when some
 *   payment is recorded, open otherwise; overdue when open or partial and due before `today`, which the caller
 *   passes in (the clock is never read here).
 *
 * Pure functions over records and payment records; 30,000 documents take a few milliseconds.
 */
import type {
  BookInstalment,
  BookKind,
  BookParty,
  BookPartyId,
  BookRecord,
  CentsText,
  DocumentRef,
  DueFrom,
} from './book-record.ts';
import { bookDate, cents, documentKey, documentRefOf, isCompany } from './book-record.ts';
import { withoutCopies } from './copies.ts';
import { bookRole } from './document-roles.ts';
import type { DateRange } from './period.ts';
import { inRange, monthOf, periodRange } from './period.ts';

/** A payment the user recorded against one instalment. */
export interface PaymentRecord {
  /** instalmentKey of the row it pays. */
  instalment: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** What was paid, in cents, as a magnitude (refunded or offset, on a credit note's row). */
  amount: CentsText;
}

export type Direction = 'receivable' | 'payable';
export type DeadlineStatus = 'open' | 'partial' | 'paid' | 'overdue';

/** A payment on a row, signed like the row (negative on a credit note's). */
export interface Settlement {
  date: string;
  amount: bigint;
}

/** A credit note netted against an invoice's row (negative), or that row seen from the credit note (positive). */
export interface Netting {
  /** The other document: the credit note on an invoice's row, the invoice on a credit note's. */
  document: DocumentRef;
  /** The credit note's book date: when the credit was given. */
  date: string;
  amount: bigint;
}

export interface Deadline {
  /** instalmentKey: what payments are recorded by. */
  key: string;
  document: DocumentRef;
  direction: Direction;
  type: string;
  number: string;
  /** The document's date. */
  date: string;
  company: BookPartyId;
  counterparty: BookParty;
  currency: string;
  position: number;
  due: string;
  dueFrom: DueFrom;
  method: string | null;
  iban: string | null;
  /** As the document gives it; negative for a credit note. */
  original: bigint;
  netted: Netting[];
  /** original + Σ netted: what is owed on this row. */
  amount: bigint;
  payments: Settlement[];
  /** Σ payments, signed like the row. */
  paid: bigint;
  /** amount − paid; negative on a credit note's row still to refund. */
  outstanding: bigint;
  status: DeadlineStatus;
}

/** The key payments are recorded by: "sent:12/1#2" is the second instalment of the first document of sent 12. */
export function instalmentKey(ref: DocumentRef, position: number): string {
  return `${documentKey(ref)}#${position}`;
}

function partyKey(id: BookPartyId): string {
  return id.vat ?? id.fiscalCode ?? '';
}

function directionOf(record: BookRecord): Direction | null {
  const role = bookRole(record.kind, record.type);
  return role === 'sale' ? 'receivable' : role === 'purchase' ? 'payable' : null;
}

/** A row before its status: what netting and payments work on. */
interface Row extends Omit<Deadline, 'paid' | 'outstanding' | 'status'> {
  /** Σ payment magnitudes. */
  paidMagnitude: bigint;
}

/** The sign of a row: a credit note's rows run below zero. */
function signOf(row: Pick<Row, 'original'>): 1n | -1n {
  return row.original < 0n ? -1n : 1n;
}

/** What is still owed on a row, as a magnitude: what netting may take from it. */
function room(row: Row): bigint {
  const left = signOf(row) * row.amount - row.paidMagnitude;
  return left > 0n ? left : 0n;
}

/** Every deadline of the records, credit notes netted, with the payments recorded and a status as of `today`. */
export function deadlinesOf(
  records: readonly BookRecord[],
  payments: readonly PaymentRecord[],
  today: string,
): Deadline[] {
  const paymentsByKey = new Map<string, PaymentRecord[]>();
  for (const payment of payments) {
    const list = paymentsByKey.get(payment.instalment);
    if (list) list.push(payment);
    else paymentsByKey.set(payment.instalment, [payment]);
  }

  const rowsByDocument = new Map<BookRecord, Row[]>();
  for (const record of withoutCopies(records).counted) {
    const direction = directionOf(record);
    if (direction === null) continue;
    rowsByDocument.set(
      record,
      record.instalments.map((instalment) => rowOf(record, instalment, direction, paymentsByKey)),
    );
  }
  netCreditNotes(rowsByDocument);

  const deadlines: Deadline[] = [];
  for (const rows of rowsByDocument.values()) for (const row of rows) deadlines.push(finish(row, today));
  return deadlines;
}

function rowOf(
  record: BookRecord,
  instalment: BookInstalment,
  direction: Direction,
  paymentsByKey: ReadonlyMap<string, readonly PaymentRecord[]>,
): Row {
  const document = documentRefOf(record);
  const key = instalmentKey(document, instalment.position);
  const original = cents(instalment.amount);
  const sign = original < 0n ? -1n : 1n;
  const recorded = paymentsByKey.get(key) ?? [];
  let paidMagnitude = 0n;
  const settlements: Settlement[] = recorded.map((payment) => {
    const amount = cents(payment.amount);
    paidMagnitude += amount;
    return { date: payment.date, amount: sign * amount };
  });
  return {
    key,
    document,
    direction,
    type: record.type,
    number: record.number,
    date: record.date,
    company: record.company,
    counterparty: record.counterparty,
    currency: record.currency,
    position: instalment.position,
    due: instalment.due,
    dueFrom: instalment.dueFrom,
    method: instalment.method,
    iban: instalment.iban,
    original,
    netted: [],
    amount: original,
    payments: settlements,
    paidMagnitude,
  };
}

/** The invoice a credit note corrects, among those of the same company, counterparty and number. */
function correctedInvoice(creditNote: BookRecord, candidates: readonly BookRecord[], date: string | null) {
  if (date !== null) {
    const same = candidates.find((candidate) => candidate.date === date);
    if (same) return same;
  }
  // No date, or none matches it: the latest issued before the credit note, else any.
  const before = candidates.filter((candidate) => candidate.date <= creditNote.date);
  return before.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))[0] ?? candidates[0];
}

function netCreditNotes(rowsByDocument: Map<BookRecord, Row[]>): void {
  const invoices = new Map<string, BookRecord[]>();
  const matchKey = (record: BookRecord, number: string) =>
    [record.kind, partyKey(record.company), partyKey(record.counterparty), number.trim()].join('|');
  const creditNotes: BookRecord[] = [];
  for (const record of rowsByDocument.keys()) {
    if (record.creditNote) {
      if (record.references.length > 0) creditNotes.push(record);
      continue;
    }
    const key = matchKey(record, record.number);
    const list = invoices.get(key);
    if (list) list.push(record);
    else invoices.set(key, [record]);
  }
  creditNotes.sort((a, b) => (bookDate(a) < bookDate(b) ? -1 : bookDate(a) > bookDate(b) ? 1 : 0));
  for (const creditNote of creditNotes) {
    const creditRows = rowsByDocument.get(creditNote) ?? [];
    const when = bookDate(creditNote);
    for (const reference of creditNote.references) {
      const candidates = invoices.get(matchKey(creditNote, reference.number));
      const invoice = candidates && correctedInvoice(creditNote, candidates, reference.date);
      if (!invoice) continue;
      const invoiceRows = (rowsByDocument.get(invoice) ?? [])
        .filter((row) => row.original > 0n)
        .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.position - b.position));
      for (const invoiceRow of invoiceRows) {
        for (const creditRow of creditRows) {
          if (creditRow.original >= 0n) continue;
          const moved = min(room(invoiceRow), room(creditRow));
          if (moved === 0n) continue;
          invoiceRow.amount -= moved;
          invoiceRow.netted.push({ document: documentRefOf(creditNote), date: when, amount: -moved });
          creditRow.amount += moved;
          creditRow.netted.push({ document: invoiceRow.document, date: when, amount: moved });
        }
      }
    }
  }
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function finish(row: Row, today: string): Deadline {
  const { paidMagnitude, ...rest } = row;
  const sign = signOf(row);
  const paid = sign * paidMagnitude;
  const outstanding = row.amount - paid;
  let status: DeadlineStatus = sign * outstanding <= 0n ? 'paid' : paidMagnitude !== 0n ? 'partial' : 'open';
  if (status !== 'paid' && row.due !== '' && row.due < today) status = 'overdue';
  return { ...rest, paid, outstanding, status };
}

/** What to show: every condition given must hold. */
export interface DeadlineFilter {
  direction?: Direction;
  /** The invoice's list: sent or received. */
  kind?: BookKind;
  /** The company's VAT number (with or without country) or fiscal code. */
  company?: string;
  /** The counterparty's VAT number or fiscal code, or a part of its name (any case). */
  counterparty?: string;
  /** Due in this period ('2026-03', '2026-Q1', '2026') or date range. */
  due?: string | DateRange;
  status?: readonly DeadlineStatus[];
}

function isCounterparty(party: BookParty, query: string): boolean {
  return isCompany(party, query) || party.name.toLowerCase().includes(query.toLowerCase());
}

export function filterDeadlines(deadlines: readonly Deadline[], filter: DeadlineFilter): Deadline[] {
  const range = typeof filter.due === 'string' ? periodRange(filter.due) : filter.due;
  const statuses = filter.status && new Set(filter.status);
  return deadlines.filter(
    (deadline) =>
      (filter.direction === undefined || deadline.direction === filter.direction) &&
      (filter.kind === undefined || deadline.document.kind === filter.kind) &&
      (filter.company === undefined || isCompany(deadline.company, filter.company)) &&
      (filter.counterparty === undefined || isCounterparty(deadline.counterparty, filter.counterparty)) &&
      (range === undefined || inRange(deadline.due, range)) &&
      (statuses === undefined || statuses.has(deadline.status)),
  );
}

/** One month's deadlines of one direction and currency (amounts are never added across currencies). */
export interface DeadlineMonthTotal {
  /** 'YYYY-MM' of the due date. */
  month: string;
  direction: Direction;
  currency: string;
  count: number;
  amount: bigint;
  paid: bigint;
  outstanding: bigint;
  /** The outstanding amount of the overdue rows. */
  overdue: bigint;
}

/** Totals by month of the due date, in month order, receivable before payable, then by currency. */
export function deadlineTotalsByMonth(deadlines: readonly Deadline[]): DeadlineMonthTotal[] {
  const totals = new Map<string, DeadlineMonthTotal>();
  for (const deadline of deadlines) {
    const month = monthOf(deadline.due);
    const key = `${month}|${deadline.direction}|${deadline.currency}`;
    let total = totals.get(key);
    if (!total) {
      total = {
        month,
        direction: deadline.direction,
        currency: deadline.currency,
        count: 0,
        amount: 0n,
        paid: 0n,
        outstanding: 0n,
        overdue: 0n,
      };
      totals.set(key, total);
    }
    total.count++;
    total.amount += deadline.amount;
    total.paid += deadline.paid;
    total.outstanding += deadline.outstanding;
    if (deadline.status === 'overdue') total.overdue += deadline.outstanding;
  }
  return [...totals.values()].sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      a.direction.localeCompare(b.direction) * -1 ||
      a.currency.localeCompare(b.currency),
  );
}

/**
 * How far a document has been settled over time, for VAT that is due (or deductible) only once collected (or
 * paid): its rows' original total and every payment or netted credit, signed like that total.
 */
export interface DocumentSettlement {
  original: bigint;
  events: Settlement[];
}

export function settlementsByDocument(deadlines: readonly Deadline[]): Map<string, DocumentSettlement> {
  const settlements = new Map<string, DocumentSettlement>();
  for (const deadline of deadlines) {
    const key = documentKey(deadline.document);
    let settlement = settlements.get(key);
    if (!settlement) {
      settlement = { original: 0n, events: [] };
      settlements.set(key, settlement);
    }
    settlement.original += deadline.original;
    for (const payment of deadline.payments) settlement.events.push(payment);
    // Netting lowers what is owed: as settlement it counts the other way round.
    for (const netting of deadline.netted)
      settlement.events.push({ date: netting.date, amount: -netting.amount });
  }
  return settlements;
}
