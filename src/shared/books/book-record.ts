/**
 * The book record: what the books need of one document (one FatturaElettronicaBody), extracted once when the
 * app reads the file and kept in its encrypted index beside the list entry. Deadlines, the VAT settlement and
 * the dashboard are then computed from these records alone, so 30,000 invoices answer in well under a second
 * without a file being opened again.
 *
 * A record is plain JSON (the index is JSON.stringify'd before it is sealed), so its amounts are integer cents
 * written as decimal digits ("-12200" is −122.00): JSON has no bigint, and a float is not money. The computing
 * modules turn them into bigint; what they return is bigint.
 *
 * Every amount in a record is signed as it counts in the books: a credit note (TD04, TD08) reduces, whichever
 * way its producer wrote it. Most write a credit note with positive amounts and let the type carry the sign;
 * some write negative amounts in a TD04. So a credit note whose amounts add up to more than zero is turned
 * negative, and one already negative is kept as written (the same rule as the page's totals, amounts.ts). The
 * VAT summary and the payments are looked at separately, because some producers write a negative summary with
 * positive payments. Any other type keeps its amounts as written: a negative TD01 already reduces.
 */
import { turnoverSign } from '../fatturapa/code-labels/document-types.ts';
import { calendarDate } from '../fatturapa/reading/values.ts';
import type {
  DocumentReading,
  InvoiceReading,
  Party,
  PaymentDetail,
  PaymentTerms,
} from '../fatturapa/reading/types.ts';
import { add, compare, divide, format, mul, parseDecimal, round } from '../fatturapa/sdi-checks/decimal.ts';
import type { Decimal } from '../fatturapa/sdi-checks/decimal.ts';
import { centsOf } from '../money/cents.ts';
import { companyIsCustomer } from './document-roles.ts';
import { addDays } from './period.ts';

/** The shape of a record: the app extracts the record again when an index holds an older one. */
export const BOOK_RECORD_VERSION = 1;

export type BookKind = 'sent' | 'received';

/** Integer cents as decimal digits: "12200" is 122.00, "-5" is −0.05. */
export type CentsText = `${bigint}`;

/** Which document a figure comes from, so the UI can open it: the invoice the app lists, and the body in it. */
export interface DocumentRef {
  kind: BookKind;
  /** The id the app lists the invoice by (a Send's or a Receive's id). */
  invoiceId: number;
  /** 1-based position of the FatturaElettronicaBody in the file. */
  documentIndex: number;
}

/** A party's identifiers as the file gives them: VAT number with its country ("IT01234567890"), fiscal code. */
export interface BookPartyId {
  vat: string | null;
  fiscalCode: string | null;
}

export interface BookParty extends BookPartyId {
  name: string;
}

/** EsigibilitaIVA: I immediate (also when the file leaves it out, as the schema says), D deferred, S split. */
export type Chargeability = 'I' | 'D' | 'S';

/** One DatiRiepilogo row, signed (see the top of this file). */
export interface BookVatRow {
  /** AliquotaIVA as a plain decimal with two decimals: "22.00", "0.00". */
  rate: string;
  /** Natura (N1…N7 with sub-codes) of a row without VAT. */
  nature: string | null;
  chargeability: Chargeability;
  taxable: CentsText;
  tax: CentsText;
}

/** How an instalment's due date was found (see dueDateOf). */
export type DueFrom = 'due-date' | 'terms' | 'document-date';

/** One DettaglioPagamento, or the whole net to pay when the document gives no payment data. */
export interface BookInstalment {
  /** 1-based position among the document's instalments: with the document, the key payments are recorded by. */
  position: number;
  due: string;
  dueFrom: DueFrom;
  /** ImportoPagamento in the document's currency, signed. */
  amount: CentsText;
  /** ModalitaPagamento MP01…MP23; null when the document gives no payment data. */
  method: string | null;
  iban: string | null;
}

/** An invoice this document corrects or is linked to (DatiFattureCollegate; DatiFatturaRettificata in FSM10). */
export interface BookReference {
  number: string;
  date: string | null;
}

export interface BookRecord {
  version: typeof BOOK_RECORD_VERSION;
  kind: BookKind;
  invoiceId: number;
  documentIndex: number;
  /** TipoDocumento TD01…TD29. */
  type: string;
  number: string;
  /** Data, 'YYYY-MM-DD' ('' when the file's date is not one). */
  date: string;
  /** A received document: the day SDI delivered it, which is when its VAT becomes deductible. Null if sent. */
  receivedDate: string | null;
  /** The company whose books these are: the supplier of a sale, the customer of a purchase or self-invoice. */
  company: BookPartyId;
  /** The other party: the customer of a sale, the supplier of a purchase (and of a self-invoice). */
  counterparty: BookParty;
  /** Divisa: the instalments, the document total and the net to pay are in it; the VAT summary is in euro. */
  currency: string;
  /** TD04 or TD08: its amounts below are already negative. */
  creditNote: boolean;
  vat: BookVatRow[];
  /** ImportoTotaleDocumento as the reading computes it (taxable + VAT ± adjustments + stamp), signed. */
  documentTotal: CentsText;
  /** What the customer pays the supplier: less withholdings and split-payment VAT, signed. */
  netToPay: CentsText;
  instalments: BookInstalment[];
  references: BookReference[];
  /** Brought in from outside SDI (another program's archive). Always false until importing exists. */
  imported: boolean;
}

