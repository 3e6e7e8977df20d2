/** Names for the codes an invoice carries, in the UI languages: one table per code list of the schema. */
export { codeLabel } from './code-label.ts';
export type { CodeLabels } from './code-label.ts';
export { DOCUMENT_TYPES, TURNOVER_SIGNS, turnoverSign } from './document-types.ts';
export type { TurnoverSign } from './document-types.ts';
export { FISCAL_REGIMES } from './fiscal-regimes.ts';
export { FUND_TYPES } from './fund-types.ts';
export { LINE_KINDS } from './line-kinds.ts';
export { NATURES } from './natures.ts';
export { PAYMENT_CONDITIONS } from './payment-conditions.ts';
export { PAYMENT_METHODS } from './payment-methods.ts';
export { PAYMENT_REASONS } from './payment-reasons.ts';
export { VAT_CHARGEABILITY } from './vat-chargeability.ts';
export { WITHHOLDING_TYPES } from './withholding-types.ts';
