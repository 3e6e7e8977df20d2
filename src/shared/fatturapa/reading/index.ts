/** One typed reading of a FatturaPA file, with every element of fiscal weight and a reconciliation. */
export { identifyInvoice, readInvoice, readInvoiceJson } from './read-document.ts';
export { partyName, fiscalId, vatId, readAddress, addressText } from './parties.ts';
export { calendarDate } from './values.ts';
export type { NameHolder } from './parties.ts';
export { reconcile, paymentsTotal, documentAdjustmentsTotal } from './reconciliation.ts';
export type { ReconciliationInput } from './reconciliation.ts';
export type * from './types.ts';
