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
