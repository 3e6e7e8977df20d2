/**
 * The VAT settlement of a company for a month or a quarter (liquidazione periodica): the VAT its sales make it
 * owe, less the VAT on its purchases it may deduct, less the credit the previous period left.
 *
 * It is built in two steps. vatLedgerOf turns the records into dated entries, each the part of one VAT summary
 * row that counts on one day; vatPeriodSummary adds up the entries of a period. The rules are in the entries:
 *
 * - Sales (sent documents, document-roles.ts) count at the document's date when EsigibilitaIVA is I.
 * - S (split payment, art. 17-ter DPR 633/72): the public-body customer pays that VAT to the Treasury. Shown,
 *   at the document's date, but not owed by the seller: it counts zero.
 * - D (deferred: art. 6 c. 5 DPR 633/72, or VAT on a cash basis, art. 32-bis DL 83/2012): owed when collected.
 *   Each collection (a payment recorded on the document's deadlines, or a credit note netted against them) makes
 *   due the same share of the row's VAT as it is of the document's net to pay; the shares are worked out on the
 *   running total, rounded to the cent, so that a document collected in full has exactly its VAT counted.
 * - Credit notes are negative and count like the rest: at their date, or for D rows as their credit is netted
 *   or refunded. A credit note netted against a deferred invoice thus moves the same VAT out of the credit
 *   note and into the invoice on the same day: nothing is counted twice, and the rest follows the collection.
 * - Purchases (received documents, and the TD28 the company sends for a San Marino purchase) count at the
 *   date SDI delivered them (record.receivedDate), the day the invoice is held and the VAT may be deducted;
 *   D rows count when paid (art. 19: the right to deduct arises when the VAT becomes chargeable); S rows are
 *   shown and count zero: a company under split payment pays that VAT to the Treasury itself, and whether it
 *   then goes through the settlement depends on how it does so, which the records do not say.
 * - Self-invoices for reverse charge (TD16 domestic, e.g. the N6.x invoice of a subcontractor; TD17 services
 *   from abroad; TD18 goods from the EU, integrating an invoice without VAT such as an N3.2 one; TD19 goods from
 *   a non-resident in Italy): their VAT counts on both sides at the self-invoice's date, owed and deducted, so
 *   they settle to zero while both registers show them. The supplier's invoice they integrate (N6.x, N3.2, no
 *   VAT) is an ordinary purchase with zero VAT.
 * - TD20–TD23 and TD29 are listed as not computed; a received copy of the company's own self-invoice is listed
 *   as a copy (copies.ts). Neither counts.
 *
 * Every figure carries the documents behind it, so the UI can open them. Amounts are cents (bigint); VAT is
 * in euro (the VAT summary is in euro even in a foreign-currency invoice, art. 21 c. 2 l DPR 633/72).
 */
import { compare, divide, parseDecimal, ZERO } from '../fatturapa/sdi-checks/decimal.ts';
import type { BookRecord, BookVatRow, Chargeability, DocumentRef } from './book-record.ts';
import { bookDate, cents, documentKey, documentRefOf, isCompany } from './book-record.ts';
import { withoutCopies } from './copies.ts';
import type { Deadline, DocumentSettlement } from './deadlines.ts';
import { settlementsByDocument } from './deadlines.ts';
import { bookRole } from './document-roles.ts';
import { inRange, periodRange } from './period.ts';

export type VatSide = 'sales' | 'purchases';
/** An ordinary invoice (or credit note), or a reverse-charge self-invoice counted on both sides. */
export type VatSource = 'invoice' | 'self-invoice';

/** The part of one VAT summary row that counts on one day. */
export interface VatEntry {
  date: string;
  side: VatSide;
  source: VatSource;
  rate: string;
  nature: string | null;
  chargeability: Chargeability;
  taxable: bigint;
  tax: bigint;
  /** What counts in the settlement: the tax, or zero where it is shown but not owed or deducted (S). */
  counted: bigint;
  document: DocumentRef;
}

/** A document the settlement leaves out, and why. */
export interface ExcludedDocument {
  document: DocumentRef;
  type: string;
  date: string;
  /** 'not-computed': TD20–TD23, TD29 (document-roles.ts); 'copy': SDI's copy of a self-invoice already sent. */
  reason: 'not-computed' | 'copy';
}

export interface VatLedger {
  company: string;
  /** In date order. */
  entries: VatEntry[];
  excluded: ExcludedDocument[];
}

/**
 * Every VAT entry of one company (its VAT number, with or without country, or its fiscal code). `deadlines` are
 * deadlinesOf the same records with the payments recorded: deferred VAT follows them.
 */
