/** The registry of customers and suppliers: contacts learned from invoices, checked, merged and moved as CSV. */
export { CONTACT_ROLES, contactFieldsOf, contactKey, contactName, emptyContactFields } from './contact.ts';
export type * from './contact.ts';
export { channelOf, deliveryOf, sightingOf } from './sightings.ts';
export { registryOf } from './learn.ts';
export { checkContact } from './check-contact.ts';
export { fillCustomer } from './fill-customer.ts';
export type { ContactProblem } from './check-contact.ts';
export { CONTACT_CSV_COLUMNS, contactsFromCsv, contactsToCsv } from './contact-csv.ts';
export type {
  ContactCsvColumn,
  ContactCsvProblem,
  ContactCsvProblemCode,
  ContactCsvRow,
} from './contact-csv.ts';
// The catalogue of what is sold: items, their lines, their CSV; and the CSV both files share.
export { emptyCatalogueItem, itemKey } from './catalogue-item.ts';
export type { CatalogueItem } from './catalogue-item.ts';
export {
  DEFAULT_CODE_TYPE,
  applyItem,
  catalogueMerge,
  checkItem,
  itemOfLine,
  searchCatalogue,
} from './catalogue-line.ts';
export type { CatalogueProblem } from './catalogue-line.ts';
export { CATALOGUE_CSV_COLUMNS, catalogueFromCsv, catalogueToCsv } from './catalogue-csv.ts';
export type { CatalogueCsvColumn, CatalogueCsvProblem, CatalogueCsvProblemCode } from './catalogue-csv.ts';
export { csvField, readCsv, unescapeFormula, writeCsv } from './csv.ts';
export type { CsvRow, CsvTable } from './csv.ts';