/** What the file does not say: who the app got it from and when. */
export interface BookRecordMeta {
  kind: BookKind;
  invoiceId: number;
  /**
   * A received invoice's delivery date, the Italian calendar day ('YYYY-MM-DD'). Given a timestamp, its date part
   * is taken as written: the caller turns a UTC time into the day in Italy first (23:30Z on 31 March is 1 April
   * in Rome, and that moves the VAT to April).
   */
  receivedDate?: string | null;
  imported?: boolean;
}

export function cents(text: CentsText): bigint {
  return BigInt(text);
}

export function centsText(value: bigint): CentsText {
  return value.toString() as CentsText;
}

/** "sent:12/1": a document's key in maps and in the CSV. */
export function documentKey(ref: DocumentRef): string {
  return `${ref.kind}:${ref.invoiceId}/${ref.documentIndex}`;
}

export function documentRefOf(record: BookRecord): DocumentRef {
  return { kind: record.kind, invoiceId: record.invoiceId, documentIndex: record.documentIndex };
}

/**
 * Whether a record belongs to a company named by its VAT number (with or without the country prefix) or its
 * fiscal code.
 */
export function isCompany(id: BookPartyId, company: string): boolean {
  if (company === '') return false;
  if (id.vat !== null && (id.vat === company || id.vat.slice(2) === company)) return true;
  return id.fiscalCode !== null && id.fiscalCode === company;
}

/** The date a document enters the books: delivery for a received one (else its date), its date if sent. */
export function bookDate(record: BookRecord): string {
  return record.kind === 'received' ? (record.receivedDate ?? record.date) : record.date;
}

/** The book records of every document in a file. */
export function bookRecordsOf(reading: InvoiceReading, meta: BookRecordMeta): BookRecord[] {
  return reading.documents.map((document) => recordOf(reading, document, meta));
}

function recordOf(reading: InvoiceReading, document: DocumentReading, meta: BookRecordMeta): BookRecord {
  const customerSide = companyIsCustomer(meta.kind, document.type);
  const own = customerSide ? reading.customer : reading.supplier;
  const other = customerSide ? reading.supplier : reading.customer;
  const creditNote = turnoverSign(document.type) === -1;
  const date = calendarDate(document.date) ?? '';
  const { documentTotal, netToPay } = totalsOf(document);
  const rows = document.simplified ? simplifiedVatRows(document) : vatRowsOf(document);
  // The summary's sign, decided by its total (see the top of this file).
  const rowsTotal = rows.reduce((sum, row) => sum + row.taxable + row.tax, 0n);
  const summarySign = creditNote && (documentTotal !== 0n ? documentTotal : rowsTotal) > 0n ? -1n : 1n;
  return {
    version: BOOK_RECORD_VERSION,
    kind: meta.kind,
    invoiceId: meta.invoiceId,
    documentIndex: document.index,
    type: document.type,
    number: document.number,
    date,
    receivedDate: meta.kind === 'received' ? dateOnly(meta.receivedDate) : null,
    company: { vat: own.vat, fiscalCode: own.fiscalCode },
    counterparty: partyOf(other),
    currency: document.currency || 'EUR',
    creditNote,
    vat: rows.map((row) => ({
      rate: row.rate,
      nature: row.nature,
      chargeability: row.chargeability,
      taxable: centsText(summarySign * row.taxable),
      tax: centsText(summarySign * row.tax),
    })),
    documentTotal: centsText(summarySign * documentTotal),
    netToPay: centsText(summarySign * netToPay),
    instalments: instalmentsOf(document.payments, date, summarySign * netToPay, creditNote),
    references: document.references
      .filter((reference) => reference.kind === 'linkedInvoice' || reference.kind === 'correctedInvoice')
      .map((reference) => ({ number: reference.id, date: calendarDate(reference.date) })),
    imported: meta.imported ?? false,
  };
}

function partyOf(party: Party): BookParty {
  return { name: party.name, vat: party.vat, fiscalCode: party.fiscalCode };
}

