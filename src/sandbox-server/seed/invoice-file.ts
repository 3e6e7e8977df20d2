import {
  composeInvoiceXml,
  emptyDraft,
  emptyPaymentDetail,
  newWithholding,
  type DraftLine,
  type DraftParty,
  type InvoiceDraft,
} from '../../shared/fatturapa/compose/index.ts';
import type { VatRate } from './businesses.ts';
import type { Party } from './parties.ts';

export interface InvoiceLine {
  description: string;
  unit: string;
  quantity: number;
  unitPriceCents: number;
  vatRate: VatRate;
}

/** One seeded invoice as a person would fill it in; the composer computes every total. */
export interface InvoiceSpec {
  supplier: Party;
  customer: Party;
  /** TD01 invoice, TD04 credit note. */
  type: 'TD01' | 'TD04';
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  lines: readonly InvoiceLine[];
  /** ProgressivoInvio: the supplier's own counter of transmissions. */
  progressive: string;
  /** A professional firm's invoice: INARCASSA 4% and a 20% withholding on the fees. */
  professional: boolean;
  /** A public administration's purchase order, with its CIG. */
  order: { id: string; date: string; cig: string } | null;
  /** The invoice a credit note corrects. */
  corrects: { number: string; date: string } | null;
  /** Bank transfer due this many days after the end of the month of the invoice (30 or 60 "d.f.f.m."). */
  paymentDays: number;
  /** A word of explanation (Causale), e.g. for a credit note. */
  reason: string | null;
}

function draftParty(party: Party): DraftParty {
  return {
    name: party.name,
    firstName: '',
    lastName: '',
    title: '',
    eori: '',
    vat: party.vat ?? { country: 'IT', code: '' },
    fiscalCode: party.fiscalCode,
  };
}

function amount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function line(spec: InvoiceLine): DraftLine {
  return {
    kind: '',
    codes: [],
    description: spec.description,
    // A service sold once is written without quantity, as invoicing programs do.
    quantity: spec.unit === '' && spec.quantity === 1 ? '' : `${spec.quantity}.00`,
    unit: spec.unit,
    periodStart: '',
    periodEnd: '',
    unitPrice: amount(spec.unitPriceCents),
    adjustments: [],
    vatRate: spec.vatRate,
    nature: '',
    legalReference: '',
    withholding: false,
    administrationReference: '',
    otherData: [],
  };
}

/** The end of the month `days` days after `date` ("30 giorni data fattura fine mese"). */
export function dueDate(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0, 12));
  return end.toISOString().slice(0, 10);
}

/** The invoice as the composer's draft: the same path the app's composer takes to a FatturaPA file. */
export function invoiceDraft(spec: InvoiceSpec): InvoiceDraft {
  const draft = emptyDraft(spec.date);
  draft.transmission.progressive = spec.progressive;
  draft.supplier = { ...draft.supplier, ...draftParty(spec.supplier), address: { ...spec.supplier.address } };
  draft.customer = {
    ...draft.customer,
    ...draftParty(spec.customer),
    address: { ...spec.customer.address },
    delivery: { ...spec.customer.delivery },
  };
  draft.document = { ...draft.document, type: spec.type, number: spec.number, date: spec.date };
  if (spec.reason) draft.document.reasons = [spec.reason];
  draft.lines = spec.lines.map(line);
  // Public administrations pay the VAT to the Treasury themselves (split payment, art. 17-ter).
  if (spec.customer.delivery.channel === 'pa') draft.chargeability = 'S';
  if (spec.order) {
    draft.references.push({
      kind: 'order',
      id: spec.order.id,
      date: spec.order.date,
      lines: [],
      itemNumber: '',
      jobCode: '',
      cup: '',
      cig: spec.order.cig,
    });
  }
  if (spec.corrects) {
    draft.references.push({
      kind: 'linkedInvoice',
      id: spec.corrects.number,
      date: spec.corrects.date,
      lines: [],
      itemNumber: '',
      jobCode: '',
      cup: '',
      cig: '',
    });
  }
  if (spec.professional) {
    draft.funds.push({
      type: 'TC04',
      rate: '4',
      base: '',
      vatRate: '22.00',
      nature: '',
      legalReference: '',
      withholding: false,
      administrationReference: '',
    });
    draft.lines.forEach((l) => (l.withholding = true));
    draft.withholdings.push(newWithholding(draft));
  }
  if (spec.supplier.bank.iban !== '') {
    draft.payments.push({
      conditions: 'TP02',
      details: [
        {
          ...emptyPaymentDetail(),
          method: 'MP05',
          due: dueDate(spec.date, spec.paymentDays),
          institution: spec.supplier.bank.name,
          iban: spec.supplier.bank.iban,
        },
      ],
    });
  }
  return draft;
}

export function invoiceXml(spec: InvoiceSpec): string {
  return composeInvoiceXml(invoiceDraft(spec));
}
