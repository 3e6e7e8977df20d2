/**
 * Contacts as CSV, to and from a spreadsheet or another invoicing program, in the house CSV of csv.ts: UTF-8
 * with a byte order mark, `;`, CRLF and RFC 4180 quoting on export; `;` or `,`, header names in any case and
 * order, unknown columns ignored on import; the formula guard both ways.
 *
 * Each imported row must pass checkContact; a row that does not is reported by its line number and left out
 * whole, the good rows are returned. Values are trimmed.
 *
 * Excel opens a digits-only cell as a number and drops its leading zeros: an Italian VAT number or company fiscal
 * code of 8 to 10 digits, and an Italian postcode of 2 to 4, get their zeros back (the check digit still has the
 * last word on the VAT number).
 */
import { normalizeIban } from '../fatturapa/compose/iban.ts';
import type { DeliveryChannel } from '../fatturapa/compose/draft.ts';
import { checkContact, type ContactProblem } from './check-contact.ts';
import {
  CONTACT_ROLES,
  contactKey,
  type ContactFields,
  type ContactRole,
  type SavedContact,
} from './contact.ts';
import { channelOf } from './sightings.ts';
import { readCsv, writeCsv } from './csv.ts';

/** The columns, in the order export writes them, each with what it holds (for the user documentation). */
export const CONTACT_CSV_COLUMNS = [
  { name: 'name', meaning: 'Company name (Denominazione); empty for a person' },
  { name: 'first_name', meaning: "A person's first name (Nome)" },
  { name: 'last_name', meaning: "A person's last name (Cognome)" },
  { name: 'vat_country', meaning: 'Country of the VAT number, two letters; IT when empty' },
  { name: 'vat_number', meaning: 'VAT number without the country (partita IVA: 11 digits)' },
  { name: 'fiscal_code', meaning: 'Codice fiscale: 16 characters for a person, 11 digits for a company' },
  { name: 'street', meaning: 'Street of the address (Indirizzo)' },
  { name: 'street_number', meaning: 'House number (NumeroCivico)' },
  { name: 'postcode', meaning: 'Postcode (CAP)' },
  { name: 'town', meaning: 'Town (Comune)' },
  { name: 'province', meaning: 'Province, two letters, Italian addresses only' },
  { name: 'country', meaning: 'Country of the address, two letters; IT when empty' },
  {
    name: 'delivery',
    meaning:
      'How SDI delivers to it: code, pec, pa, foreign or none; when empty, read from recipient_code and pec',
  },
  { name: 'recipient_code', meaning: 'Codice destinatario: 7 characters (delivery code), 6 (delivery pa)' },
  { name: 'pec', meaning: 'PEC address (delivery pec; may accompany a code)' },
  { name: 'payment_method', meaning: 'Payment method proposed on a new invoice, MP01 to MP23' },
  { name: 'payment_days', meaning: 'Days to pay from the invoice date' },
  { name: 'iban', meaning: "IBAN: a supplier's, where it is paid; for a customer, the account it pays into" },
  { name: 'nature', meaning: 'Natura proposed for its lines without VAT (e.g. N6.3)' },
  { name: 'legal_reference', meaning: 'The legal wording of that nature' },
  { name: 'notes', meaning: 'Free notes' },
  { name: 'roles', meaning: 'customer, supplier or customer+supplier; empty for neither yet' },
] as const;

export type ContactCsvColumn = (typeof CONTACT_CSV_COLUMNS)[number]['name'];

/** What export needs of a contact: a Contact or a SavedContact will do. */
export type ContactCsvRow = ContactFields & { roles: readonly ContactRole[] };

export type ContactCsvProblemCode =
  | ContactProblem['code']
  /** The first line names none of the columns (or the file is empty). */
  | 'header'
  /** A quoted field is never closed: the rest of the file is that one field. */
  | 'quote'
  /** `delivery` is not one of code, pec, pa, foreign, none. */
  | 'delivery'
  /** `roles` names something other than customer and supplier. */
  | 'roles'
  /** An earlier row has the same VAT number (else fiscal code, else name): which one is meant is for the user. */
  | 'duplicate';

