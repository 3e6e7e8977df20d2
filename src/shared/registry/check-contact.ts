/**
 * What must hold of a contact before it is saved or imported: the identifiers pass their check digits, SdI's
 * channel is one it can use, and the contact has a name. Only what would make an invoice to (or a record of) the
 * counterparty wrong is checked; empty optional fields are fine.
 */
import { normalizeIban, isValidIban } from '../fatturapa/compose/iban.ts';
import { checkVatNumber, isValidCodiceFiscale } from '../fatturapa/identifiers.ts';
import { contactName, type ContactFields } from './contact.ts';

export interface ContactProblem {
  /** The field as a dotted path of ContactFields: 'vat', 'fiscalCode', 'payment.iban', 'delivery.code', … */
  field: string;
  code: 'vat' | 'fiscalCode' | 'iban' | 'recipientCode' | 'pec' | 'name';
}

/** CodiceDestinatario: 7 letters or digits for a channel, 6 for a public administration's office (IPA). */
const RECIPIENT_CODE = { code: /^[A-Z0-9]{7}$/, pa: /^[A-Z0-9]{6}$/ } as const;

/**
 * Something that looks like an e-mail address. Deliberately looser than the schema's EmailType: the point is to
 * catch a code or a name typed in the PEC field, not to second-guess a provider's address.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems of a contact, in the order of the form; empty when it can be saved. */
export function checkContact(fields: ContactFields): ContactProblem[] {
  const problems: ContactProblem[] = [];
  if (contactName(fields) === '') problems.push({ field: 'name', code: 'name' });

  const vatCode = fields.vat.code.trim();
  // A VAT number without its country is Italian, as contactKey reads it.
  const vatCountry = fields.vat.country.trim() || 'IT';
  if (vatCode !== '' && checkVatNumber(`${vatCountry}${vatCode}`) !== 'ok') {
    problems.push({ field: 'vat', code: 'vat' });
  }

  // 16 characters: a person's code and its check letter; 11 digits: a company's, checked as a partita IVA.
  // Any other shape is no Italian fiscal code at all (the schema allows 11 to 16 characters).
  const fiscalCode = fields.fiscalCode.trim();
  if (fiscalCode !== '' && !isValidCodiceFiscale(fiscalCode)) {
    problems.push({ field: 'fiscalCode', code: 'fiscalCode' });
  }

  const { channel } = fields.delivery;
  // The composer writes the code upper-cased, so a lower-case one is not a problem.
  const code = fields.delivery.code.trim().toUpperCase();
  if ((channel === 'code' || channel === 'pa') && !RECIPIENT_CODE[channel].test(code)) {
    problems.push({ field: 'delivery.code', code: 'recipientCode' });
  }
  // The PEC is required for the 'pec' channel, and written beside a code when given (to-invoice/transmission.ts).
  const pec = fields.delivery.pec.trim();
  if ((channel === 'pec' || (channel === 'code' && pec !== '')) && !EMAIL.test(pec)) {
    problems.push({ field: 'delivery.pec', code: 'pec' });
  }

  const iban = normalizeIban(fields.payment.iban);
  if (iban !== '' && !isValidIban(iban)) problems.push({ field: 'payment.iban', code: 'iban' });
  return problems;
}
