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
 * Pure functions over records and payment records; 30,000 documents take about a tenth of a second
 * (bench/books.ts).
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
  netted: readonly Netting[];
  /** original + Σ netted: what is owed on this row. */
  amount: bigint;
  payments: readonly Settlement[];
  /** Σ payments, signed like the row. */
  paid: bigint;
  /** amount − paid; negative on a credit note's row still to refund. */
  outstanding: bigint;
  status: DeadlineStatus;
}

/** The key payments are recorded by: "sent:12/1#2" is the second instalment of the first document of sent 12. */
export function instalmentKey(ref: DocumentRef, position: number): string {
  return `${ref.kind}:${ref.invoiceId}/${ref.documentIndex}#${position}`;
}

function partyKey(id: BookPartyId): string {
  return id.vat ?? id.fiscalCode ?? '';
}

function directionOf(record: BookRecord): Direction | null {
  const role = bookRole(record.kind, record.type);
  return role === 'sale' ? 'receivable' : role === 'purchase' ? 'payable' : null;
}

/** The sign of a row: a credit note's rows run below zero. */
function signOf(row: Pick<Deadline, 'original'>): 1n | -1n {
  return row.original < 0n ? -1n : 1n;
}

/** What is still owed on a row, as a magnitude: what netting may take from it. */
function room(row: Deadline): bigint {
  const left = signOf(row) * (row.amount - row.paid);
  return left > 0n ? left : 0n;
}

/** A document's rows: they sit together in the list of deadlines, from `start`. */
interface DocumentRows {
  record: BookRecord;
  start: number;
  count: number;
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
  const counted = withoutCopies(records).counted;
  // Only the invoices some credit note names are kept aside for netting: no index of every number.
  const named = new Set<string>();
  for (const record of counted)
    if (record.creditNote) for (const reference of record.references) named.add(reference.number.trim());

  const deadlines: Deadline[] = [];
  const creditNotes: DocumentRows[] = [];
  const invoices = new Map<string, DocumentRows[]>();
  for (const record of counted) {
    const direction = directionOf(record);
    if (direction === null) continue;
    const document = documentRefOf(record);
    const start = deadlines.length;
    for (const instalment of record.instalments)
      deadlines.push(rowOf(record, document, instalment, direction, paymentsByKey));
    if (record.creditNote) {
      if (record.references.length > 0) creditNotes.push({ record, start, count: deadlines.length - start });
    } else if (named.size > 0 && named.has(record.number.trim())) {
      const number = record.number.trim();
      const rows = { record, start, count: deadlines.length - start };
      const list = invoices.get(number);
      if (list) list.push(rows);
      else invoices.set(number, [rows]);
    }
  }
  netCreditNotes(deadlines, creditNotes, invoices);
  for (const row of deadlines) finish(row, today);
  return deadlines;
}

/** The rows without payments or netting share one empty list: 30,000 rows, 60,000 fewer objects. */
const NONE: readonly never[] = Object.freeze([]);

/** A row as the document and the payments make it, before netting and status (built as one literal: fast). */
function rowOf(
  record: BookRecord,
  document: DocumentRef,
  instalment: BookInstalment,
  direction: Direction,
  paymentsByKey: ReadonlyMap<string, readonly PaymentRecord[]>,
): Deadline {
  const key = instalmentKey(document, instalment.position);
  const original = cents(instalment.amount);
  const sign = original < 0n ? -1n : 1n;
  const recorded = paymentsByKey.get(key);
  let paid = 0n;
  let settlements: readonly Settlement[] = NONE;
  if (recorded)
    settlements = recorded.map((payment) => {
      const amount = sign * cents(payment.amount);
      paid += amount;
      return { date: payment.date, amount };
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
    netted: NONE,
    amount: original,
    payments: settlements,
    paid,
    outstanding: original, // set by finish
    status: 'open',
  };
}

/**
 * The invoice a credit note corrects: among those with the number it names, the one of the same list, company
 * and counterparty; of several (numbering restarts each year), the one of the date it names, else the latest
 * issued before the credit note, else the first.
 */
function correctedInvoice(
  creditNote: BookRecord,
  named: readonly DocumentRows[] | undefined,
  date: string | null,
): DocumentRows | undefined {
  const company = partyKey(creditNote.company);
  const counterparty = partyKey(creditNote.counterparty);
  const candidates = (named ?? []).filter(
    ({ record }) =>
      record.kind === creditNote.kind &&
      partyKey(record.company) === company &&
      partyKey(record.counterparty) === counterparty,
  );
  if (date !== null) {
    const same = candidates.find(({ record }) => record.date === date);
    if (same) return same;
  }
  const before = candidates.filter(({ record }) => record.date <= creditNote.date);
  before.sort((a, b) => (a.record.date < b.record.date ? 1 : a.record.date > b.record.date ? -1 : 0));
  return before[0] ?? candidates[0];
}

function netCreditNotes(
  deadlines: readonly Deadline[],
  creditNotes: DocumentRows[],
  invoices: ReadonlyMap<string, readonly DocumentRows[]>,
): void {
  const rowsOf = ({ start, count }: DocumentRows) => deadlines.slice(start, start + count);
  creditNotes.sort((a, b) => {
    const [x, y] = [bookDate(a.record), bookDate(b.record)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  for (const creditNote of creditNotes) {
    const creditRows = rowsOf(creditNote).filter((row) => row.original < 0n);
    const when = bookDate(creditNote.record);
    const from = documentRefOf(creditNote.record);
    for (const reference of creditNote.record.references) {
      const invoice = correctedInvoice(
        creditNote.record,
        invoices.get(reference.number.trim()),
        reference.date,
      );
      if (!invoice) continue;
      const invoiceRows = rowsOf(invoice)
        .filter((row) => row.original > 0n)
        .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.position - b.position));
      for (const invoiceRow of invoiceRows) {
        for (const creditRow of creditRows) {
          const moved = min(room(invoiceRow), room(creditRow));
          if (moved === 0n) continue;
          invoiceRow.amount -= moved;
          invoiceRow.netted = [...invoiceRow.netted, { document: from, date: when, amount: -moved }];
          creditRow.amount += moved;
          creditRow.netted = [
            ...creditRow.netted,
            { document: invoiceRow.document, date: when, amount: moved },
          ];
        }
      }
    }
  }
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** The outstanding amount and the status, once netting is done. */
function finish(row: Deadline, today: string): void {
  row.outstanding = row.amount - row.paid;
  let status: DeadlineStatus =
    signOf(row) * row.outstanding <= 0n ? 'paid' : row.paid !== 0n ? 'partial' : 'open';
  if (status !== 'paid' && row.due !== '' && row.due < today) status = 'overdue';
  row.status = status;
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