export interface ContactCsvProblem {
  /** The line of the file where the row starts, 1 being the header. */
  line: number;
  code: ContactCsvProblemCode;
  /** The column at fault ('' for the header or a broken quote). */
  column: ContactCsvColumn | '';
  /** The problem in English, for a log; a screen says it in the user's language from `code`. */
  message: string;
}

const MESSAGES: Readonly<Record<ContactCsvProblemCode, string>> = {
  name: 'a company name, or a first and last name, is required',
  vat: 'the VAT number fails its check digit',
  fiscalCode: 'the fiscal code fails its check character',
  iban: 'the IBAN fails its check digits',
  recipientCode: 'a recipient code has 7 letters or digits (6 for a public administration)',
  pec: 'the PEC is not an e-mail address',
  header: 'the first line names none of the columns',
  quote: 'a quoted field is never closed',
  delivery: 'delivery is not one of code, pec, pa, foreign, none',
  roles: 'roles is not customer, supplier or customer+supplier',
  duplicate: 'an earlier row has the same VAT number, fiscal code or name',
};

function problem(
  line: number,
  code: ContactCsvProblemCode,
  column: ContactCsvColumn | '',
): ContactCsvProblem {
  return { line, code, column, message: MESSAGES[code] };
}

const COLUMN_NAMES = CONTACT_CSV_COLUMNS.map((column) => column.name);
const CHANNELS: readonly DeliveryChannel[] = ['code', 'pec', 'pa', 'foreign', 'none'];

/** The field checkContact names, as its column. */
const PROBLEM_COLUMNS: Readonly<Record<string, ContactCsvColumn>> = {
  name: 'name',
  vat: 'vat_number',
  fiscalCode: 'fiscal_code',
  'payment.iban': 'iban',
  'delivery.code': 'recipient_code',
  'delivery.pec': 'pec',
};

// ---------------------------------------------------------------------------------------------
// Export

export function contactsToCsv(contacts: readonly ContactCsvRow[]): string {
  return writeCsv(COLUMN_NAMES, contacts.map(valuesOf));
}

function valuesOf(contact: ContactCsvRow): Record<ContactCsvColumn, string> {
  return {
    name: contact.name,
    first_name: contact.firstName,
    last_name: contact.lastName,
    vat_country: contact.vat.country,
    vat_number: contact.vat.code,
    fiscal_code: contact.fiscalCode,
    street: contact.address.street,
    street_number: contact.address.number,
    postcode: contact.address.postcode,
    town: contact.address.town,
    province: contact.address.province,
    country: contact.address.country,
    delivery: contact.delivery.channel,
    recipient_code: contact.delivery.code,
    pec: contact.delivery.pec,
    payment_method: contact.payment.method,
    payment_days: contact.payment.days,
    iban: contact.payment.iban,
    nature: contact.nature,
    legal_reference: contact.legalReference,
    notes: contact.notes,
    roles: CONTACT_ROLES.filter((role) => contact.roles.includes(role)).join('+'),
  };
}

// ---------------------------------------------------------------------------------------------
// Import

/**
 * The good rows as saved contacts (keyed by contactKey, stamped `saved`: the caller's clock, as shared code reads
 * none), and the problems of the others, in the order of the file.
 */
