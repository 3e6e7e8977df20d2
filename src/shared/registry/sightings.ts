/**
 * The other party of one invoice file, as the registry learns it (learn.ts merges the sightings into contacts).
 *
 * Whose party is the company's follows the books (books/document-roles.ts): in a sent sale the counterparty is
 * the customer; in a received file, and in a document the buyer issues (integrations and self-invoices TD16–TD20,
 * TD28, which the company sends with itself as CessionarioCommittente), it is the supplier. What a file teaches
 * depends on that side:
 *
 * - delivery: only a sale the company sent names the customer's channel. Any other file's CodiceDestinatario and
 *   PEC are the company's own, so the sighting says 'none' (learn.ts never lets 'none' replace a channel).
 * - IBAN: on a sale the company sent, the payment details name the company's own account, not the customer's;
 *   the method and days still are the terms agreed with that customer. On a supplier's file it is where to pay.
 */
import { companyIsCustomer } from '../books/document-roles.ts';
import type { DeliveryChannel, DraftAddress, DraftDelivery } from '../fatturapa/compose/draft.ts';
import type {
  Address,
  DocumentReading,
  InvoiceReading,
  Party,
  Transmission,
} from '../fatturapa/reading/types.ts';
import { calendarDate } from '../fatturapa/reading/values.ts';
import {
  emptyContactFields,
  type ContactPayment,
  type ContactRole,
  type ContactSighting,
} from './contact.ts';

/**
 * The counterparty of a file the company sent or received, or null when it names nobody (no name, VAT number or
 * fiscal code) or names the company itself (TD21 and TD27 have one subject on both sides). A lotto is read by its
 * first document: all its documents share the parties.
 */
export function sightingOf(reading: InvoiceReading, kind: 'sent' | 'received'): ContactSighting | null {
  const document = reading.documents[0];
  const supplierSide = companyIsCustomer(kind, document?.type ?? '');
  const party = supplierSide ? reading.supplier : reading.customer;
  const own = supplierSide ? reading.customer : reading.supplier;
  const role: ContactRole = supplierSide ? 'supplier' : 'customer';
  if (party.name === '' && party.vat === null && party.fiscalCode === null) return null;
  if (sameSubject(party, own)) return null;

  const empty = emptyContactFields();
  const nature = document ? natureOf(document) : { nature: '', legalReference: '' };
  return {
    ...empty,
    // Denominazione, or Nome and Cognome (Party.name joins them; ContactFields keeps them apart).
    name: party.denomination ?? '',
    firstName: party.firstName ?? '',
    lastName: party.lastName ?? '',
    vat: party.vat === null ? empty.vat : { country: party.vat.slice(0, 2), code: party.vat.slice(2) },
    fiscalCode: party.fiscalCode ?? '',
    address: party.address === null ? empty.address : draftAddress(party.address),
    delivery: role === 'customer' ? deliveryOf(reading.transmission) : empty.delivery,
    payment: document ? paymentOf(document, role) : empty.payment,
    ...nature,
    role,
    date: calendarDate(document?.date) ?? '',
  };
}

/** Both sides carry the same VAT number or the same fiscal code. */
function sameSubject(a: Party, b: Party): boolean {
  if (a.vat !== null && a.vat === b.vat) return true;
  return a.fiscalCode !== null && a.fiscalCode.toUpperCase() === b.fiscalCode?.toUpperCase();
}

function draftAddress(address: Address): DraftAddress {
  return {
    street: address.street,
    number: address.streetNumber ?? '',
    postcode: address.postcode,
    town: address.town,
    province: address.province ?? '',
    country: address.country || 'IT',
  };
}

/** The channel a sent file's CodiceDestinatario and PECDestinatario name (as compose/from-invoice.ts reads it). */
export function deliveryOf(transmission: Pick<Transmission, 'recipientCode' | 'pec'>): DraftDelivery {
  const code = (transmission.recipientCode ?? '').trim().toUpperCase();
  const pec = (transmission.pec ?? '').trim();
  const channel = channelOf(code, pec);
  return {
    channel,
    code: channel === 'code' || channel === 'pa' ? code : '',
    // The composer writes a PEC beside a 7-character code too, so it is worth keeping there.
    pec: channel === 'pec' || channel === 'code' ? pec : '',
  };
}

/** DeliveryChannel of a recipient code and PEC; a code of another length (a broken file) teaches nothing. */
export function channelOf(code: string, pec: string): DeliveryChannel {
  if (code === 'XXXXXXX') return 'foreign';
  if (code === '0000000') return pec === '' ? 'none' : 'pec';
  if (code.length === 7) return 'code';
  if (code.length === 6) return 'pa';
  return 'none';
}

/** The first payment detail's terms; the IBAN only from a supplier (see the top of this file). */
function paymentOf(document: DocumentReading, role: ContactRole): ContactPayment {
  const detail = document.payments[0]?.details[0];
  if (detail === undefined) return { method: '', days: '', iban: '' };
  return {
    method: detail.method,
    days: detail.termsDays ?? '',
    iban: role === 'supplier' ? (detail.iban ?? '') : '',
  };
}

/**
 * The Natura of the first line that has one, with the legal wording the file gives it: the VAT summary row of
 * that nature (ordinary files), else the line's own RiferimentoNormativo (FSM10 has no summary).
 */
function natureOf(document: DocumentReading): { nature: string; legalReference: string } {
  const line = document.lines.find((candidate) => (candidate.nature ?? '') !== '');
  const nature = line?.nature ?? '';
  if (nature === '') return { nature: '', legalReference: '' };
  const row = document.vatSummary.find(
    (candidate) => candidate.nature === nature && (candidate.legalReference ?? '').trim() !== '',
  );
  return { nature, legalReference: row?.legalReference ?? line?.legalReference ?? '' };
}