export function vatLedgerOf(
  records: readonly BookRecord[],
  deadlines: readonly Deadline[],
  company: string,
): VatLedger {
  const entries: VatEntry[] = [];
  const excluded: ExcludedDocument[] = [];
  const { counted, copies } = withoutCopies(records);
  for (const copy of copies)
    if (isCompany(copy.company, company))
      excluded.push({ document: documentRefOf(copy), type: copy.type, date: copy.date, reason: 'copy' });
  let settlements: Map<string, DocumentSettlement> | null = null;
  const settlementOf = (record: BookRecord) => {
    settlements ??= settlementsByDocument(deadlines);
    return settlements.get(documentKey(documentRefOf(record)));
  };
  for (const record of counted) {
    if (!isCompany(record.company, company)) continue;
    const role = bookRole(record.kind, record.type);
    const document = documentRefOf(record);
    if (role === 'not-computed') {
      excluded.push({ document, type: record.type, date: record.date, reason: 'not-computed' });
      continue;
    }
    for (const row of record.vat) {
      const taxable = cents(row.taxable);
      const tax = cents(row.tax);
      if (role === 'self-invoice') {
        entries.push(entryOf(record.date, 'sales', 'self-invoice', row, taxable, tax, tax, document));
        entries.push(entryOf(record.date, 'purchases', 'self-invoice', row, taxable, tax, tax, document));
        continue;
      }
      const side: VatSide = role === 'sale' ? 'sales' : 'purchases';
      const date = bookDate(record);
      if (row.chargeability === 'S')
        entries.push(entryOf(date, side, 'invoice', row, taxable, tax, 0n, document));
      else if (row.chargeability === 'I')
        entries.push(entryOf(date, side, 'invoice', row, taxable, tax, tax, document));
      else deferredEntries(row, taxable, tax, document, side, settlementOf(record), entries);
    }
  }
  // In date order, so that a period's entries are found by bisection (vatPeriodSummary).
  entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { company, entries, excluded };
}

/** An entry, always built by this one literal: objects of one shape keep 30,000 documents fast. */
function entryOf(
  date: string,
  side: VatSide,
  source: VatSource,
  row: Pick<BookVatRow, 'rate' | 'nature' | 'chargeability'>,
  taxable: bigint,
  tax: bigint,
  counted: bigint,
  document: DocumentRef,
): VatEntry {
  return {
    date,
    side,
    source,
    rate: row.rate,
    nature: row.nature,
    chargeability: row.chargeability,
    taxable,
    tax,
    counted,
    document,
  };
}

/** value × part ÷ whole, rounded half away from zero to the cent (part and whole of the same sign). */
function share(value: bigint, part: bigint, whole: bigint): bigint {
  if (part === whole) return value;
  return divide({ units: value * part, scale: 0 }, { units: whole, scale: 0 }, 0)?.units ?? 0n;
}

/** A deferred row: one entry per day something was collected (or paid), for the share it made due. */
function deferredEntries(
  row: BookVatRow,
  rowTaxable: bigint,
  rowTax: bigint,
  document: DocumentRef,
  side: VatSide,
  settlement: DocumentSettlement | undefined,
  entries: VatEntry[],
): void {
  if (!settlement || settlement.original === 0n || settlement.events.length === 0) return;
  const whole = settlement.original;
  const events = [...settlement.events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let settled = 0n;
  let taxSoFar = 0n;
  let taxableSoFar = 0n;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    settled += event.amount;
    if (events[i + 1]?.date === event.date) continue;
    // The running share, kept between nothing and the whole document.
    const part = whole > 0n ? clamp(settled, 0n, whole) : clamp(settled, whole, 0n);
    const tax = share(rowTax, part, whole);
    const taxable = share(rowTaxable, part, whole);
    if (tax !== taxSoFar || taxable !== taxableSoFar) {
      const due = tax - taxSoFar;
      entries.push(entryOf(event.date, side, 'invoice', row, taxable - taxableSoFar, due, due, document));
    }
    taxSoFar = tax;
    taxableSoFar = taxable;
  }
}

function clamp(value: bigint, low: bigint, high: bigint): bigint {
  return value < low ? low : value > high ? high : value;
}

/** An amount and the documents behind it. */
export interface VatFigure {
  cents: bigint;
  documents: DocumentRef[];
}

/** The entries of a period with the same side, source, rate, nature and chargeability, added up. */
export interface VatSummaryLine {
  side: VatSide;
  source: VatSource;
  rate: string;
  nature: string | null;
  chargeability: Chargeability;
  taxable: bigint;
  tax: bigint;
  counted: bigint;
  documents: DocumentRef[];
}

export interface VatPeriodSummary {
  company: string;
  /** '2026-03', '2026-Q1' (or '2026', the year's entries together). */
  period: string;
  from: string;
  to: string;
  sales: VatSummaryLine[];
  purchases: VatSummaryLine[];
  /** VAT owed on sales: immediate, deferred as collected, self-invoices; credit notes subtracted. */
  salesVat: VatFigure;
  /** Split-payment VAT of the sales: shown, owed by the customer to the Treasury, not by the company. */
  splitPaymentVat: VatFigure;
  /** Deductible VAT on purchases, self-invoices included. */
  purchaseVat: VatFigure;
  /** The credit the previous period left, subtracted here. */
  previousCredit: bigint;
  /** salesVat − purchaseVat − previousCredit: above zero to pay, below zero a credit. */
  net: bigint;
  /** The net when positive, else zero. */
  toPay: bigint;
  /** The credit carried to the next period: −net when negative, else zero. */
  credit: bigint;
  excluded: ExcludedDocument[];
}

