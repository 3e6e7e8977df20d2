/**
 * The edits the composer offers beyond typing one field: adding and removing withholdings, pension funds,
 * payment instalments and delivery notes. Each keeps the rest of the draft coherent, so the UI only calls them:
 *
 * - The first withholding marks the taxed lines as subject to it (a professional's fees, as a rule all of them);
 *   removing the last one clears every Ritenuta = SI, which would otherwise fail check 00411.
 * - A new instalment is due 30 days after the previous one (the first 30 days after the document date), pays by
 *   the method and to the IBAN of the one before, and leaves its amount blank: totals.ts then shares the net to
 *   pay among the blank amounts to the cent. Two or more instalments are TP01 (payment in instalments), one is
 *   TP02 (complete payment); an advance (TP03) stays one.
 */
import { emptyPaymentDetail } from './draft.ts';
import type {
  DraftDeliveryNote,
  DraftFund,
  DraftLine,
  DraftReference,
  DraftReferenceKind,
  DraftWithholding,
  InvoiceDraft,
} from './draft.ts';
import { isProposedWording, legalWording, regimeNature } from './legal-wording.ts';

/** Days between instalments, and from the document date to the first one ("30 giorni data fattura"). */
export const INSTALMENT_DAYS = 30;

/** A person (Nome/Cognome) is withheld as RT01, a company as RT02 (the AdE instructions for TipoRitenuta). */
export function newWithholding(draft: InvoiceDraft): DraftWithholding {
  const person = draft.supplier.name.trim() === '' && draft.supplier.lastName.trim() !== '';
  return {
    type: person ? 'RT01' : 'RT02',
    rate: '20',
    // CausalePagamento A: professional fees (lavoro autonomo abituale), the usual case of an invoice withheld.
    reason: 'A',
    basePercent: '',
    amount: '',
  };
}

export function addWithholding(draft: InvoiceDraft): void {
  if (draft.withholdings.length === 0) draft.lines.forEach((line) => (line.withholding = line.nature === ''));
  draft.withholdings.push(newWithholding(draft));
}

export function removeWithholding(draft: InvoiceDraft, index: number): void {
  draft.withholdings.splice(index, 1);
  if (draft.withholdings.length > 0) return;
  draft.lines.forEach((line) => (line.withholding = false));
  draft.funds.forEach((fund) => (fund.withholding = false));
}

/** INPS gestione separata at 4% (the "rivalsa" of professionals without a fund of their own), taxed at 22%. */
export function newFund(): DraftFund {
  return {
    type: 'TC22',
    rate: '4',
    base: '',
    vatRate: '22.00',
    nature: '',
    legalReference: '',
    withholding: false,
    administrationReference: '',
  };
}

export function addFund(draft: InvoiceDraft): void {
  draft.funds.push(newFund());
}

export function removeFund(draft: InvoiceDraft, index: number): void {
  draft.funds.splice(index, 1);
}

/** YYYY-MM-DD plus whole days, in UTC (calendar arithmetic, no time zone in a date). '' when not a date. */
export function addDays(date: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return '';
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/** The due date proposed for a new instalment after `previous` (its due date, '' when none). */
export function proposedDueDate(draft: InvoiceDraft, previous: string): string {
  return addDays(previous || draft.document.date, INSTALMENT_DAYS);
}

/** TP01 for two or more instalments, TP02 for one; an advance (TP03) is the user's choice and stays. */
function conditionsFor(current: string, count: number): string {
  if (current === 'TP03') return 'TP03';
  return count > 1 ? 'TP01' : 'TP02';
}

/** Adds an instalment (DettaglioPagamento) to the first payment, creating it when there is none. */
export function addInstalment(draft: InvoiceDraft): void {
  const payment = draft.payments[0] ?? { conditions: 'TP02', details: [] };
  if (draft.payments.length === 0) draft.payments.push(payment);
  const last = payment.details.at(-1);
  payment.details.push({
    ...emptyPaymentDetail(),
    method: last?.method ?? 'MP05',
    iban: last?.iban ?? '',
    institution: last?.institution ?? '',
    beneficiary: last?.beneficiary ?? '',
    due: proposedDueDate(draft, last?.due ?? ''),
  });
  payment.conditions = conditionsFor(payment.conditions, payment.details.length);
}

/** Removes an instalment of the first payment; the last one removed leaves no payment data at all. */
export function removeInstalment(draft: InvoiceDraft, index: number): void {
  const payment = draft.payments[0];
  if (!payment) return;
  payment.details.splice(index, 1);
  if (payment.details.length === 0) draft.payments.splice(0, 1);
  else payment.conditions = conditionsFor(payment.conditions, payment.details.length);
}

/** A delivery note (DatiDDT) of a deferred invoice, dated like the document until the user types its date. */
export function addDeliveryNote(draft: InvoiceDraft): DraftDeliveryNote {
  const note = { number: '', date: draft.document.date, lines: [] };
  draft.deliveryNotes.push(note);
  return note;
}

export function removeDeliveryNote(draft: InvoiceDraft, index: number): void {
  draft.deliveryNotes.splice(index, 1);
}

/**
 * The reference at `index`, or a blank one of `kind` added for it when there is none yet (-1): the form's single
 * fields for a reference (the PA's order, the invoice a credit note corrects) write through it.
 */
export function referenceAt(draft: InvoiceDraft, index: number, kind: DraftReferenceKind): DraftReference {
  if (index >= 0) return draft.references[index]!;
  const blank = { kind, id: '', date: '', lines: [], itemNumber: '', jobCode: '', cup: '', cig: '' };
  draft.references.push(blank);
  return blank;
}

/**
 * RiferimentoNumeroLinea as typed, "1, 3": split at the commas and kept as typed (blanks too, so the text a user
 * is typing survives the round trip through lineNumbersText; composing leaves blanks out, the checks see the rest).
 */
export function parseLineNumbers(text: string): string[] {
  return text === '' ? [] : text.split(',').map((part) => part.trim());
}

export function lineNumbersText(lines: readonly string[]): string {
  return lines.join(', ');
}

/**
 * A line's or fund's Natura, with the standard wording (legal-wording.ts) in its legal reference unless the user
 * wrote one of their own.
 */
export function setNature(
  target: Pick<DraftLine | DraftFund, 'nature' | 'legalReference' | 'vatRate'>,
  nature: string,
  regime: string,
): void {
  target.nature = nature;
  if (nature !== '') target.vatRate = '0.00';
  if (isProposedWording(target.legalReference)) target.legalReference = legalWording(nature, regime);
}

/**
 * The supplier's RegimeFiscale. The flat-rate (RF19) and minimum (RF02) schemes charge no VAT: every line and
 * fund moves to their Natura (N2.2) with the scheme's wording; a reference the user wrote is kept. Leaving such a
 * scheme keeps the lines as they are (their rates cannot be guessed) but trades the scheme's wording for the
 * Natura's own.
 */
export function setRegime(draft: InvoiceDraft, regime: string): void {
  draft.supplier.regime = regime;
  const nature = regimeNature(regime);
  for (const item of [...draft.lines, ...draft.funds]) {
    if (nature !== null && (item.nature === '' || item.nature === nature)) setNature(item, nature, regime);
    else if (item.nature !== '' && isProposedWording(item.legalReference))
      item.legalReference = legalWording(item.nature, regime);
  }
}
