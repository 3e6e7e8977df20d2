/**
 * The composer's core: draft model, computed totals, edits, numbering, checks while typing, compose and open, the
 * self-invoices of reverse-charge purchases, and what each document type requires.
 */
export {
  emptyAddress,
  emptyDraft,
  emptyLine,
  emptyParty,
  emptyPaymentDetail,
  isSimplifiedDraft,
  transmissionFormat,
} from './draft.ts';
export type * from './draft.ts';
export {
  adjustedPrice,
  computeTotals,
  exactLineTotal,
  lineTotal,
  natureCountsForStamp,
  stampDutyDue,
  stampExclusion,
  STAMP_DUTY_AMOUNT,
  STAMP_DUTY_THRESHOLD,
} from './totals.ts';
export type { DraftTotals, SimplifiedItem, StampExclusion, StampReason, VatSummaryTotal } from './totals.ts';
export {
  addDays,
  addDeliveryNote,
  addFund,
  addInstalment,
  addWithholding,
  INSTALMENT_DAYS,
  lineNumbersText,
  newFund,
  newWithholding,
  parseLineNumbers,
  proposedDueDate,
  referenceAt,
  removeDeliveryNote,
  removeFund,
  removeInstalment,
  removeWithholding,
  setNature,
  setRegime,
} from './edits.ts';
export {
  isProposedWording,
  LEGAL_REFERENCE_MAX,
  legalWording,
  NATURE_WORDING,
  REGIME_WORDING,
  regimeNature,
} from './legal-wording.ts';
export {
  inSeries,
  nextDocumentNumber,
  nextInSeries,
  SERIES_TYPES,
  seriesFor,
  seriesShape,
} from './numbering.ts';
export type { NextNumberOptions, SeriesShape } from './numbering.ts';
export { checkDraft, problemsAt } from './check-draft.ts';
export type { CheckDraftOptions, DraftLanguage, DraftProblem } from './check-draft.ts';
export { composeInvoice, composeInvoiceXml } from './to-invoice.ts';
export { draftFieldOf } from './to-invoice/field-map.ts';
export { REFERENCE_ELEMENTS } from './to-invoice/general-data.ts';
export type { ComposedInvoice } from './to-invoice.ts';
export { documentCount, draftFromInvoice } from './from-invoice.ts';
export type { OpenMode, OpenOptions } from './from-invoice.ts';
export { isOwnCompany, selfInvoiceDraft, selfInvoiceKind } from './self-invoice.ts';
export type {
  OwnCompanyIds,
  SelfInvoiceKind,
  SelfInvoiceNeed,
  SelfInvoiceOptions,
  SelfInvoiceReason,
} from './self-invoice.ts';
export { documentTypeRule, documentTypeRules, documentTypesWhere } from '../document-type-rules.ts';
export type { DocumentIssuer, DocumentTypeRule, LinkedInvoiceNeed } from '../document-type-rules.ts';
export { checkIban, ibanCheckDigits, isValidIban, normalizeIban } from './iban.ts';
export type { IbanCheck } from './iban.ts';
export { isTypedNumber, parseTyped } from './numbers.ts';
