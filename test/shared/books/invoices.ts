/**
 * The books' test invoices: real FatturaPA files written by the composer (composeInvoiceXml) from a draft and
 * read back with readInvoice, so that every test goes through the record extraction as the app will.
 *
 * One company, Studio Esempio Srl (IT12345678903), sells to Cliente Srl (IT01234567897) and Altro Cliente Srl
 * (IT07654321095), and buys from Fornitore Spa (IT07643520567) and Lieferant GmbH (DE123456789).
 */
import { bookRecordsOf } from '../../../src/shared/books/index.ts';
import type { BookKind, BookRecord } from '../../../src/shared/books/index.ts';
import { composeInvoiceXml, emptyPaymentDetail } from '../../../src/shared/fatturapa/compose/index.ts';
import type {
  DraftChargeability,
  DraftLine,
  DraftParty,
  DraftPaymentDetail,
  InvoiceDraft,
} from '../../../src/shared/fatturapa/compose/index.ts';
import { readInvoice } from '../../../src/shared/fatturapa/reading/index.ts';
import { baseDraft, line } from '../compose/fixtures.ts';

export const COMPANY = 'IT12345678903';
export const CUSTOMER = 'IT01234567897';
export const OTHER_CUSTOMER = 'IT07654321095';
export const SUPPLIER = 'IT07643520567';
export const EU_SUPPLIER = 'DE123456789';

export interface LineSpec {
  /** PrezzoUnitario of one unit: the line's taxable amount. */
  amount: string;
  /** AliquotaIVA; default 22. */
  rate?: string;
  nature?: string;
}

export interface DocumentSpec {
  type?: string;
  number: string;
  date: string;
  lines: LineSpec[];
  chargeability?: DraftChargeability;
  /** Divisa; default EUR. */
  currency?: string;
  /** DettaglioPagamento of one DatiPagamento (TP01 for several); none when left out. */
  payments?: Partial<DraftPaymentDetail>[];
  /** CondizioniPagamento; default TP01 for several details, TP02 for one. */
  conditions?: string;
  /** DatiFattureCollegate: the invoices a credit note corrects. */
  references?: { number: string; date?: string }[];
}

type Party = Pick<DraftParty, 'name' | 'vat' | 'fiscalCode'>;

const company: Party = {
  name: 'Studio Esempio Srl',
  vat: { country: 'IT', code: COMPANY.slice(2) },
  fiscalCode: '',
};
const supplier: Party = {
  name: 'Fornitore Spa',
  vat: { country: 'IT', code: SUPPLIER.slice(2) },
  fiscalCode: '',
};
const euSupplier: Party = {
  name: 'Lieferant GmbH',
  vat: { country: 'DE', code: EU_SUPPLIER.slice(2) },
  fiscalCode: '',
};

function draftOf(spec: DocumentSpec, seller: Party, buyer: Party): InvoiceDraft {
  const draft = baseDraft();
  draft.supplier = { ...draft.supplier, ...seller };
  draft.customer = { ...draft.customer, ...buyer };
  if (seller.vat.country !== 'IT')
    draft.supplier.address = {
      ...draft.supplier.address,
      province: '',
      postcode: '10115',
      country: seller.vat.country,
    };
  draft.document = {
    ...draft.document,
    type: spec.type ?? 'TD01',
    number: spec.number,
    date: spec.date,
    currency: spec.currency ?? 'EUR',
  };
  draft.lines = spec.lines.map((l): DraftLine =>
    line({ quantity: '1', unitPrice: l.amount, vatRate: l.rate ?? '22', nature: l.nature ?? '' }),
  );
  draft.chargeability = spec.chargeability ?? '';
  draft.stamp = { mode: 'no', amount: '' };
  const details = spec.payments ?? [];
  draft.payments =
    details.length === 0
      ? []
      : [
          {
            conditions: spec.conditions ?? (details.length > 1 ? 'TP01' : 'TP02'),
            details: details.map((detail) => ({ ...emptyPaymentDetail(), ...detail })),
          },
        ];
  draft.references = (spec.references ?? []).map((reference) => ({
    kind: 'linkedInvoice',
    id: reference.number,
    date: reference.date ?? '',
    lines: [],
    itemNumber: '',
    jobCode: '',
    cup: '',
    cig: '',
  }));
  return draft;
}

let nextId = 1;

/** The records of one composed file, as the app will extract them. */
export function recordsOf(xml: string, kind: BookKind, receivedDate: string | null = null): BookRecord[] {
  return bookRecordsOf(readInvoice(xml), { kind, invoiceId: nextId++, receivedDate });
}

const customers: Record<'cliente' | 'altro', Party> = {
  cliente: { name: 'Cliente Srl', vat: { country: 'IT', code: CUSTOMER.slice(2) }, fiscalCode: '' },
  altro: { name: 'Altro Cliente Srl', vat: { country: 'IT', code: OTHER_CUSTOMER.slice(2) }, fiscalCode: '' },
};

/** A document the company sent to Cliente Srl (or Altro Cliente Srl). */
export function saleXml(spec: DocumentSpec, to: 'cliente' | 'altro' = 'cliente'): string {
  return composeInvoiceXml(draftOf(spec, company, customers[to]));
}

/** A sale's book record (a one-document file). */
export function sale(spec: DocumentSpec, to: 'cliente' | 'altro' = 'cliente'): BookRecord {
  return recordsOf(saleXml(spec, to), 'sent')[0]!;
}

/** A document the company received from Fornitore Spa (or the German supplier), delivered on `receivedDate`. */
export function purchase(
  spec: DocumentSpec,
  receivedDate: string,
  from: 'italian' | 'eu' = 'italian',
): BookRecord {
  const xml = composeInvoiceXml(draftOf(spec, from === 'eu' ? euSupplier : supplier, company));
  return recordsOf(xml, 'received', receivedDate)[0]!;
}

/**
 * A self-invoice (TD16–TD19) the company issues: the real supplier as CedentePrestatore, the company as
 * CessionarioCommittente.
 */
export function selfInvoiceXml(spec: DocumentSpec, from: 'italian' | 'eu' = 'italian'): string {
  return composeInvoiceXml(draftOf(spec, from === 'eu' ? euSupplier : supplier, company));
}

/** A self-invoice the company sent. */
export function selfInvoice(spec: DocumentSpec, from: 'italian' | 'eu' = 'italian'): BookRecord {
  return recordsOf(selfInvoiceXml(spec, from), 'sent')[0]!;
}