/**
 * Documents in order of first appearance, once each. A ledger makes one DocumentRef per document and every
 * entry of that document shares it, so the object itself is the key: no string per entry.
 */
class DocumentList {
  private readonly seen = new Set<DocumentRef>();
  add(ref: DocumentRef): void {
    this.seen.add(ref);
  }
  list(): DocumentRef[] {
    return [...this.seen];
  }
}

class Figure {
  cents = 0n;
  readonly documents = new DocumentList();
  add(amount: bigint, ref: DocumentRef): void {
    this.cents += amount;
    this.documents.add(ref);
  }
  value(): VatFigure {
    return { cents: this.cents, documents: this.documents.list() };
  }
}

/** Rates from the highest down, rows without VAT by nature, then I, D, S. */
function lineOrder(a: VatSummaryLine, b: VatSummaryLine): number {
  return (
    compare(parseDecimal(b.rate) ?? ZERO, parseDecimal(a.rate) ?? ZERO) ||
    a.source.localeCompare(b.source) ||
    (a.nature ?? '').localeCompare(b.nature ?? '') ||
    'IDS'.indexOf(a.chargeability) - 'IDS'.indexOf(b.chargeability)
  );
}

/** The index of the first entry dated `date` or later (the entries are in date order). */
function firstOnOrAfter(entries: readonly VatEntry[], date: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.date < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The settlement of one period; `previousCredit` is the credit the period before left (see vatPeriodChain). */
export function vatPeriodSummary(ledger: VatLedger, period: string, previousCredit = 0n): VatPeriodSummary {
  const range = periodRange(period);
  const lines = new Map<string, { line: VatSummaryLine; documents: DocumentList }>();
  const salesVat = new Figure();
  const splitPaymentVat = new Figure();
  const purchaseVat = new Figure();
  const entries = ledger.entries;
  for (let i = firstOnOrAfter(entries, range.from); i < entries.length && entries[i]!.date <= range.to; i++) {
    const entry = entries[i]!;
    const key = `${entry.side}|${entry.source}|${entry.rate}|${entry.nature ?? ''}|${entry.chargeability}`;
    let group = lines.get(key);
    if (!group) {
      const { side, source, rate, nature, chargeability } = entry;
      group = {
        line: { side, source, rate, nature, chargeability, taxable: 0n, tax: 0n, counted: 0n, documents: [] },
        documents: new DocumentList(),
      };
      lines.set(key, group);
    }
    group.line.taxable += entry.taxable;
    group.line.tax += entry.tax;
    group.line.counted += entry.counted;
    group.documents.add(entry.document);
    // A figure lists the documents that move it: an N6.3 purchase shows on its line, not behind the VAT.
    if (entry.side === 'sales') {
      if (entry.counted !== 0n) salesVat.add(entry.counted, entry.document);
      if (entry.chargeability === 'S' && entry.source === 'invoice')
        splitPaymentVat.add(entry.tax, entry.document);
    } else if (entry.counted !== 0n) purchaseVat.add(entry.counted, entry.document);
  }
  const all = [...lines.values()].map(({ line, documents }) => ({ ...line, documents: documents.list() }));
  const net = salesVat.cents - purchaseVat.cents - previousCredit;
  return {
    company: ledger.company,
    period,
    from: range.from,
    to: range.to,
    sales: all.filter((line) => line.side === 'sales').sort(lineOrder),
    purchases: all.filter((line) => line.side === 'purchases').sort(lineOrder),
    salesVat: salesVat.value(),
    splitPaymentVat: splitPaymentVat.value(),
    purchaseVat: purchaseVat.value(),
    previousCredit,
    net,
    toPay: net > 0n ? net : 0n,
    credit: net < 0n ? -net : 0n,
    excluded: ledger.excluded.filter((excluded) => inRange(excluded.date, range)),
  };
}

/**
 * The settlements of consecutive periods, each subtracting the credit the one before left (`openingCredit` for
 * the first: the credit from before the chain, e.g. last year's).
 */
export function vatPeriodChain(
  ledger: VatLedger,
  periods: readonly string[],
  openingCredit = 0n,
): VatPeriodSummary[] {
  const summaries: VatPeriodSummary[] = [];
  let credit = openingCredit;
  for (const period of periods) {
    const summary = vatPeriodSummary(ledger, period, credit);
    summaries.push(summary);
    credit = summary.credit;
  }
  return summaries;
}
