/**
 * Which draft fields the form shows, and so where each problem appears: at its field when the form shows it,
 * otherwise once in the list below the totals. The form asks the same questions (showsPec, linkedIndex…) to
 * decide what to render, so a problem is never placed at a field that is not on the screen.
 */
import {
  parseTyped,
  type DraftFund,
  type DraftLine,
  type InvoiceDraft,
} from '../../shared/fatturapa/compose/index.ts';
import { documentTypeRule } from '../../shared/fatturapa/document-type-rules.ts';

const isZero = (rate: string) => (parseTyped(rate)?.units ?? 0n) === 0n;

/** A line without VAT: rate 0 (or blank) or a Natura; its Natura and legal reference are shown. */
export const lineExempt = (line: DraftLine) => isZero(line.vatRate) || line.nature !== '';
export const fundExempt = (fund: DraftFund) => isZero(fund.vatRate) || fund.nature !== '';

export const showsRecipientCode = (d: InvoiceDraft) =>
  d.customer.delivery.channel === 'code' || d.customer.delivery.channel === 'pa';
export const showsPec = (d: InvoiceDraft) =>
  d.customer.delivery.channel === 'pec' || d.customer.delivery.channel === 'code';
export const showsPaFields = (d: InvoiceDraft) => d.customer.delivery.channel === 'pa';

/** The order or contract whose number, CIG and CUP the PA fields edit; -1 when there is none yet. */
export const paReferenceIndex = (d: InvoiceDraft) =>
  d.references.findIndex((r) => r.kind === 'order' || r.kind === 'contract');
/** The invoice a credit or debit note corrects (DatiFattureCollegate); -1 when there is none yet. */
export const linkedIndex = (d: InvoiceDraft) => d.references.findIndex((r) => r.kind === 'linkedInvoice');

/** The invoice it refers to: for a type that names one (a note, an integration), or a draft that has one. */
export const showsLinked = (d: InvoiceDraft) =>
  (documentTypeRule(d.document.type)?.linkedInvoice ?? 'none') !== 'none' || linkedIndex(d) >= 0;
/** Delivery notes (DatiDDT): the deferred invoice TD24 refers to them; a file that has them shows them. */
export const showsDeliveryNotes = (d: InvoiceDraft) =>
  d.document.type === 'TD24' || d.deliveryNotes.length > 0;

/**
 * The causale: always, except on a simplified invoice (TD07), whose format has none; a simplified note's causale
 * says what it corrects. A TD07 draft that has one still shows it, so it can be removed.
 */
export const showsReasons = (d: InvoiceDraft) =>
  d.document.type !== 'TD07' || d.document.reasons.join('').trim() !== '';

const ALWAYS = [
  /^(supplier|customer)\.(name|firstName|lastName|vat|fiscalCode)$/,
  /^supplier\.regime$/,
  /^(supplier|customer)\.address\.(street|number|postcode|town|province|country)$/,
  /^supplier\.rea\.(office|number)$/,
  /^document\.(type|date|number|currency)$/,
  /^customer\.delivery\.channel$/,
  /^stamp(\.|$)/,
];

/** Rows of the form that list every problem of their part of the draft: `lines[2]`, `withholdings[0]`… */
const ROWS: [RegExp, (d: InvoiceDraft) => number][] = [
  [/^lines\[(\d+)\]/, (d) => d.lines.length],
  [/^withholdings\[(\d+)\]/, (d) => d.withholdings.length],
  [/^funds\[(\d+)\]/, (d) => d.funds.length],
  [/^payments\[0\]\.details\[(\d+)\]/, (d) => d.payments[0]?.details.length ?? 0],
  [/^attachments\[(\d+)\]/, (d) => d.attachments.length],
];

/** True when the form shows `field` (or the row holding it), so its problems appear there. */
export function isPlaced(d: InvoiceDraft, field: string): boolean {
  if (field === '') return false;
  if (ALWAYS.some((re) => re.test(field))) return true;
  if (field === 'customer.delivery.code') return showsRecipientCode(d);
  if (field === 'customer.delivery.pec') return showsPec(d);
  if (field === 'chargeability') return showsPaFields(d);
  if (field === 'document.reasons') return showsReasons(d);
  if (field === 'payments[0].conditions') return d.payments.length > 0;
  const reference = /^references\[(\d+)\]\.(id|date|cig|cup)$/.exec(field);
  if (reference) {
    const i = Number(reference[1]);
    const key = reference[2] as string;
    if (i === linkedIndex(d) && showsLinked(d)) return key === 'id' || key === 'date';
    if (i === paReferenceIndex(d) && showsPaFields(d)) return key !== 'date';
    return false;
  }
  const note = /^deliveryNotes\[(\d+)\]\.(number|date|lines)$/.exec(field);
  if (note) return showsDeliveryNotes(d) && Number(note[1]) < d.deliveryNotes.length;
  for (const [re, count] of ROWS) {
    const row = re.exec(field);
    if (row) return Number(row[1]) < count(d);
  }
  return false;
}