export function contactsFromCsv(
  text: string,
  saved = '',
): { contacts: SavedContact[]; problems: ContactCsvProblem[] } {
  const { headerLine, columns, rows, unclosedQuoteAt } = readCsv(text, COLUMN_NAMES);
  const problems: ContactCsvProblem[] = [];
  const contacts: SavedContact[] = [];
  if (columns.size === 0) return { contacts, problems: [problem(headerLine, 'header', '')] };

  const keys = new Set<string>();
  for (const row of rows) {
    const read = contactOfRow(row.cell);
    const found = read.problems.map((column) => problem(row.line, column, column));
    for (const { field, code } of checkContact(read.fields)) {
      found.push(problem(row.line, code, PROBLEM_COLUMNS[field] ?? ''));
    }
    const key = contactKey(read.fields);
    if (keys.has(key)) found.push(problem(row.line, 'duplicate', keyColumn(key)));
    keys.add(key);
    if (found.length > 0) problems.push(...found);
    else contacts.push({ ...read.fields, key, roles: read.roles, saved });
  }
  if (unclosedQuoteAt !== null) problems.push(problem(unclosedQuoteAt, 'quote', ''));
  return { contacts, problems };
}

/** The row's fields, with the columns whose value is not one the format allows. */
function contactOfRow(cell: (column: ContactCsvColumn) => string): {
  fields: ContactFields;
  roles: ContactRole[];
  problems: ('delivery' | 'roles')[];
} {
  const problems: ('delivery' | 'roles')[] = [];
  const vatCountry = cell('vat_country').toUpperCase() || 'IT';
  const country = cell('country').toUpperCase() || 'IT';
  const code = cell('recipient_code').toUpperCase();
  const pec = cell('pec');
  const delivery = deliveryChannel(cell('delivery'), code, pec);
  if (delivery === null) problems.push('delivery');
  const roles = rolesOf(cell('roles'));
  if (roles === null) problems.push('roles');
  const fields: ContactFields = {
    name: cell('name'),
    firstName: cell('first_name'),
    lastName: cell('last_name'),
    vat: {
      country: vatCountry,
      code: vatCountry === 'IT' ? zeroPadded(cell('vat_number'), 8, 11) : cell('vat_number').toUpperCase(),
    },
    fiscalCode: zeroPadded(cell('fiscal_code').toUpperCase(), 8, 11),
    address: {
      street: cell('street'),
      number: cell('street_number'),
      postcode: country === 'IT' ? zeroPadded(cell('postcode'), 2, 5) : cell('postcode'),
      town: cell('town'),
      province: cell('province').toUpperCase(),
      country,
    },
    delivery: { channel: delivery ?? 'none', code, pec },
    payment: {
      method: cell('payment_method').toUpperCase(),
      days: cell('payment_days'),
      iban: normalizeIban(cell('iban')),
    },
    nature: cell('nature').toUpperCase(),
    legalReference: cell('legal_reference'),
    notes: cell('notes'),
  };
  return { fields, roles: roles ?? [], problems };
}

/** The channel named, or the one the code and PEC imply when none is; null for a name that is no channel. */
function deliveryChannel(named: string, code: string, pec: string): DeliveryChannel | null {
  if (named === '') return code === '' ? (pec === '' ? 'none' : 'pec') : channelOf(code, pec);
  return CHANNELS.find((channel) => channel === named.toLowerCase()) ?? null;
}

/** Italian spreadsheets may say cliente and fornitore; either order, joined by '+'. Null for anything else. */
function rolesOf(text: string): ContactRole[] | null {
  if (text === '') return [];
  const named = text.split('+').map((part) => part.trim().toLowerCase());
  const roles = named.map((part) =>
    part === 'customer' || part === 'cliente'
      ? 'customer'
      : part === 'supplier' || part === 'fornitore'
        ? 'supplier'
        : null,
  );
  if (roles.includes(null)) return null;
  return CONTACT_ROLES.filter((role) => roles.includes(role));
}

/** Digits-only text between `from` and `length` characters long gets back the leading zeros a spreadsheet took. */
function zeroPadded(text: string, from: number, length: number): string {
  return /^[0-9]+$/.test(text) && text.length >= from && text.length < length
    ? text.padStart(length, '0')
    : text;
}

function keyColumn(key: string): ContactCsvColumn {
  if (key.startsWith('CF:')) return 'fiscal_code';
  return key.startsWith('NAME:') ? 'name' : 'vat_number';
}
