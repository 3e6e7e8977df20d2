/** The books: deadlines, the VAT settlement and the dashboard, computed from per-document book records. */
export {
  BOOK_RECORD_VERSION,
  bookDate,
  bookRecordsOf,
  cents,
  centsText,
  documentKey,
  documentRefOf,
  dueDateOf,
  isCompany,
} from './book-record.ts';
export type * from './book-record.ts';
export { withoutCopies } from './copies.ts';
export { dashboardFigures } from './dashboard.ts';
export type * from './dashboard.ts';
export {
  deadlinesOf,
  deadlineTotalsByMonth,
  filterDeadlines,
  instalmentKey,
  settlementsByDocument,
} from './deadlines.ts';
export type * from './deadlines.ts';
export { BUYER_ISSUED, bookRole, companyIsCustomer, NOT_COMPUTED, SELF_INVOICES } from './document-roles.ts';
export type * from './document-roles.ts';
export {
  addDays,
  inRange,
  monthOf,
  monthsOfYear,
  nextPeriod,
  periodOfDate,
  periodRange,
  previousPeriod,
} from './period.ts';
export type * from './period.ts';
export { VAT_CSV_HEADER, vatPeriodCsv } from './vat-csv.ts';
export { vatLedgerOf, vatPeriodChain, vatPeriodSummary } from './vat-period.ts';
export type * from './vat-period.ts';
