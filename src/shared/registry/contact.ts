/**
 * The registry of customers and suppliers (anagrafica clienti e fornitori): one contact per counterparty, learned
 * from every invoice the app reads (sent and received, whatever channel sent them) and editable by the user. The
 * composer fills a customer from it; the contacts screen lists, edits, imports and exports it.
 *
 * A contact is addressed by its key (contactKey): the VAT number with its country, else the fiscal code, else the
 * name, so an invoice sent through the API and one received from the same company meet in one contact.
 */
import type { DraftAddress, DraftDelivery } from '../fatturapa/compose/draft.ts';

/** Payment defaults proposed on a new invoice to (or recorded from) this counterparty. */
export interface ContactPayment {
  /** ModalitaPagamento MP01…MP23, '' when none. */
  method: string;
  /** Days from the invoice date (GiorniTerminiPagamento), '' when none. */
  days: string;
  /** The IBAN: a supplier's, where it is paid; for a customer, the account it pays into. */
  iban: string;
}

/** What the user can type about a counterparty (and what an invoice teaches). Texts are '' when not given. */
export interface ContactFields {
  /** Denominazione; or firstName + lastName for a person. */
  name: string;
  firstName: string;
  lastName: string;
  /** IdFiscaleIVA: country and code ('' code when the party has no VAT number). */
  vat: { country: string; code: string };
  fiscalCode: string;
  address: DraftAddress;
  /** How SdI reaches it as a customer (channel, 7- or 6-character code, PEC). */
  delivery: DraftDelivery;
  payment: ContactPayment;
  /** Natura proposed for its lines (e.g. N6.3 for a subcontractor), '' for none, with its legal wording. */
  nature: string;
  legalReference: string;
  notes: string;
}

export type ContactRole = 'customer' | 'supplier';

/** One counterparty seen on one invoice (sightings.ts reads it from the file). */
export interface ContactSighting extends ContactFields {
  role: ContactRole;
  /** The document's date, 'YYYY-MM-DD' ('' when the file's date is not one): the latest sighting's details win. */
  date: string;
}

/** A contact as the registry keeps and shows it. */
export interface Contact extends ContactFields {
  key: string;
  /** It was invoiced (customer) and/or invoiced us (supplier); a contact typed by hand may be neither yet. */
  roles: ContactRole[];
  /** 'learned' from invoices only; 'saved' once the user saved or imported it (its fields then win). */
  origin: 'learned' | 'saved';
  /** Invoices seen per role, and the latest document date seen ('' when none). */
  seen: { customer: number; supplier: number; last: string };
}

/** What the user saved, per key: the fields that win over what invoices teach (kept sealed per profile). */
export interface SavedContact extends ContactFields {
  key: string;
  roles: ContactRole[];
  /** ISO timestamp of the save. */
  saved: string;
}

/** The key a counterparty is merged by: `IT01234567890`, else `CF:RSSMRA80A01H501U`, else `NAME:rossi mario`. */
export function contactKey(
  fields: Pick<ContactFields, 'vat' | 'fiscalCode' | 'name' | 'firstName' | 'lastName'>,
): string {
  const code = fields.vat.code.trim().toUpperCase();
  if (code !== '') return `${(fields.vat.country.trim() || 'IT').toUpperCase()}${code}`;
  const fiscal = fields.fiscalCode.trim().toUpperCase();
  if (fiscal !== '') return `CF:${fiscal}`;
  const name = (
    fields.name.trim() || `${fields.firstName.trim()} ${fields.lastName.trim()}`.trim()
  ).toLowerCase();
  return `NAME:${name.replace(/\s+/g, ' ')}`;
}

/** The name shown: Denominazione, else "Nome Cognome". */
export function contactName(fields: Pick<ContactFields, 'name' | 'firstName' | 'lastName'>): string {
  return fields.name.trim() || `${fields.firstName.trim()} ${fields.lastName.trim()}`.trim();
}

export function emptyContactFields(): ContactFields {
  return {
    name: '',
    firstName: '',
    lastName: '',
    vat: { country: 'IT', code: '' },
    fiscalCode: '',
    address: { street: '', number: '', postcode: '', town: '', province: '', country: 'IT' },
    delivery: { channel: 'none', code: '', pec: '' },
    payment: { method: '', days: '', iban: '' },
    nature: '',
    legalReference: '',
    notes: '',
  };
}

/** The ContactFields of a sighting, contact or saved contact alone, copied (no object shared with the source). */
export function contactFieldsOf(source: ContactFields): ContactFields {
  return {
    name: source.name,
    firstName: source.firstName,
    lastName: source.lastName,
    vat: { ...source.vat },
    fiscalCode: source.fiscalCode,
    address: { ...source.address },
    delivery: { ...source.delivery },
    payment: { ...source.payment },
    nature: source.nature,
    legalReference: source.legalReference,
    notes: source.notes,
  };
}

/** The roles in their one order: customer, then supplier. */
export const CONTACT_ROLES: readonly ContactRole[] = ['customer', 'supplier'];