function dateOnly(value: string | null | undefined): string | null {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/** The document total and net to pay in the document's currency (converted by the reading when it must be). */
function totalsOf(document: DocumentReading): { documentTotal: bigint; netToPay: bigint } {
  const reconciliation = document.reconciliation;
  if (reconciliation === null) {
    const total = centsOf(document.simplifiedTotal) ?? 0n;
    return { documentTotal: total, netToPay: total };
  }
  return {
    documentTotal: centsOf(reconciliation.inCurrency?.documentTotal ?? reconciliation.documentTotal) ?? 0n,
    netToPay: centsOf(reconciliation.inCurrency?.netToPay ?? reconciliation.netToPay) ?? 0n,
  };
}

interface Row {
  rate: string;
  nature: string | null;
  chargeability: Chargeability;
  taxable: bigint;
  tax: bigint;
}

function rateText(rate: string | null): string {
  const parsed = parseDecimal(rate);
  return parsed === null ? '0.00' : format(round(parsed, 2), 2);
}

function chargeabilityOf(value: string | null): Chargeability {
  return value === 'D' || value === 'S' ? value : 'I';
}

function vatRowsOf(document: DocumentReading): Row[] {
  return document.vatSummary.map((row) => ({
    rate: rateText(row.rate),
    nature: row.nature,
    chargeability: chargeabilityOf(row.chargeability),
    taxable: centsOf(row.taxable) ?? 0n,
    tax: centsOf(row.tax) ?? 0n,
  }));
}

const HUNDRED: Decimal = { units: 100n, scale: 0 };

/**
 * A simplified invoice (FSM10) has no VAT summary: its items' Importo include the VAT. One row per rate and
 * nature: the VAT is the items' Imposta where given, else Importo × rate ÷ (100 + rate) to the cent; the
 * taxable amount is the rest.
 */
function simplifiedVatRows(document: DocumentReading): Row[] {
  const rows = new Map<string, Row>();
  for (const line of document.lines) {
    const rate = rateText(line.vatRate);
    const total = parseDecimal(line.total);
    if (total === null) continue;
    const given = centsOf(line.vatAmount);
    const percent = parseDecimal(rate) ?? { units: 0n, scale: 0 };
    const tax = given ?? divide(mul(total, percent), add(percent, HUNDRED), 2)?.units ?? 0n;
    const key = `${rate}|${line.nature ?? ''}`;
    const row = rows.get(key) ?? { rate, nature: line.nature, chargeability: 'I', taxable: 0n, tax: 0n };
    row.taxable += round(total, 2).units - tax;
    row.tax += tax;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/**
 * The due date of one DettaglioPagamento: DataScadenzaPagamento; else DataRiferimentoTerminiPagamento plus
 * GiorniTerminiPagamento days (the days alone count from the document's date, "30 days from the invoice date";
 * the reference date alone is the due date); else the document's date.
 */
export function dueDateOf(
  detail: Pick<PaymentDetail, 'due' | 'termsStart' | 'termsDays'>,
  documentDate: string,
): { due: string; dueFrom: DueFrom } {
  const due = calendarDate(detail.due);
  if (due !== null) return { due, dueFrom: 'due-date' };
  const start = calendarDate(detail.termsStart);
  const days =
    detail.termsDays !== null && /^\s*\d{1,3}\s*$/.test(detail.termsDays) ? Number(detail.termsDays) : null;
  if (start !== null || days !== null) {
    const terms = addDays(start ?? documentDate, days ?? 0);
    if (terms !== '') return { due: terms, dueFrom: 'terms' };
  }
  return { due: documentDate, dueFrom: 'document-date' };
}

/**
 * One instalment per DettaglioPagamento; none given: the net to pay, due on the document's date. The details
 * of a TP02 (complete payment) block that all carry the same amount are alternative ways of making the one
 * payment (two bank accounts): they are one instalment, the first, as the reconciliation counts them once.
 */
function instalmentsOf(
  payments: readonly PaymentTerms[],
  date: string,
  netToPay: bigint,
  creditNote: boolean,
): BookInstalment[] {
  const details = payments.flatMap((terms) => {
    const first = terms.details[0];
    const alternatives =
      terms.conditions === 'TP02' &&
      first !== undefined &&
      terms.details.length > 1 &&
      terms.details.every((detail) => sameAmount(detail.amount, first.amount));
    return alternatives ? [first] : terms.details;
  });
  if (details.length === 0)
    return [
      {
        position: 1,
        due: date,
        dueFrom: 'document-date',
        amount: centsText(netToPay),
        method: null,
        iban: null,
      },
    ];
  const amounts = details.map((detail) => centsOf(detail.amount) ?? 0n);
  const sign = creditNote && amounts.reduce((sum, amount) => sum + amount, 0n) > 0n ? -1n : 1n;
  return details.map((detail, i) => ({
    position: i + 1,
    ...dueDateOf(detail, date),
    amount: centsText(sign * amounts[i]!),
    method: detail.method || null,
    iban: detail.iban,
  }));
}

function sameAmount(a: string, b: string): boolean {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return x !== null && y !== null && compare(x, y) === 0;
}
